/** Legal-move lists are complete (test/kit/completeness.ts): offered iff accepted, every seat count. */
import { describe, expect, it } from 'vitest';
import { scout } from '../../../services/engine/games/scout/index.js';
import { expectCompleteLegalMoves } from '../../kit/completeness.js';
import { scoutSpace } from './command-space.js';
import { gameSetup } from './playthrough-setup.js';

describe('legalCommands lists every move decide accepts, and only those', () => {
  it.each([2, 3, 4, 5])('%i seats, every option variant and bot', (seats) => {
    let checked = 0;
    for (let g = 0; g < 4; g++) {
      const { options, bot } = gameSetup(g * 7 + seats);
      checked += expectCompleteLegalMoves(scout, scoutSpace, { seats, options, bot, seed: `complete-${seats}-${g}`, botSeed: g, deepEvery: 1000, every: 10 });
    }
    expect(checked).toBeGreaterThan(10);
  });
});
