/**
 * The Athena saved queries (infra/analytics.ts) count a win as `npm run stats` does: a tie splits
 * it, option sets and line-ups are never pooled, and the first player is round 1's start seat.
 * Athena is not here, so the queries run on DuckDB over the same games, with the two spellings
 * that differ put right (Trino's cardinality is DuckDB's len; sequence is inclusive).
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { STANDARD_QUERIES } from '../../infra/analytics.js';
import { botGame } from '../../services/analytics/bot-game.js';
import { ExportSink } from '../../services/analytics/ndjson.js';
import { GAMES_COLUMNS, duckdb, readNdjson } from '../../services/analytics/parquet.js';
import { gameFacts, type GameFacts } from '../../services/analytics/record.js';
import { computeStats, type StatsReport } from '../../services/analytics/stats.js';
import { findGame } from '../../services/engine/registry.js';

let dir = '';
let report: StatsReport;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'parlor-lake-queries-'));
  const sink = await ExportSink.open(dir);
  // SCOUT at 3 seats: two option sets, both line-ups, and ties (a result whose winners are edited: the queries read only games).
  for (let k = 0; k < 12; k++) {
    const commits = botGame(findGame('scout')!, { seats: 3, seed: `lake-q-${k}`, botSeed: k + 1, options: k % 3 === 2 ? { hideScoutInsertPosition: true } : {} });
    const facts = gameFacts(`q${k}`, commits)!;
    const winners = k % 4 === 0 ? [0, 1] : k % 5 === 0 ? [0, 1, 2] : facts.result!.winners;
    await sink.add({ ...facts, result: { ...facts.result!, winners }, botSeats: k % 4 === 1 ? [2] : [] } as GameFacts, commits);
  }
  await sink.close();
  report = await computeStats(dir);
});

async function athena(name: string): Promise<Record<string, any>[]> {
  const db = await duckdb();
  try {
    await db.run(`CREATE MACRO sequence(a, b) AS range(a, b + 1)`);
    await db.run(`CREATE TABLE games AS SELECT * FROM ${readNdjson(join(dir, 'games.ndjson'), GAMES_COLUMNS)}`);
    const sql = STANDARD_QUERIES[name]!.sql.replaceAll('cardinality(', 'len(');
    return (await db.runAndReadAll(sql)).getRowObjectsJson() as Record<string, any>[];
  } finally {
    db.closeSync();
  }
}

const groupOf = (r: Record<string, any>) => report.games.find((g) => JSON.stringify(g.options) === JSON.stringify(JSON.parse(r.options)) && g.lineup === r.lineup)!;

describe('the Athena queries', () => {
  it('"Win rate by seat" splits ties, option sets and line-ups exactly as npm run stats does', async () => {
    const rows = await athena('Win rate by seat');
    expect(new Set(rows.map((r) => `${r.options}|${r.lineup}`)).size).toBe(report.games.length);
    expect(report.games.length).toBe(4);
    for (const r of rows) {
      const g = groupOf(r);
      expect(Number(r.games)).toBe(g.n);
      expect(Number(r.wins)).toBeCloseTo(g.winRateBySeat[Number(r.seat)]!.wins, 4);
    }
  });

  it('"Win rate by start position" counts from round 1’s start seat, as npm run stats does', async () => {
    const rows = await athena('Win rate by start position');
    expect(rows.length).toBe(report.games.length * 3);
    for (const r of rows) {
      const p = groupOf(r).winRateByStartPosition[Number(r.start_position) - 1]!;
      expect(Number(r.games)).toBe(p.n);
      expect(Number(r.wins)).toBeCloseTo(p.wins, 4);
    }
  });
});
