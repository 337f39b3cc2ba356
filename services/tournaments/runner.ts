/**
 * Locally, tournaments follow their games in-process: after a commit that ends a tournament game
 * (or any later one), `gameCommitted` runs after the tournament's earlier work, without holding
 * up the caller. One queue per tournament keeps its appends from racing each other.
 */
import type { Aggregate } from '../app/aggregate.js';
import type { Tournaments } from './service.js';

export class TournamentRunner {
  private readonly queues = new Map<string, Promise<void>>();

  constructor(
    private readonly tournaments: Tournaments,
    private readonly log: { error(details: object, message: string): void },
  ) {}

  schedule(agg: Aggregate): void {
    const id = agg.app.settings.tournament?.id;
    if (id === undefined || !agg.state.ended) return;
    const run = (this.queues.get(id) ?? Promise.resolve())
      .then(() => this.tournaments.gameCommitted(agg))
      .catch((e: unknown) => this.log.error({ err: e, tournament: id, gameId: agg.id }, 'tournament update failed'))
      .finally(() => {
        if (this.queues.get(id) === run) this.queues.delete(id);
      });
    this.queues.set(id, run);
  }

  get busy(): boolean {
    return this.queues.size > 0;
  }

  async idle(): Promise<void> {
    while (this.queues.size) await Promise.all([...this.queues.values()]);
  }
}
