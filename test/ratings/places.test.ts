/** How a result becomes places (services/ratings/outcome.ts ranksOf). */
import { describe, expect, it } from 'vitest';
import { ranksOf } from '../../services/ratings/outcome.js';

describe('places from a result', () => {
  it('the winners first, then the others by score, higher better where the winners scored highest', () => {
    expect(ranksOf([30, 10, 20, 5], [0], [])).toEqual([0, 2, 1, 3]);
  });
  it('lower better where the winners scored lowest (Silver)', () => {
    expect(ranksOf([3, 12, 7], [0], [])).toEqual([0, 2, 1]);
  });
  it('tied seats share a place (competition ranking)', () => {
    expect(ranksOf([9, 9, 4], [0, 1], [])).toEqual([0, 0, 2]);
    expect(ranksOf([9, 4, 4], [0], [])).toEqual([0, 1, 1]);
  });
  it('a seat that resigned or forfeited is last whatever it scored, even as a winner', () => {
    expect(ranksOf([10, 3], [0], [0])).toEqual([1, 0]);
    expect(ranksOf([10, 8, 3], [0], [1])).toEqual([0, 2, 1]);
  });
  it('a leaver’s stand-in score does not decide which way the others rank', () => {
    // Seat 0 left with a high stand-in score; seat 1 won with 5: higher is better, so 4 beats 3.
    expect(ranksOf([10, 5, 3, 4], [1], [0])).toEqual([3, 0, 2, 1]);
  });
  it('every seat left (no winner): they all share the last place, a draw', () => {
    expect(ranksOf([7, 2], [], [0, 1])).toEqual([0, 0]);
  });
});
