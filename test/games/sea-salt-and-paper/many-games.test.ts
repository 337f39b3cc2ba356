import { describe, expect, it } from 'vitest';
import { fastRng, type TableState } from '../../../services/engine/core/index.js';
import type { Event } from '../../../services/engine/games/sea-salt-and-paper/events.js';
import type { Options } from '../../../services/engine/games/sea-salt-and-paper/options.js';
import { expectMoversCanMove } from '../../kit/playthrough.js';
import { game } from './helpers.js';
import { checker, OPTION_SETS } from './invariants.js';

/**
 * Many more games straight through the game's own functions (no table, no JSON round trips):
 * every legal move is accepted, and the game's invariants hold after every move.
 */
function direct(seats: number, games: number, options: (g: number) => Partial<Options>): number {
  let moves = 0;
  for (let g = 0; g < games; g++) {
    const o = options(g);
    const rng = fastRng(seats * 100_000 + g);
    const check = checker(o);
    const events: Event[] = [];
    let s = game.initialState({ seats, options: game.options.parse(o) });
    const apply = (produced: Event[]) => {
      events.push(...produced);
      s = produced.reduce(game.evolve, s);
      check({ play: s } as TableState, events);
    };
    apply(game.start(s, rng));
    while (!game.status(s).over) {
      const { toMove } = game.status(s);
      expectMoversCanMove(toMove, seats, (seat) => game.legalCommands(s, seat));
      const seat = toMove[0]!;
      const legal = game.legalCommands(s, seat);
      apply(game.decide(s, legal[rng.int(legal.length)]!, seat, rng));
      if (++moves > 5_000_000) throw new Error('no end');
    }
  }
  return moves;
}

describe('many random games through the game functions', () => {
  it.each([2, 3, 4])('%i seats: 700 games (mostly short: targetScore 6 to 10), every option set', (seats) => {
    const targetScore = (g: number) => (g % 20 === 0 ? null : 6 + (g % 5));
    expect(direct(seats, 700, (g) => ({ ...OPTION_SETS[g % OPTION_SETS.length], targetScore: targetScore(g) }))).toBeGreaterThan(0);
  });
});
