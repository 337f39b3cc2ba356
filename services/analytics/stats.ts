/**
 * `npm run stats`: figures over an export directory (from `npm run export` or `npm run simulate`),
 * computed by DuckDB, per game type and seat count: games; each seat's win rate with a 95% Wilson
 * interval (a tie splits the win between its winners), the same by start position (position 1 is
 * the seat that starts round 1 as the rules define it, the game's first player; then the seats in
 * order of play), the tie rate and a chi-square of seat balance; game length in moves, commits and
 * wall time; the distributions of length, score by seat and win margin; and each game's own
 * figures (figures.ts). A group is one game type, seat count, option set and line-up (the bots of
 * a simulation; "all human" or "with bots" for real games): games that differ in any of them are
 * never pooled.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { FIGURES } from './figures.js';
import { quantileSorted } from 'simple-statistics';
import { EVENTS_COLUMNS, GAMES_COLUMNS, duckdb, readNdjson } from './parquet.js';
import { EVENTS_FILE, GAMES_FILE } from './ndjson.js';
import { expandPlays, needsExpanding } from './plays.js';
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

/**
 * Wins by start position: position 0 is the seat that starts round 1 (the game's first player,
 * `startSeats[0]`), position k the k-th seat after it in the order of play (seat + 1).
 */
export interface PositionWins {
  position: number;
  /** Games that name their start seat (exports made before `startSeats` do not). */
  n: number;
  wins: number;
  rate: number;
  low: number;
  high: number;
}

/** How often each value occurred: a distribution that keeps every integer, for plots and rank tests. */
export interface Count {
  value: number;
  count: number;
}

export interface Spread {
  median: number;
  p90: number;
}

export interface GroupStats {
  game: string;
  seats: number;
  n: number;
  /** The group's option set, as the games recorded it. */
  options: unknown;
  /** Share of games won by more than one seat (each then gets an equal part of the win). */
  tieRate: number;
  winRateBySeat: SeatWins[];
  /** Empty when the export's games do not name their start seats. */
  winRateByStartPosition: PositionWins[];
  /** Chi-square of the seats' wins against an even share: is the game balanced between seats? */
  balance: ChiSquare;
  /** The same over start positions: does the first player (or any place in the order of play) win more than its share? Absent without start seats. */
  startBalance?: ChiSquare;
  length: { moves: Spread; commits: Spread; seconds: Spread };
  scores: { mean: number; min: number; p25: number; median: number; p75: number; max: number; winnerMedian: number };
  /** The winner's lead over the closest other seat (0 for a tie). */
  margin: Spread;
  distributions: { moves: Count[]; scoresBySeat: Count[][]; margin: Count[] };
  figures: Record<string, number>;
  /** Who played: the bots' specs of a simulation, one per seat ("search:1,greedy"); for real games "all human" or "with bots". */
  lineup?: string;
}

/**
 * A game's line-up in SQL: a simulation's bots, else "all human" when no seat was ever a bot's
 * (botSeats; an export made before that column: no declared bot, resignation or forfeit), else
 * "with bots". The same split as Query.stats and the Athena queries.
 */
export const LINEUP_SQL = `coalesce(array_to_string(bots, ','), CASE WHEN coalesce(len(botSeats) = 0, len(list_filter(players, (p) -> p.bot IS NOT NULL)) = 0 AND len(coalesce(resigned, [])) = 0 AND len(coalesce(forfeited, [])) = 0) THEN 'all human' ELSE 'with bots' END)`;

export interface StatsReport {
  games: GroupStats[];
  /** Lab games stopped unfinished at the move cap (`endReason: "move-cap"`): left out of every figure, counted here. */
  moveCapped?: number;
}

/** The export's tables: the Parquet copies when present (faster), else the NDJSON files; several folders (datasets.ts) read as one table. */
export function source(dir: string | readonly string[], file: string, columns: Record<string, string>): string {
  const dirs = typeof dir === 'string' ? [dir] : dir;
  const parquet: string[] = [];
  const ndjson: string[] = [];
  for (const d of dirs) {
    const copy = join(d, file.replace('.ndjson', '.parquet'));
    if (existsSync(copy)) parquet.push(copy);
    else if (existsSync(join(d, file))) ndjson.push(join(d, file));
    else throw new Error(`${d} holds no ${file} (run npm run export or npm run simulate first)`);
  }
  const quoted = (p: string) => `'${p.replaceAll("'", "''")}'`;
  if (dirs.length === 1) return parquet.length ? `read_parquet(${quoted(parquet[0]!)})` : readNdjson(ndjson[0]!, columns);
  // By name: folders written before a column existed (e.g. bots) read it as NULL.
  const parts = [
    ...(parquet.length ? [`SELECT * FROM read_parquet([${parquet.map(quoted).join(', ')}], union_by_name = true)`] : []),
    ...(ndjson.length ? [`SELECT * FROM ${readNdjson(ndjson, columns)}`] : []),
  ];
  return `(${parts.join(' UNION ALL BY NAME ')})`;
}

/** Statistics of one export folder, or of several read as one dataset (the shards of a run). */
export async function computeStats(dir: string | readonly string[]): Promise<StatsReport> {
  const dirs = typeof dir === 'string' ? [dir] : dir;
  const db = await duckdb();
  const rows = async (sql: string) => (await db.runAndReadAll(sql)).getRowObjectsJson() as Record<string, any>[];
  try {
    // Games called off (cancelled, expired) are in the export but have no result to count.
    // A line-up is who played each seat: a simulation's bots (`npm run simulate --bots`), or for real
    // games whether any seat was a bot's (LINEUP_SQL); games of other line-ups are other groups.
    // Parquet written before a column existed (startSeats, botSeats …) lacks it: it reads as null, as in NDJSON.
    const raw = source(dirs, GAMES_FILE, GAMES_COLUMNS);
    const have = new Set((await rows(`DESCRIBE SELECT * FROM ${raw}`)).map((c) => String(c.column_name)));
    const missing = Object.entries(GAMES_COLUMNS).flatMap(([c, type]) => (have.has(c) ? [] : [`, NULL::${type} AS "${c}"`])).join('');
    await db.run(`CREATE VIEW all_games AS SELECT *, ${LINEUP_SQL} AS lineup FROM (SELECT *${missing} FROM ${raw}) WHERE result IS NOT NULL`);
    // A game in two folders (a folder given twice under two names, overlapping runs) would count twice.
    const [twice] = dirs.length > 1 ? await rows(`SELECT id, count(*)::INTEGER AS n FROM ${raw} GROUP BY id HAVING count(*) > 1 LIMIT 1`) : [];
    if (twice) throw new Error(`game ${twice.id} is in ${twice.n} of the folders: a dataset holds each game once (overlapping runs or shards?)`);
    // A compact simulation (plays.ts) keeps its moves only: its events are derived once, here, and kept.
    for (const d of dirs) if (needsExpanding(d)) await expandPlays(d);
    await db.run(`CREATE VIEW events AS SELECT * FROM ${source(dirs, EVENTS_FILE, EVENTS_COLUMNS)}`);
    const [{ capped }] = (await rows(`SELECT count(*)::INTEGER AS capped FROM ${raw} WHERE endReason = 'move-cap'`)) as [{ capped: number }];
    const sets = await rows('SELECT DISTINCT lineup, options::VARCHAR AS options FROM all_games ORDER BY lineup, options');
    const games: GroupStats[] = [];
    for (const { lineup, options } of sets) {
      // Every query below (the games' own figures too) reads `games`: one line-up and option set at a time.
      const quoted = (s: string) => `'${s.replaceAll("'", "''")}'`;
      await db.run(`CREATE OR REPLACE VIEW games AS SELECT * FROM all_games WHERE lineup = ${quoted(lineup)} AND options::VARCHAR = ${quoted(options)}`);
      for (const g of await groupStats(rows)) games.push(lineup ? { ...g, lineup } : g);
    }
    const order = (g: GroupStats) => `${g.lineup ?? ''}\u0000${JSON.stringify(g.options)}`;
    const sorted = games.sort((a, b) => a.game.localeCompare(b.game) || a.seats - b.seats || order(a).localeCompare(order(b)));
    return capped ? { games: sorted, moveCapped: capped } : { games: sorted };
  } finally {
    db.closeSync();
  }
}

/** The groups (game type, seat count) of the `games` view. */
async function groupStats(rows: (sql: string) => Promise<Record<string, any>[]>): Promise<GroupStats[]> {
  const groups = await rows(`
    SELECT type, seats, count(*)::INTEGER AS n,
      count(*) FILTER (WHERE len(result.winners) > 1)::INTEGER AS ties,
      any_value(options::VARCHAR) AS options,
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
  // Position k is the seat k places after round 1's start seat in the order of play (DuckDB lists count from 1).
  const byStartPosition = await rows(`
    WITH p AS (SELECT type, seats, result, startSeats[1] AS first, unnest(range(seats))::INTEGER AS position FROM games WHERE len(startSeats) > 0)
    SELECT type, seats, position, count(*)::INTEGER AS n,
      sum(CASE WHEN list_contains(result.winners, (first + position) % seats) THEN 1.0 / len(result.winners) ELSE 0 END)::DOUBLE AS wins
    FROM p GROUP BY type, seats, position ORDER BY type, seats, position`);
  const count = (sql: string) => rows(`SELECT type, seats, value, count(*)::INTEGER AS count FROM (${sql}) GROUP BY ALL ORDER BY value`);
  const lengths = await count('SELECT type, seats, moves AS value FROM games');
  const scoreCounts = await rows(`
    WITH s AS (SELECT type, seats, unnest(result.scores) AS value, unnest(range(seats)) AS seat FROM games)
    SELECT type, seats, seat::INTEGER AS seat, value, count(*)::INTEGER AS count FROM s GROUP BY ALL ORDER BY seat, value`);
  // The lead is measured to the closest seat that did not win, whichever way the game counts (Silver's lowest total wins).
  const margins = await count(`
    WITH s AS (SELECT id, type, seats, result.winners AS winners, result.scores[result.winners[1] + 1] AS best, unnest(result.scores) AS score, unnest(range(seats)) AS seat FROM games)
    SELECT type, seats, coalesce(min(abs(best - score)) FILTER (WHERE NOT list_contains(winners, seat)), 0) AS value FROM s GROUP BY id, type, seats`);
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
    const startWins = byStartPosition.filter(same(g));
    const counts = (from: Record<string, any>[]) => from.filter(same(g)).map((c) => ({ value: round(Number(c.value)), count: c.count }));
    const margin = counts(margins).flatMap((c) => Array<number>(c.count).fill(c.value));
    return {
      game: g.type,
      seats: g.seats,
      n: g.n,
      options: JSON.parse(g.options),
      tieRate: round(g.ties / g.n),
      winRateBySeat: seatWins.map((w) => ({ seat: w.seat, wins: round(w.wins), rate: round(w.wins / g.n), ...mapValues(wilson(w.wins, g.n), round) })),
      winRateByStartPosition: byStartPosition.filter(same(g)).map((p) => ({ position: p.position, n: p.n, wins: round(p.wins), rate: round(p.wins / p.n), ...mapValues(wilson(p.wins, p.n), round) })),
      balance: mapValues(seatBalanceTest(seatWins.map((w) => w.wins)), round),
      ...(startWins.length ? { startBalance: mapValues(seatBalanceTest(startWins.map((p) => p.wins)), round) } : {}),
      length: {
        moves: { median: g.moves_median, p90: round(g.moves_p90) },
        commits: { median: g.commits_median, p90: round(g.commits_p90) },
        seconds: { median: round(g.seconds_median), p90: round(g.seconds_p90) },
      },
      scores: {
        ...mapValues({ mean: s.mean, min: s.min, p25: s.p25, median: s.median, p75: s.p75, max: s.max, winnerMedian: s.winner_median }, (v) => round(Number(v))),
      },
      margin: { median: round(quantileSorted(margin, 0.5)), p90: round(quantileSorted(margin, 0.9)) },
      distributions: {
        moves: counts(lengths),
        scoresBySeat: seatWins.map((w) => counts(scoreCounts.filter((c) => c.seat === w.seat))),
        margin: counts(margins),
      },
      figures: Object.fromEntries(Object.entries(figures.get(`${g.type}/${g.seats}`) ?? {}).sort(([a], [b]) => a.localeCompare(b))),
    };
  });
}

const round = (x: number) => Math.round(x * 10_000) / 10_000;
function mapValues<K extends string, A, B>(o: Record<K, A>, f: (a: A) => B): Record<K, B> {
  return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, f(v as A)])) as Record<K, B>;
}
