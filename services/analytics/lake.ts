/**
 * One run of the scheduled export to the data lake: the finished games that ended since `since`,
 * exported from the table, written as partitioned Parquet and each file handed to `put` (S3 on
 * AWS) under its partition path. Nothing is kept on the local disk afterwards.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CommitScan } from '../store/port.js';
import { exportGames } from './export.js';
import { writePartitioned } from './partitioned.js';

export type PutFile = (key: string, path: string) => Promise<void>;

export interface LakeRun {
  since: string;
  games: number;
  events: number;
  keys: string[];
}

/** The start of the UTC day before `now`: a daily run re-writes yesterday whole and today so far. */
export function previousDayStart(now: Date): string {
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - 1));
  return day.toISOString();
}

export async function exportToLake(scan: CommitScan, put: PutFile, since: string): Promise<LakeRun> {
  const dir = await mkdtemp(join(tmpdir(), 'parlor-lake-'));
  try {
    const summary = await exportGames(scan, { out: join(dir, 'export'), since, parquet: false });
    const keys = summary.games === 0 ? [] : await writePartitioned(join(dir, 'export'), join(dir, 'lake'));
    for (const key of keys) await put(key, join(dir, 'lake', key));
    return { since, games: summary.games, events: summary.events, keys };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
