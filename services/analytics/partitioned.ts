/**
 * The export as a data lake wants it: Parquet partitioned Hive-style by game type and the day
 * games ended (`games/game=scout/ended=2026-11-30/data_0.parquet`, events likewise, partitioned
 * by their game's), so Athena reads only the partitions a query names. File names depend only on
 * the partition, so writing the same days again replaces them: a re-run is idempotent.
 */
import { mkdir, readdir } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { EVENTS_COLUMNS, GAMES_COLUMNS, duckdb, readNdjson } from './parquet.js';
import { EVENTS_FILE, GAMES_FILE } from './ndjson.js';

export const PARTITIONS = ['game', 'ended'] as const;

/** Writes `<to>/games/…` and `<to>/events/…` from the NDJSON export in `from`; returns the files, relative to `to`. */
export async function writePartitioned(from: string, to: string): Promise<string[]> {
  await mkdir(to, { recursive: true });
  const db = await duckdb();
  const games = readNdjson(join(from, GAMES_FILE), GAMES_COLUMNS);
  const events = readNdjson(join(from, EVENTS_FILE), EVENTS_COLUMNS);
  const partitioned = (dir: string) => `'${join(to, dir).replaceAll("'", "''")}' (FORMAT parquet, COMPRESSION zstd, PARTITION_BY (${PARTITIONS.join(', ')}), OVERWRITE_OR_IGNORE)`;
  const day = "strftime(endedAt AT TIME ZONE 'UTC', '%Y-%m-%d')";
  try {
    await db.run(`COPY (SELECT *, type AS game, ${day} AS ended FROM ${games}) TO ${partitioned('games')}`);
    await db.run(`COPY (SELECT e.*, g.type AS game, ${day.replace('endedAt', 'g.endedAt')} AS ended FROM ${events} e JOIN ${games} g ON g.id = e.gameId) TO ${partitioned('events')}`);
  } finally {
    db.closeSync();
  }
  const files = await readdir(to, { recursive: true, withFileTypes: true });
  return files.filter((f) => f.isFile()).map((f) => relative(to, join(f.parentPath, f.name)).split(sep).join('/')).sort();
}
