/**
 * The scheduled export's run (services/handlers/export.ts minus S3 itself, which a folder
 * stands in for): finished games since a date, as Parquet partitioned by game and day, under
 * keys that a re-run writes again identically.
 */
import { copyFile, mkdir, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exportToLake, previousDayStart } from '../../services/analytics/lake.js';
import { duckdb } from '../../services/analytics/parquet.js';
import { scout } from '../../services/engine/games/scout/index.js';
import { FinishedSince, finishedIndexProjection } from '../../services/analytics/finished-since.js';
import type { Aggregate } from '../../services/app/aggregate.js';
import { DynamoFinishedGames } from '../../services/store/index.js';
import { useEmbeddedDynamo } from '../kit/dynamo.js';
import { storeBotGame } from '../kit/table-fill.js';

const db = useEmbeddedDynamo();

describe('export to the data lake', () => {
  it('the daily run starts at the previous UTC day', () => {
    expect(previousDayStart(new Date('2026-03-01T00:30:00Z'))).toBe('2026-02-28T00:00:00.000Z');
  });

  it('writes finished games and their events as Hive-partitioned Parquet; a re-run writes the same keys', async () => {
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push((await storeBotGame(db.store, scout, { seats: 2, botSeed: 300 + i })).id);
    await storeBotGame(db.store, scout, { seats: 2, botSeed: 399, maxMoves: 3 });
    const bucket = await mkdtemp(join(tmpdir(), 'parlor-bucket-'));
    const put = async (key: string, path: string) => {
      await mkdir(dirname(join(bucket, key)), { recursive: true });
      await copyFile(path, join(bucket, key));
    };
    const since = new Date(Date.now() - 3600_000).toISOString();
    const run = await exportToLake(db.store, put, since);
    const day = new Date().toISOString().slice(0, 10);
    expect(run).toMatchObject({ games: 3 });
    expect(run.keys).toEqual([`events/game=scout/ended=${day}/data_0.parquet`, `games/game=scout/ended=${day}/data_0.parquet`]);
    expect((await exportToLake(db.store, put, since)).keys).toEqual(run.keys);

    const sql = await duckdb(1);
    const rows = (await sql.runAndReadAll(`SELECT id, game, ended FROM read_parquet('${bucket}/games/*/*/*.parquet', hive_partitioning = true) ORDER BY id`)).getRowObjectsJson();
    expect(rows.map((r) => r.id)).toEqual([...ids].sort());
    expect(rows.every((r) => r.game === 'scout' && r.ended === day)).toBe(true);
    const events = (await sql.runAndReadAll(`SELECT count(DISTINCT gameId)::INTEGER AS n FROM read_parquet('${bucket}/events/*/*/*.parquet', hive_partitioning = true)`)).getRowObjects();
    expect(events[0]!.n).toBe(3);
    sql.closeSync();
  });

  it('finds the games that ended since its start through the index of finished games: no table scan, the games a full scan finds', async () => {
    const index = new DynamoFinishedGames(db.client, db.tableName);
    const mark = finishedIndexProjection(index);
    await new Promise((r) => setTimeout(r, 5));
    const since = new Date().toISOString(); // after every game the other tests stored (none of them marked)
    const stored = [];
    for (let i = 0; i < 3; i++) stored.push(await storeBotGame(db.store, scout, { seats: 2, botSeed: 500 + i }));
    const running = await storeBotGame(db.store, scout, { seats: 2, botSeed: 510, maxMoves: 3 });
    for (const { id, commits } of [...stored, stored[0]!, running]) await mark.apply({ id, app: { settings: {} } } as unknown as Aggregate, commits.at(-1)! as never); // one twice (a redelivered record); a running game is not marked

    expect(await index.endedSince(since)).toEqual(stored.map((g) => g.id));
    const scans: string[] = [];
    const reader = new FinishedSince(index, { history: (id) => (scans.push(id), db.store.history(id)) }, since);
    const pages = [];
    for (let position: string | null = null, n = 0; n < 10; n++) {
      const page: Awaited<ReturnType<FinishedSince['scanCommits']>> = await reader.scanCommits(position, 1);
      pages.push(page.commits.map((c) => c.gameId));
      if ((position = page.next) === null) break;
    }
    expect(pages).toEqual(stored.map((g) => Array(g.commits.length).fill(g.id)));
    expect(scans).toEqual(stored.map((g) => g.id));
    const viaIndex = await exportToLake(new FinishedSince(index, db.store, since), async () => {}, since);
    const viaScan = await exportToLake(db.store, async () => {}, since);
    expect(viaIndex).toEqual(viaScan);
    expect(viaIndex.games).toBe(3);
  });
});
