/**
 * Locally, tournaments follow their games in-process: after a commit that ends a tournament game
 * (or any later one), `gameCommitted` runs after the tournament's earlier work, without holding
 * up the caller. One queue per tournament keeps its appends from racing each other.
 */
import type { Aggregate } from '../app/aggregate.js';
import { KeyedQueue } from '../app/keyed-queue.js';
import type { Tournaments } from './service.js';

export class TournamentRunner {
  private readonly queue: KeyedQueue;

  constructor(
    private readonly tournaments: Tournaments,
    log: { error(details: object, message: string): void },
  ) {
    this.queue = new KeyedQueue(log);
  }

  schedule(agg: Aggregate): Promise<void> {
    const id = agg.app.settings.tournament?.id;
    if (id === undefined || !agg.state.ended) return Promise.resolve();
    return this.queue.push(id, () => this.tournaments.gameCommitted(agg), (e) => [{ err: e, tournament: id, gameId: agg.id }, 'tournament update failed']);
  }

  get busy(): boolean {
    return this.queue.busy;
  }

  idle(): Promise<void> {
    return this.queue.idle();
  }
}
