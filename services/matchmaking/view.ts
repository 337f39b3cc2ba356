/** What clients see of seeks and quick-play entries (GraphQL and REST alike): no address, no claim. */
import type { TimeControl } from '../app/app-events.js';
import type { SeekState } from './seek.js';
import type { PoolEntry } from './store.js';
import { parsePoolKey } from './service.js';

const iso = (ms: number) => `PT${ms / 1000}S`;
export const timeControlDto = (t: TimeControl | undefined) => (!t ? null : 'perMoveMs' in t ? { perMove: iso(t.perMoveMs), bank: null, increment: null } : { perMove: null, bank: iso(t.bankMs), increment: iso(t.incrementMs) });

export function seekDto(s: SeekState) {
  return {
    id: s.id,
    game: s.game,
    seats: s.seats,
    options: s.options ?? {},
    timeControl: timeControlDto(s.timeControl),
    rated: s.rated,
    ratingRange: s.ratingRange ? { min: s.ratingRange.min ?? null, max: s.ratingRange.max ?? null } : null,
    for: s.for ?? null,
    creator: s.creator,
    players: s.seated.map((p, seat) => ({ seat, player: p.player, name: p.name })),
    status: s.status,
    createdAt: s.createdAt,
    expiresAt: s.expiresAt,
    gameId: s.gameId ?? null,
  };
}

export function entryDto(e: PoolEntry) {
  const pool = parsePoolKey(e.pool);
  return { game: pool.game, seats: pool.seats, timeControl: timeControlDto(pool.timeControl), rated: pool.rated, bots: e.bots, rating: e.rating, enqueuedAt: new Date(e.enqueuedAt).toISOString(), gameId: e.gameId ?? null };
}
