import { describe, expect, it } from 'vitest';
import { games } from '../../services/engine/registry.js';
import { GREEDY } from '../../services/bots/greedy/index.js';
import { checkBotFairness } from '../kit/bot-fairness.js';
import { highCard } from '../kit/high-card.js';

describe('bots decide from what their seat knows: a state differing only in the unknown gives the same move', () => {
  it('high card, every kind and level', () => {
    const r = checkBotFairness(highCard, { seats: 3, games: 20, specs: ['random', 'greedy', 'search:1', 'search:2'] });
    expect(r.compared).toBeGreaterThan(40);
    expect(r.differing).toBeGreaterThan(r.compared / 2);
    expect(checkBotFairness(highCard, { seats: 3, games: 5, positions: 8, specs: ['search:3'] }).compared).toBe(8);
  });

  for (const game of games) {
    for (const seats of [2, 4].filter((n) => n >= game.seats.min && n <= game.seats.max)) {
      it(`${game.id}, ${seats} seats: random, greedy, search:1 and search:2 at positions of greedy play; search:3 at fewer`, () => {
        const bot = GREEDY[game.id];
        const r = checkBotFairness(game, { seats, games: 3, every: 9, positions: 6, bot, specs: ['random', 'greedy', 'search:1', 'search:2'] });
        expect(r.compared).toBe(6);
        expect(r.differing).toBeGreaterThan(r.compared / 2);
        expect(checkBotFairness(game, { seats, games: 1, every: 11, positions: 2, bot, specs: ['search:3'], seed: 'deep' }).compared).toBe(2);
      });
    }
  }
});
