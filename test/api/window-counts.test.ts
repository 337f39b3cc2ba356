/**
 * The per-minute counts behind the rate limits (services/api/limits/rate.ts): the allowance per
 * key and window, the wait a refusal names, a new window after the old one ends, and memory
 * bounded by keys. Time is passed in: nothing here waits.
 */
import { describe, expect, it } from 'vitest';
import { WindowCounts } from '../../services/api/limits/rate.js';

const MINUTE = 60_000;

describe('WindowCounts', () => {
  it('allows max requests a window per key, then names the seconds until the window ends', () => {
    const counts = new WindowCounts(3, MINUTE);
    expect([0, 1, 2].map((i) => counts.hit('a', 1000 + i))).toEqual([0, 0, 0]);
    expect(counts.hit('a', 1000 + 20_500)).toBe(40); // 39.5 s left, rounded up
    expect(counts.hit('b', 1000 + 20_500)).toBe(0); // another key has its own allowance
    expect(counts.hit('a', 1000 + MINUTE - 1)).toBe(1);
  });

  it('starts a new window when the old one is over', () => {
    const counts = new WindowCounts(1, MINUTE);
    expect(counts.hit('a', 0)).toBe(0);
    expect(counts.hit('a', MINUTE - 1)).toBeGreaterThan(0);
    expect(counts.hit('a', MINUTE)).toBe(0);
    expect(counts.hit('a', MINUTE + 1)).toBeGreaterThan(0);
  });

  it('remembers at most maxKeys keys, dropping the one whose window began first', () => {
    const counts = new WindowCounts(1, MINUTE, 3);
    for (const [i, key] of ['a', 'b', 'c'].entries()) counts.hit(key, i);
    expect(counts.hit('a', 10)).toBeGreaterThan(0); // still counted: a hit does not move a key
    counts.hit('d', 11); // over the bound: 'a', the oldest window, goes
    expect(counts.size).toBe(3);
    expect(counts.hit('b', 12)).toBeGreaterThan(0);
    expect(counts.hit('a', 13)).toBe(0); // forgotten, so a fresh allowance
    expect(counts.size).toBe(3);
  });
});
