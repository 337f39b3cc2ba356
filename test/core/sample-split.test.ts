/**
 * splitWhere (services/engine/core/sample-split.ts): unseen cards split into a hand and the rest
 * under a public constraint. The split is always a partition of the pool, a split that fits is
 * always found (by walking every split when random tries miss), and none is invented.
 */
import { describe, expect, it } from 'vitest';
import { fastRng, splitWhere } from '../../services/engine/core/index.js';

const POOL = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);

describe('splitWhere', () => {
  it('deals a hand of the asked size and the rest, together the whole pool', () => {
    const { hand, rest } = splitWhere(POOL, 4, fastRng(1), () => true);
    expect(hand).toHaveLength(4);
    expect(sorted([...hand, ...rest])).toEqual(POOL);
  });

  it('finds the one split that fits even when no random try does', () => {
    const only = (s: { hand: number[] }) => sorted(s.hand).join() === '2,5,9';
    for (let seed = 1; seed <= 10; seed++) expect(sorted(splitWhere(POOL, 3, fastRng(seed), only, 0).hand)).toEqual([2, 5, 9]);
  });

  it('accepts only splits that fit', () => {
    const rng = fastRng(3);
    for (let k = 0; k < 100; k++) expect(splitWhere(POOL, 5, rng, (s) => s.hand.includes(10)).hand).toContain(10);
  });

  it('throws when no split fits (the view and the constraint disagree)', () => {
    expect(() => splitWhere(POOL, 3, fastRng(1), () => false)).toThrow(/no split/);
    expect(() => splitWhere(POOL, 11, fastRng(1), () => true)).toThrow();
  });
});
