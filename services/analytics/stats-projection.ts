/**
 * The headline statistics as a read model kept in the table: each finished game adds itself to
 * its (game type, seat count) counters once, so `Query.stats` reads a handful of counter items
 * instead of scanning history. Fed in-process after each commit locally (service.onCommit) and
 * from DynamoDB Streams on AWS, by the same code; idempotent, since streams redeliver.
 */
import type { GameEnded } from '../engine/core/index.js';
import type { Projection } from '../app/projections.js';
import type { Commit } from '../store/port.js';
import type { StatsStore } from '../store/read-models.js';

/** The counters as the API reads them. */
export type { StatsCounters } from '../store/read-models.js';

/** The event that ends the game, if this commit holds it. */
export const gameEndedIn = (commit: Commit): GameEnded | undefined => commit.events.find((e) => (e as { type: string }).type === 'GameEnded') as GameEnded | undefined;

export function statsProjection(store: StatsStore): Projection {
  return {
    name: 'stats',
    async apply(agg, commit) {
      const ended = gameEndedIn(commit);
      if (!ended) return;
      const { game, seats } = agg.state;
      await store.add({ gameId: agg.id, game, seats, winners: ended.result.winners, commits: commit.version, moves: commit.version - 1 - seats, endedAt: commit.at });
    },
  };
}
