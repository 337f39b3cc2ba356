/**
 * `stats --compare`: did the second run change the game? For each game and seat count both runs
 * hold, with the same option sets and line-ups within each run: each seat's win rate (two-
 * proportion z-test and an interval on the difference), all seats at once (chi-square between
 * the runs), game length and scores (Mann–Whitney U over the games' own values).
 */
import { GAMES_FILE } from './ndjson.js';
import { duckdb, GAMES_COLUMNS } from './parquet.js';
import { chiSquareHomogeneity, mannWhitneyU, twoProportionTest, type ChiSquare, type ProportionTest, type RankTest } from './significance.js';
import { source, type GroupStats, type StatsReport } from './stats.js';

export interface GroupComparison {
  game: string;
  seats: number;
  /** B against A, per seat. */
  winRateBySeat: (ProportionTest & { seat: number })[];
  betweenRuns: ChiSquare;
  moves: RankTest;
  scores: RankTest;
}

type Samples = Map<string, { moves: number[]; scores: number[] }>;
const key = (g: { game: string; seats: number }) => `${g.game}/${g.seats}`;

async function samples(dir: string): Promise<Samples> {
  const db = await duckdb();
  try {
    const rows = (await db.runAndReadAll(`SELECT type, seats, moves, result.scores AS scores FROM ${source(dir, GAMES_FILE, GAMES_COLUMNS)} WHERE result IS NOT NULL`)).getRowObjectsJson() as { type: string; seats: number; moves: number; scores: number[] }[];
    const out: Samples = new Map();
    for (const r of rows) {
      const k = key({ game: r.type, seats: r.seats });
      if (!out.has(k)) out.set(k, { moves: [], scores: [] });
      out.get(k)!.moves.push(Number(r.moves));
      out.get(k)!.scores.push(...r.scores.map(Number));
    }
    return out;
  } finally {
    db.closeSync();
  }
}

export async function compareRuns(dirs: [string, string], reports: [StatsReport, StatsReport]): Promise<GroupComparison[]> {
  const [sa, sb] = await Promise.all(dirs.map(samples));
  return reports[0].games.flatMap((a): GroupComparison[] => {
    const b = reports[1].games.find((g) => key(g) === key(a));
    if (!b) return [];
    const [xa, xb] = [sa!.get(key(a))!, sb!.get(key(a))!];
    return [
      {
        game: a.game,
        seats: a.seats,
        winRateBySeat: a.winRateBySeat.map((w, seat) => ({ seat, ...twoProportionTest(w.wins, a.n, b.winRateBySeat[seat]!.wins, b.n) })),
        betweenRuns: chiSquareHomogeneity([wins(a), wins(b)]),
        moves: mannWhitneyU(xa.moves, xb.moves),
        scores: mannWhitneyU(xa.scores, xb.scores),
      },
    ];
  });
}

const wins = (g: GroupStats) => g.winRateBySeat.map((w) => w.wins);
