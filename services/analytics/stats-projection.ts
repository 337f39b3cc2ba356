/**
 * The headline statistics as a read model kept in the table: each finished game adds itself to
 * its (game type, seat count, option set, line-up) counters once, so `Query.stats` reads a handful
 * of counter items instead of scanning history. Fed in-process after each commit locally
 * (service.onCommit) and from DynamoDB Streams on AWS, by the same code; idempotent, since streams
 * redeliver. What it counts is what the export says of the game (`gameFacts`, read from the game's
 * history once, when it ends): the same option set, line-up (a bot's or resigned seat is never a
 * person's) and moves (a resignation is not one) as `npm run stats`; a tie splits the win.
 */
import type { GameEnded } from '../engine/core/index.js';
import type { Projection } from '../app/projections.js';
import type { Commit } from '../store/port.js';
import type { StatsStore } from '../store/read-models.js';
import { moveCount } from './ndjson.js';
import { gameFacts } from './record.js';
import { lineupOf } from './seats.js';

/** The counters as the API reads them. */
export type { StatsCounters } from '../store/read-models.js';

/** The event that ends the game, if this commit holds it. */
export const gameEndedIn = (commit: Commit): GameEnded | undefined => commit.events.find((e) => (e as { type: string }).type === 'GameEnded') as GameEnded | undefined;

/** `history`: a game's commits, oldest first (the event store's). */
export function statsProjection(store: StatsStore, history: (gameId: string) => Promise<Commit[]>): Projection {
  return {
    name: 'stats',
    async apply(agg, commit) {
      const ended = gameEndedIn(commit);
      if (!ended) return;
      // The game as it stood at its end (later commits, such as a rematch's link, are not its play).
      const commits = (await history(agg.id)).filter((c) => c.version <= commit.version);
      const facts = gameFacts(agg.id, commits);
      if (!facts?.result) return;
      await store.add({
        gameId: agg.id,
        game: facts.type,
        seats: facts.seats,
        options: facts.options,
        lineup: lineupOf(facts.botSeats),
        winners: facts.result.winners,
        commits: commit.version,
        moves: moveCount(commits),
        endedAt: commit.at,
      });
    },
  };
}
