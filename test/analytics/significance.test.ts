/**
 * The statistics' tests against reference values (scipy 1.17: norm.sf, chi2.sf, chisquare,
 * chi2_contingency without correction, mannwhitneyu asymptotic), including the issue's case:
 * 1000 against 1073 wins in 3000 games each is p = 0.0475, a difference intervals that merely
 * fail to be disjoint would not flag.
 */
import { describe, expect, it } from 'vitest';
import { chiSquareHomogeneity, chiSquareUpperTail, holm, mannWhitneyU, seatBalanceTest, twoProportionTest } from '../../services/analytics/significance.js';

describe('significance tests match reference values', () => {
  it('two-proportion z-test: 1000/3000 against 1073/3000 is z = 1.9818, p = 0.0475; the interval on the difference excludes 0', () => {
    const t = twoProportionTest(1000, 3000, 1073, 3000);
    expect(t.z).toBeCloseTo(1.98183906, 5);
    expect(t.p).toBeCloseTo(0.04749726, 5);
    expect(t.diff).toBeCloseTo(73 / 3000, 10);
    expect(t.low).toBeGreaterThan(0);
    expect(t.high).toBeGreaterThan(t.diff);
    expect(twoProportionTest(500, 1000, 500, 1000)).toMatchObject({ diff: 0, z: 0, p: 1 });
  });

  it('chi-square upper tail for 1 to 5 degrees of freedom', () => {
    expect(chiSquareUpperTail(7.5, 1)).toBeCloseTo(0.0061699, 6);
    expect(chiSquareUpperTail(7.5, 2)).toBeCloseTo(0.02351775, 6);
    expect(chiSquareUpperTail(7.5, 3)).toBeCloseTo(0.05755845, 6);
    expect(chiSquareUpperTail(7.5, 4)).toBeCloseTo(0.11170929, 6);
    expect(chiSquareUpperTail(12.3, 5)).toBeCloseTo(0.03090046, 6);
  });

  it('seat balance within a run: wins 120/100/80 against an even share is chi2 = 8, p = 0.0183', () => {
    const t = seatBalanceTest([120, 100, 80]);
    expect(t).toMatchObject({ chi2: 8, df: 2 });
    expect(t.p).toBeCloseTo(0.01831564, 6);
  });

  it('between runs: wins by seat 120/100/80 against 100/100/100 is chi2 = 4.0404, df 2, p = 0.1326', () => {
    const t = chiSquareHomogeneity([
      [120, 100, 80],
      [100, 100, 100],
    ]);
    expect(t.chi2).toBeCloseTo(4.04040404, 6);
    expect(t.df).toBe(2);
    expect(t.p).toBeCloseTo(0.13262867, 6);
  });

  it('Mann–Whitney U, without and with ties', () => {
    const plain = mannWhitneyU([19, 22, 16, 29, 24], [20, 11, 17, 12]);
    expect(plain.u).toBe(17);
    expect(plain.p).toBeCloseTo(0.11134689, 5);
    const tied = mannWhitneyU([1, 2, 2, 3, 3, 3, 4, 5], [3, 4, 4, 5, 5, 6, 7, 7, 8]);
    expect(tied.u).toBe(7.5);
    expect(tied.p).toBeCloseTo(0.00637313, 5);
    expect([tied.medianA, tied.medianB]).toEqual([3, 5]);
  });

  it('Holm’s adjustment (statsmodels multipletests holm): 0.01, 0.04, 0.03, 0.005 become 0.03, 0.06, 0.06, 0.02, in the input’s order', () => {
    const adjusted = holm([0.01, 0.04, 0.03, 0.005]);
    [0.03, 0.06, 0.06, 0.02].forEach((p, i) => expect(adjusted[i]).toBeCloseTo(p, 12));
    // Never above 1, never below the raw value; one test is its own family.
    expect(holm([0.5, 0.6, 0.9])).toEqual([1, 1, 1]);
    expect(holm([0.02])).toEqual([0.02]);
  });
});
