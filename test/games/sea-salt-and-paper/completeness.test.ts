/** Legal-move lists are complete (test/kit/completeness.ts): offered iff accepted, every seat count and option set. */
import { describe, expect, it } from 'vitest';
import { expectCompleteLegalMoves } from '../../kit/completeness.js';
import { seaSaltAndPaperSpace } from './command-space.js';
import { game } from './helpers.js';
import { OPTION_SETS } from './invariants.js';

describe('legalCommands lists every move decide accepts, and only those', () => {
  it.each([2, 3, 4])('%i seats, every option set', (seats) => {
    let checked = 0;
    for (const [g, options] of OPTION_SETS.entries()) {
      checked += expectCompleteLegalMoves(game, seaSaltAndPaperSpace, { seats, options: { targetScore: 12, ...options }, seed: `complete-${seats}-${g}`, botSeed: g, deepEvery: 1000, every: 10 });
    }
    expect(checked).toBeGreaterThan(30);
  });
});
