/**
 * Every damaged stream of the table: versions with a gap (items lost), a tail below the head this
 * machine acknowledged (the data files cut short), commits that do not parse
 * or do not fold (garbage), and snapshots that differ from the fold of the commits before them.
 * Reads the whole table (the start-up check does only the first, cheap part).
 */
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { lostTails, lostTailText, scanStreams, type DynamoEventStore } from '../store/index.js';
import { applyCommit, fromStream, snapshotIsCurrent, snapshotOf, type Aggregate, type GameLookup } from './aggregate.js';
import { findGame } from '../engine/registry.js';

export interface Damage {
  gameId: string;
  problem: 'MISSING_VERSIONS' | 'LOST_TAIL' | 'UNREADABLE' | 'SNAPSHOT_MISMATCH';
  detail: string;
}

/** `heads`: each game's acknowledged head (store/heads.ts), so a stream cut below it is named too. */
export async function verifyStore(client: DynamoDBClient, tableName: string, store: DynamoEventStore, lookup: GameLookup = findGame, heads: Map<string, number> = new Map()): Promise<{ games: number; damaged: Damage[] }> {
  const streams = await scanStreams(client, tableName);
  const damaged: Damage[] = [];
  const lost = lostTails(heads, streams);
  for (const [gameId, tail] of lost) damaged.push({ gameId, problem: 'LOST_TAIL', detail: lostTailText(tail) });
  for (const [gameId, { count, max }] of streams) {
    if (count !== max) {
      damaged.push({ gameId, problem: 'MISSING_VERSIONS', detail: `${max - count} of versions 1–${max} missing` });
      continue;
    }
    try {
      const folds = new Map<number, Aggregate>();
      let agg: Aggregate | null = null;
      for (const commit of await store.history(gameId)) {
        agg = agg ? applyCommit(agg, commit) : fromStream(gameId, { version: commit.version, snapshot: null, commits: [commit] }, lookup);
        folds.set(commit.version, agg);
      }
      for (const snap of await store.snapshots(gameId)) {
        if (!snapshotIsCurrent(snap.data)) continue; // an older format is refolded at load, never trusted
        if (JSON.stringify(snapshotOf(folds.get(snap.version)!)) !== JSON.stringify(snap.data)) damaged.push({ gameId, problem: 'SNAPSHOT_MISMATCH', detail: `the snapshot at version ${snap.version} differs from the fold of its commits` });
      }
    } catch (e) {
      damaged.push({ gameId, problem: 'UNREADABLE', detail: (e as Error).message.slice(0, 200) });
    }
  }
  // A game whose every commit is lost is one of the games checked, though the table has none of it.
  return { games: new Set([...streams.keys(), ...lost.keys()]).size, damaged };
}
