/** Fills a real table with bot-played games, commit by commit through the event store port. */
import { randomUUID } from 'node:crypto';
import { botGame } from '../../services/analytics/bot-game.js';
import type { AnyGame } from '../../services/engine/core/index.js';
import type { EventStore } from '../../services/store/port.js';

export async function storeBotGame(store: EventStore, game: AnyGame, o: { seats: number; botSeed: number; options?: unknown; maxMoves?: number; now?: () => string }) {
  const id = randomUUID();
  const commits = botGame(game, { ...o, seed: `seed-${o.botSeed}` });
  for (const c of commits) await store.append(id, c.version - 1, { events: c.events, seat: c.seat, command: c.command });
  return { id, commits };
}
