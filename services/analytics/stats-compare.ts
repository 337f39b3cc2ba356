/**
 * `stats --compare`: did the second run change the game? For each group both runs hold (the same
 * game, seat count and bot line-up; the option sets are what is compared): each seat's and each
 * turn position's win rate (two-proportion z-test and an interval on the difference), all seats
 * at once (chi-square between the runs), game length and scores (Mann–Whitney U over the games'
 * own values).
 */
import { chiSquareHomogeneity, mannWhitneyU, twoProportionTest, type ChiSquare, type ProportionTest, type RankTest } from './significance.js';
import type { Count, GroupStats, StatsReport } from './stats.js';

export interface GroupComparison {
  game: string;
  seats: number;
  lineup?: string;
  /** B against A, per seat. */
  winRateBySeat: (ProportionTest & { seat: number })[];
  /** B against A, per turn position (where both runs have a moves table). */
  winRateByTurnPosition: (ProportionTest & { position: number })[];
  betweenRuns: ChiSquare;
  moves: RankTest;
  scores: RankTest;
}

/** What a group is matched on between two runs: everything but the options. */
export const comparisonKey = (g: { game: string; seats: number; lineup?: string }) => `${g.game}/${g.seats}/${g.lineup ?? ''}`;

const values = (counts: Count[]) => counts.flatMap((c) => Array<number>(c.count).fill(c.value));
const wins = (g: GroupStats) => g.winRateBySeat.map((w) => w.wins);

export function compareRuns([a, b]: [StatsReport, StatsReport]): GroupComparison[] {
  return a.games.flatMap((ga): GroupComparison[] => {
    const gb = b.games.find((g) => comparisonKey(g) === comparisonKey(ga));
    if (!gb) return [];
    return [
      {
        game: ga.game,
        seats: ga.seats,
        ...(ga.lineup ? { lineup: ga.lineup } : {}),
        winRateBySeat: ga.winRateBySeat.map((w, seat) => ({ seat, ...twoProportionTest(w.wins, ga.n, gb.winRateBySeat[seat]!.wins, gb.n) })),
        winRateByTurnPosition: ga.winRateByTurnPosition.flatMap((p) => {
          const q = gb.winRateByTurnPosition.find((x) => x.position === p.position);
          return q ? [{ position: p.position, ...twoProportionTest(p.wins, p.n, q.wins, q.n) }] : [];
        }),
        betweenRuns: chiSquareHomogeneity([wins(ga), wins(gb)]),
        moves: mannWhitneyU(values(ga.distributions.moves), values(gb.distributions.moves)),
        scores: mannWhitneyU(values(ga.distributions.scoresBySeat.flat()), values(gb.distributions.scoresBySeat.flat())),
      },
    ];
  });
}
