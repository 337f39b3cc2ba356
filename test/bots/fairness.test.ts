/**
 * Non-interference for bots (test/kit/bot-fairness.ts): a toy game here at every kind and level,
 * each registered game in its own file (test/bots/fairness-<id>.test.ts), and a check that no game
 * of the registry goes without one.
 */
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { games } from '../../services/engine/registry.js';
import { checkBotFairness } from '../kit/bot-fairness.js';
import { highCard } from '../kit/high-card.js';

describe('bots decide from what their seat knows: a state differing only in the unknown gives the same move', () => {
  it('high card, every kind and level', () => {
    const r = checkBotFairness(highCard, { seats: 3, games: 20, specs: ['random', 'greedy', 'search:1', 'search:2'] });
    expect(r.compared).toBeGreaterThan(40);
    expect(r.differing).toBeGreaterThan(r.compared / 2);
    expect(checkBotFairness(highCard, { seats: 3, games: 5, positions: 8, specs: ['search:3'] }).compared).toBe(8);
  });

  it('every game of the registry has its file, and each file names a game of the registry', () => {
    const files = readdirSync(new URL('.', import.meta.url)).flatMap((f) => /^fairness-(.+)\.test\.ts$/.exec(f)?.[1] ?? []);
    expect(files.sort()).toEqual(games.map((g) => g.id).sort());
  });
});
