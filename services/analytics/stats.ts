/**
 * `npm run stats`: figures over an export directory (from `npm run export` or `npm run simulate`),
 * computed by DuckDB, per game type and seat count: games; each seat's win rate with a 95% Wilson
 * interval (a tie splits the win between its winners), the tie rate and a chi-square of seat balance; game length in moves, commits and wall time;
 * the score distribution; and each game's own figures (figures.ts).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { FIGURES } from './figures.js';
import { EVENTS_COLUMNS, GAMES_COLUMNS, duckdb, readNdjson } from './parquet.js';
import { EVENTS_FILE, GAMES_FILE } from './ndjson.js';
import { wilson } from './wilson.js';
import { seatBalanceTest, type ChiSquare } from './significance.js';

export { wilson };

export interface SeatWins {
  seat: number;
  /** Wins, a tie split between its winners (a 2-way tie is half a win each). */
  wins: number;
  rate: number;
  /** 95% Wilson score interval of the rate. */
  low: number;
  high: number;
}

export interface Spread {
  median: number;
  p90: number;
}

export interface GroupStats {
  game: string;
  seats: number;
  n: number;
  /** The run's options (from the games themselves), and how many distinct option sets the group holds. */
  options: unknown;
  optionSets: number;
  /** Share of games won by more than one seat (each then gets an equal part of the win). */
  tieRate: number;
  winRateBySeat: SeatWins[];
  /** Chi-square of the seats' wins against an even share: is the game balanced between seats? */
  balance: ChiSquare;
  length: { moves: Spread; commits: Spread; seconds: Spread };
  scores: { mean: number; min: number; p25: number; median: number; p75: number; max: number; winnerMedian: number; histogram: { from: number; to: number; count: number }[] };
  figures: Record<string, number>;
  /** The bots' line-up, one spec per seat ("search:1,greedy"), when the games recorded one (npm run simulate). */
  lineup?: string;
}

export interface StatsReport {
  games: GroupStats[];
}

/** The export's tables: the Parquet copies when present (faster), else the NDJSON files. */
export function source(dir: string, file: string, columns: Record<string, string>): string {
  const parquet = join(dir, file.replace('.ndjson', '.parquet'));
  if (existsSync(parquet)) return `read_parquet('${parquet.replaceAll("'", "''")}')`;
  if (!existsSync(join(dir, file))) throw new Error(`${dir} holds no ${file} (run npm run export or npm run simulate first)`);
  return readNdjson(join(dir, file), columns);
}

const HISTOGRAM_BINS = 12;

export async function computeStats(dir: string): Promise<StatsReport> {
  const db = await duckdb();
  const rows = async (sql: string) => (await db.runAndReadAll(sql)).getRowObjectsJson() as Record<string, any>[];
  try {
    // Games called off (cancelled, expired) are in the export but have no result to count.
    // A line-up is who played each seat (`npm run simulate --bots`); games of other line-ups are other groups.
    await db.run(`CREATE VIEW all_games AS SELECT *, coalesce(array_to_string(bots, ','), '') AS lineup FROM ${source(dir, GAMES_FILE, GAMES_COLUMNS)} WHERE result IS NOT NULL`);
    await db.run(`CREATE VIEW events AS SELECT * FROM ${source(dir, EVENTS_FILE, EVENTS_COLUMNS)}`);
    const lineups = (await rows('SELECT DISTINCT lineup FROM all_games ORDER BY lineup')).map((r) => r.lineup as string);
    const games: GroupStats[] = [];
    for (const lineup of lineups) {
      // Every query below (the games' own figures too) reads `games`: one line-up at a time.
      await db.run(`CREATE OR REPLACE VIEW games AS SELECT * FROM all_games WHERE lineup = '${lineup.replaceAll("'", "''")}'`);
      for (const g of await groupStats(rows)) games.push(lineup ? { ...g, lineup } : g);
    }
    return { games: games.sort((a, b) => a.game.localeCompare(b.game) || a.seats - b.seats || (a.lineup ?? '').localeCompare(b.lineup ?? '')) };
  } finally {
    db.closeSync();
  }
}

/** The groups (game type, seat count) of the `games` view. */
async function groupStats(rows: (sql: string) => Promise<Record<string, any>[]>): Promise<GroupStats[]> {
  const groups = await rows(`
    SELECT type, seats, count(*)::INTEGER AS n,
      count(*) FILTER (WHERE len(result.winners) > 1)::INTEGER AS ties,
      count(DISTINCT options::VARCHAR)::INTEGER AS option_sets, any_value(options::VARCHAR) AS options,
      quantile_cont(moves, 0.5) AS moves_median, quantile_cont(moves, 0.9) AS moves_p90,
      quantile_cont(commits, 0.5) AS commits_median, quantile_cont(commits, 0.9) AS commits_p90,
      quantile_cont(epoch(endedAt) - epoch(createdAt), 0.5) AS seconds_median,
      quantile_cont(epoch(endedAt) - epoch(createdAt), 0.9) AS seconds_p90
    FROM games GROUP BY type, seats ORDER BY type, seats`);
  const wins = await rows(`
    SELECT type, seats, seat::INTEGER AS seat,
      -- A tie splits the win: each of k winners gets 1/k, so the seats' wins add up to the games.
      sum(CASE WHEN list_contains(result.winners, seat) THEN 1.0 / len(result.winners) ELSE 0 END)::DOUBLE AS wins
    FROM (SELECT type, seats, result, unnest(range(seats)) AS seat FROM games)
    GROUP BY type, seats, seat ORDER BY type, seats, seat`);
  const scores = await rows(`
    WITH s AS (SELECT type, seats, unnest(result.scores) AS score, unnest(range(seats)) AS seat, result.winners AS winners FROM games)
    SELECT type, seats, avg(score) AS mean, min(score) AS min, max(score) AS max,
      quantile_cont(score, 0.25) AS p25, quantile_cont(score, 0.5) AS median, quantile_cont(score, 0.75) AS p75,
      quantile_cont(score, 0.5) FILTER (WHERE list_contains(winners, seat)) AS winner_median
    FROM s GROUP BY type, seats`);
  const histogram = await rows(`
    WITH s AS (SELECT type, seats, unnest(result.scores) AS score FROM games),
         r AS (SELECT type, seats, min(score) AS lo, greatest(max(score) - min(score), 1) / ${HISTOGRAM_BINS} AS width FROM s GROUP BY type, seats)
    SELECT s.type, s.seats, least(floor((score - lo) / width), ${HISTOGRAM_BINS - 1})::INTEGER AS bin, any_value(lo) AS lo, any_value(width) AS width, count(*)::INTEGER AS count
    FROM s JOIN r USING (type, seats) GROUP BY s.type, s.seats, bin ORDER BY bin`);
  const figures = new Map<string, Record<string, number>>();
  for (const [type, queries] of Object.entries(FIGURES)) {
    for (const query of queries) {
      for (const f of await rows(query)) {
        const key = `${type}/${f.seats}`;
        figures.set(key, { ...figures.get(key), [f.figure]: round(Number(f.value)) });
      }
    }
  }

  const same = (g: Record<string, any>) => (r: Record<string, any>) => r.type === g.type && r.seats === g.seats;
  return groups.map((g) => {
    const s = scores.find(same(g))!;
    const seatWins = wins.filter(same(g));
    return {
      game: g.type,
      seats: g.seats,
      n: g.n,
      options: JSON.parse(g.options),
      optionSets: g.option_sets,
      tieRate: round(g.ties / g.n),
      winRateBySeat: seatWins.map((w) => ({ seat: w.seat, wins: round(w.wins), rate: round(w.wins / g.n), ...mapValues(wilson(w.wins, g.n), round) })),
      balance: mapValues(seatBalanceTest(seatWins.map((w) => w.wins)), round),
      length: {
        moves: { median: g.moves_median, p90: round(g.moves_p90) },
        commits: { median: g.commits_median, p90: round(g.commits_p90) },
        seconds: { median: round(g.seconds_median), p90: round(g.seconds_p90) },
      },
      scores: {
        ...mapValues({ mean: s.mean, min: s.min, p25: s.p25, median: s.median, p75: s.p75, max: s.max, winnerMedian: s.winner_median }, (v) => round(Number(v))),
        histogram: histogram.filter(same(g)).map((h) => ({ from: round(h.lo + h.bin * h.width), to: round(h.lo + (h.bin + 1) * h.width), count: h.count })),
      },
      figures: Object.fromEntries(Object.entries(figures.get(`${g.type}/${g.seats}`) ?? {}).sort(([a], [b]) => a.localeCompare(b))),
    };
  });
}

const round = (x: number) => Math.round(x * 10_000) / 10_000;
function mapValues<K extends string, A, B>(o: Record<K, A>, f: (a: A) => B): Record<K, B> {
  return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, f(v as A)])) as Record<K, B>;
}
