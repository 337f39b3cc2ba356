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
});
