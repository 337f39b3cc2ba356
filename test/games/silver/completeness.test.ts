/** Legal-move lists are complete (test/kit/completeness.ts): offered iff accepted, every seat count and edition. */
import { describe, expect, it } from 'vitest';
import { silver } from '../../../services/engine/games/silver/index.js';
import { expectCompleteLegalMoves } from '../../kit/completeness.js';
import { silverSpace } from './command-space.js';
import { typeBot } from './helpers.js';

describe('legalCommands lists every move decide accepts, and only those', () => {
  it.each([2, 3, 4])('%i seats, every edition, the promo cards and the bullet token', (seats) => {
    let checked = 0;
    for (const [g, edition] of (['dagger', 'coin', 'amulet'] as const).entries()) {
      const mix = g === 0 ? { '0': 'promo', '3': 'promo', '5': 'promo', '12': 'promo' } : undefined;
      const token = g === 2 ? 'bullet' : undefined;
      checked += expectCompleteLegalMoves(silver, silverSpace, { seats, options: { edition, mix, token, rounds: 1 }, seed: `complete-${seats}-${edition}`, botSeed: g, bot: typeBot, deepEvery: 1000, every: 6 });
    }
    expect(checked).toBeGreaterThan(30);
  });
});
