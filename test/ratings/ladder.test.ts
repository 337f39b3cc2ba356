/** The ladder calibration's arithmetic and its runner (services/ratings/ladder.ts). */
import { describe, expect, it } from 'vitest';
import { kendallTau, runLadder } from '../../services/ratings/ladder.js';
import { findGame } from '../../services/engine/registry.js';

describe('Kendall’s τ against the known order', () => {
  it('is 1 in order, −1 reversed, and counts discordant pairs between', () => {
    expect(kendallTau([1, 2, 3, 4, 5])).toBe(1);
    expect(kendallTau([5, 4, 3, 2, 1])).toBe(-1);
    expect(kendallTau([1, 2, 3, 5, 4])).toBe(0.8); // one pair of ten swapped
  });
});

describe('the ladder run', () => {
  it('rates a clearly stronger bot above a weaker one within a few games, and says after how many τ = 1 held', () => {
    const report = runLadder({ game: findGame('scout')!, bots: ['random', 'greedy'], seed: 'test', maxGames: 12 });
    expect(report.played).toBe(12);
    expect(report.tau).toBe(1);
    expect(report.n).not.toBeNull();
    expect(report.final[1]!.rating).toBeGreaterThan(report.final[0]!.rating);
  });

  it('is reproducible: the same seed gives the same ratings', () => {
    const run = () => runLadder({ game: findGame('scout')!, bots: ['random', 'greedy'], seed: 'again', maxGames: 6 }).final;
    expect(run()).toEqual(run());
  });
});
