/**
 * `stats --compare`: did the second run change the game? For each group both runs hold (the same
 * game, seat count and line-up; the option sets are what is compared): each seat's and each
 * start position's win rate (two-proportion z-test and an interval on the difference), all seats
 * at once (chi-square between the runs), game length and scores (Mann–Whitney U over the games'
 * own values). Every test of the comparison is one family: each p-value also comes Holm-adjusted
 * over all of them (`pHolm`), since many raw p-values at once will show "effects" by chance.
 */
import { chiSquareHomogeneity, holm, mannWhitneyU, twoProportionTest, type ChiSquare, type ProportionTest, type RankTest } from './significance.js';
import type { Count, GroupStats, StatsReport } from './stats.js';

export interface GroupComparison {
  game: string;
  seats: number;
  lineup?: string;
  /** B against A, per seat. */
  winRateBySeat: (ProportionTest & Adjusted & { seat: number })[];
  /** B against A, per start position (where both runs' games name their start seats). */
  winRateByStartPosition: (ProportionTest & Adjusted & { position: number })[];
  betweenRuns: ChiSquare & Adjusted;
  moves: RankTest & Adjusted;
  scores: RankTest & Adjusted;
}

/** A p-value adjusted by Holm's method over every test of the comparison (all groups). */
export interface Adjusted {
  pHolm: number;
}

/** The tests of a comparison, each with its raw and adjusted p-value: how many were run. */
export const testsOf = (cs: GroupComparison[]): Adjusted[] => cs.flatMap((c) => [...c.winRateBySeat, ...c.winRateByStartPosition, c.betweenRuns, c.moves, c.scores]);

/** What a group is matched on between two runs: everything but the options. */
export const comparisonKey = (g: { game: string; seats: number; lineup?: string }) => `${g.game}/${g.seats}/${g.lineup ?? ''}`;

const values = (counts: Count[]) => counts.flatMap((c) => Array<number>(c.count).fill(c.value));
const wins = (g: GroupStats) => g.winRateBySeat.map((w) => w.wins);

export function compareRuns(runs: [StatsReport, StatsReport]): GroupComparison[] {
  const raw = rawComparisons(runs);
  // Holm over the whole family: the adjusted value is written beside each raw one, in place.
  const tests = testsOf(raw) as (Adjusted & { p: number })[];
  holm(tests.map((t) => t.p)).forEach((p, i) => (tests[i]!.pHolm = p));
  return raw;
}

function rawComparisons([a, b]: [StatsReport, StatsReport]): GroupComparison[] {
  const pending = { pHolm: NaN };
  return a.games.flatMap((ga): GroupComparison[] => {
    const gb = b.games.find((g) => comparisonKey(g) === comparisonKey(ga));
    if (!gb) return [];
    return [
      {
        game: ga.game,
        seats: ga.seats,
        ...(ga.lineup ? { lineup: ga.lineup } : {}),
        winRateBySeat: ga.winRateBySeat.map((w, seat) => ({ seat, ...twoProportionTest(w.wins, ga.n, gb.winRateBySeat[seat]!.wins, gb.n), ...pending })),
        winRateByStartPosition: ga.winRateByStartPosition.flatMap((p) => {
          const q = gb.winRateByStartPosition.find((x) => x.position === p.position);
          return q ? [{ position: p.position, ...twoProportionTest(p.wins, p.n, q.wins, q.n), ...pending }] : [];
        }),
        betweenRuns: { ...chiSquareHomogeneity([wins(ga), wins(gb)]), ...pending },
        moves: { ...mannWhitneyU(values(ga.distributions.moves), values(gb.distributions.moves)), ...pending },
        scores: { ...mannWhitneyU(values(ga.distributions.scoresBySeat.flat()), values(gb.distributions.scoresBySeat.flat())), ...pending },
      },
    ];
  });
}
