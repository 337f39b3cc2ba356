/**
 * The tests `npm run stats` reports, on simple-statistics (error function, gamma, Wilcoxon rank
 * sum) rather than hand-rolled numerics:
 * - two proportions (a seat's win rate in two runs): z-test with the pooled rate, and a 95%
 *   interval on the difference (unpooled standard error);
 * - chi-square: seat balance within a run (wins against an even share) and homogeneity of the
 *   seats' wins between two runs; its p-value exact for the integer degrees of freedom used here;
 * - Mann–Whitney U (game length, scores between runs), normal approximation with tie and
 *   continuity corrections (as scipy's `mannwhitneyu(..., method='asymptotic')`);
 * - Holm's step-down adjustment of a family of p-values (as statsmodels' `multipletests(..., 'holm')`).
 */
import { errorFunction, gamma, wilcoxonRankSum } from 'simple-statistics';

const Z95 = 1.959963984540054;

/** P(Z > z) for a standard normal Z. */
export const normalUpperTail = (z: number) => 0.5 * (1 - errorFunction(z / Math.SQRT2));
const twoSided = (z: number) => Math.min(1, 2 * normalUpperTail(Math.abs(z)));

export interface ProportionTest {
  /** Rate in B minus rate in A, and its 95% interval. */
  diff: number;
  low: number;
  high: number;
  z: number;
  p: number;
}

export function twoProportionTest(winsA: number, nA: number, winsB: number, nB: number): ProportionTest {
  const [pA, pB] = [winsA / nA, winsB / nB];
  const pooled = (winsA + winsB) / (nA + nB);
  const se0 = Math.sqrt(pooled * (1 - pooled) * (1 / nA + 1 / nB));
  const se = Math.sqrt((pA * (1 - pA)) / nA + (pB * (1 - pB)) / nB);
  const z = se0 === 0 ? 0 : (pB - pA) / se0;
  return { diff: pB - pA, low: pB - pA - Z95 * se, high: pB - pA + Z95 * se, z, p: se0 === 0 ? 1 : twoSided(z) };
}

/** P(X > x) for X chi-square with integer `df` ≥ 1 (closed form: erfc and e^(-x/2) series). */
export function chiSquareUpperTail(x: number, df: number): number {
  if (!Number.isInteger(df) || df < 1) throw new Error(`chi-square degrees of freedom must be a positive integer, not ${df}`);
  if (x <= 0) return 1;
  let k = df % 2 === 1 ? 1 : 2;
  let q = k === 1 ? 1 - errorFunction(Math.sqrt(x / 2)) : Math.exp(-x / 2);
  // Q(x; k + 2) = Q(x; k) + (x/2)^(k/2) e^(-x/2) / Γ(k/2 + 1)
  for (; k < df; k += 2) q += Math.exp((k / 2) * Math.log(x / 2) - x / 2) / gamma(k / 2 + 1);
  return Math.min(1, Math.max(0, q));
}

export interface ChiSquare {
  chi2: number;
  df: number;
  p: number;
}

/** Are wins spread evenly over the seats? Goodness of fit of each seat's wins to total / seats. */
export function seatBalanceTest(wins: readonly number[]): ChiSquare {
  const total = wins.reduce((a, b) => a + b, 0);
  const expected = total / wins.length;
  const chi2 = expected === 0 ? 0 : wins.reduce((s, w) => s + (w - expected) ** 2 / expected, 0);
  return { chi2, df: wins.length - 1, p: chiSquareUpperTail(chi2, wins.length - 1) };
}

/** Homogeneity of a table of counts (rows: runs, columns: categories, e.g. wins by seat). */
export function chiSquareHomogeneity(table: readonly (readonly number[])[]): ChiSquare {
  const rowSums = table.map((r) => r.reduce((a, b) => a + b, 0));
  const colSums = table[0]!.map((_, j) => table.reduce((s, r) => s + r[j]!, 0));
  const total = rowSums.reduce((a, b) => a + b, 0);
  let chi2 = 0;
  for (const [i, r] of table.entries()) {
    for (const [j, observed] of r.entries()) {
      const expected = (rowSums[i]! * colSums[j]!) / total;
      if (expected > 0) chi2 += (observed - expected) ** 2 / expected;
    }
  }
  const df = (table.length - 1) * (colSums.filter((c) => c > 0).length - 1);
  return { chi2, df, p: df < 1 ? 1 : chiSquareUpperTail(chi2, df) };
}

export interface RankTest {
  /** U of sample A; the medians of both samples. */
  u: number;
  medianA: number;
  medianB: number;
  z: number;
  p: number;
}

export function mannWhitneyU(a: readonly number[], b: readonly number[]): RankTest {
  const [n1, n2] = [a.length, b.length];
  const u = wilcoxonRankSum([...a], [...b]) - (n1 * (n1 + 1)) / 2;
  const n = n1 + n2;
  const counts = new Map<number, number>();
  for (const x of [...a, ...b]) counts.set(x, (counts.get(x) ?? 0) + 1);
  const ties = [...counts.values()].reduce((s, t) => s + t ** 3 - t, 0);
  const sigma = Math.sqrt(((n1 * n2) / 12) * (n + 1 - ties / (n * (n - 1))));
  const delta = u - (n1 * n2) / 2;
  const z = sigma === 0 ? 0 : (delta - Math.sign(delta) * 0.5) / sigma;
  return { u, medianA: median(a), medianB: median(b), z, p: sigma === 0 ? 1 : twoSided(z) };
}

function median(xs: readonly number[]): number {
  const s = [...xs].sort((x, y) => x - y);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/**
 * Holm's adjustment: the i-th smallest of m p-values becomes max over j ≤ i of min(1, (m − j + 1)·p(j)),
 * in the input's order. It controls the chance of any false "effect" in the family at the level
 * read off, with no assumption about how the tests depend on each other.
 */
export function holm(ps: readonly number[]): number[] {
  const m = ps.length;
  const order = ps.map((p, i) => ({ p, i })).sort((a, b) => a.p - b.p);
  const out = Array<number>(m);
  let running = 0;
  for (const [rank, { p, i }] of order.entries()) {
    running = Math.max(running, Math.min(1, (m - rank) * p));
    out[i] = running;
  }
  return out;
}
