/**
 * A lab run's records by game index, read from its Parquet files (games, events, moves) without
 * the wall-clock stamps: what must be equal between runs that played the same games (a sharded
 * and an unsharded run, a shard played here and one played by the AWS lab's function). A compact
 * run (simulate's default: games and plays only) is first expanded by replaying its games
 * (services/analytics/plays.ts) and converted, so it is compared with runs that wrote every table.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { duckdb, writeParquet } from '../../services/analytics/parquet.js';
import { expandPlays, needsExpanding } from '../../services/analytics/plays.js';

const CLOCK = ['createdAt', 'endedAt', 'at', 'sincePreviousMs'];

export interface LabRecord {
  game: Record<string, unknown>;
  events: Record<string, unknown>[];
  moves: Record<string, unknown>[];
}

/** Game index (the id's last part: `<runId>-<index>`) → its records. */
export async function labRecords(dir: string): Promise<Map<number, LabRecord>> {
  if (needsExpanding(dir)) {
    await expandPlays(dir);
    await writeParquet(dir);
  }
  const db = await duckdb(1);
  try {
    const read = async (table: string, order: string) => {
      const file = join(dir, `${table}.parquet`);
      if (!existsSync(file)) throw new Error(`${dir} holds no ${table}.parquet`);
      const rows = (await db.runAndReadAll(`SELECT * FROM read_parquet('${file.replaceAll("'", "''")}') ORDER BY ${order}`)).getRowObjectsJson() as Record<string, unknown>[];
      return rows.map((r) => Object.fromEntries(Object.entries(r).filter(([k]) => !CLOCK.includes(k))));
    };
    const index = (id: unknown) => Number(String(id).slice(String(id).lastIndexOf('-') + 1));
    const records = new Map<number, LabRecord>();
    for (const game of await read('games', 'id')) records.set(index(game.id), { game, events: [], moves: [] });
    for (const e of await read('events', 'gameId, version, index')) records.get(index(e.gameId))!.events.push(e);
    for (const m of await read('moves', 'gameId, version')) records.get(index(m.gameId))!.moves.push(m);
    return records;
  } finally {
    db.closeSync();
  }
}
