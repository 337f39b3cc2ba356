/**
 * SCOUT's legal moves are shared values (built once, frozen): a caller that tries to change one
 * gets an error, and the next list, for any game, is unchanged.
 */
import { describe, expect, it } from 'vitest';
import { fastRng } from '../../../services/engine/core/index.js';
import type { State } from '../../../services/engine/games/scout/state.js';
import { scout } from './fixtures.js';

/** A 4-seat game played at random until `seat` may scout. */
function scoutingTurn(): { s: State; seat: number } {
  const rng = fastRng(3);
  let s = scout.initialState({ seats: 4, options: scout.options.parse({}) });
  s = scout.start(s, rng).reduce(scout.evolve, s);
  for (;;) {
    const seat = scout.status(s).toMove[0]!;
    const moves = scout.legalCommands(s, seat);
    if (moves.some((m) => m.type === 'scout')) return { s, seat };
    s = scout.decide(s, moves[rng.int(moves.length)]!, seat, rng).reduce(scout.evolve, s);
  }
}

describe('legal moves are shared, frozen values', () => {
  it('changing a listed move throws, and the next list still holds the move as it was', () => {
    const { s, seat } = scoutingTurn();
    const moves = scout.legalCommands(s, seat);
    const before = JSON.stringify(moves);
    const scoutMove = moves.find((m) => m.type === 'scout')!;
    expect(() => Object.assign(scoutMove, { at: 99 })).toThrow(TypeError);
    expect(() => ((moves[0] as { from?: number }).from = 98)).toThrow(TypeError);
    expect(JSON.stringify(scout.legalCommands(s, seat))).toBe(before);
  });

  it('a list is a new array each time: a caller may sort or trim its own copy', () => {
    const { s, seat } = scoutingTurn();
    const first = scout.legalCommands(s, seat);
    const length = first.length;
    first.splice(0, length);
    expect(scout.legalCommands(s, seat)).toHaveLength(length);
  });
});
