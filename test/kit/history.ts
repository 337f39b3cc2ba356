/** A table history around arranged game events: the game created, every seat taken, then `events`. */
import type { AnyGame, TableEvent } from '../../services/engine/core/index.js';

export function tableHistory(game: AnyGame, seats: number, options: unknown, events: readonly TableEvent[]): TableEvent[] {
  return [
    { type: 'GameCreated', game: game.id, seats, options: game.options.parse(options ?? {}), seedHash: 'hash', seedFixed: true, seed: 'seed' },
    ...Array.from({ length: seats }, (_, seat) => ({ type: 'SeatTaken', seat, name: `p${seat}`, tokenHash: `t${seat}` })),
    ...events,
  ];
}
