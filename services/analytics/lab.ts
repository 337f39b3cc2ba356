/**
 * The lab on AWS (infra/lab.ts): a run is its spec (game, seats, games, options, line-up, seed)
 * split into shards, each played by one Lambda invocation — the same games `npm run simulate
 * --shard I/N` plays here, since both play `labGame` by index — and written as Parquet under the
 * run's prefix of the analytics bucket, where the Glue tables lab_games, lab_events, lab_moves
 * read every run (partition `run`).
 */
import { mkdir } from 'node:fs/promises';
import { sha256Hex, table, type AnyGame } from '../engine/core/index.js';
import { EXTERNAL, lineupBots, parseLineup } from '../bots/lineup.js';
import { findGame, games as registry } from '../engine/registry.js';
import { labGame } from './lab-game.js';
import { ExportSink } from './ndjson.js';
import { writeParquet } from './parquet.js';
import { checkShard, shardIndices, type Shard } from './shard.js';
import { DEFAULT_LINEUP, MAX_GAMES, runIdOf } from './simulate.js';
import { moveCap } from './move-cap.js';

/** The tables a shard writes, each one Parquet file. */
export const LAB_TABLES = ['games', 'events', 'moves'] as const;
export type LabTable = (typeof LAB_TABLES)[number];

/** Where the lab's tables live in the analytics bucket: `lab/<table>/run=<run>/shard-<I>.parquet`. */
export const LAB_PREFIX = 'lab';
/** Where Step Functions writes each run's per-shard results (what succeeded, what failed and why). */
export const LAB_RESULTS_PREFIX = 'lab-results';

/**
 * The most shards in one run: the shard list travels in the execution's input (256 KiB at most),
 * about 6 bytes a shard.
 */
export const MAX_LAB_SHARDS = 20_000;

export interface LabSpec {
  game: string;
  seats: number;
  games: number;
  options?: unknown;
  /** A line-up as `simulate --bots` takes it; no external bots (a Lambda runs no process of one's own). */
  bots?: string;
  seed: string;
  shards: number;
}

/** One child's work: the run and its shard. */
export interface LabShardEvent {
  run: LabSpec & { name: string };
  shard: number;
}

export interface LabShardResult {
  run: string;
  shard: number;
  games: number;
  events: number;
  keys: string[];
}

/** Thrown when a shard would not finish within its invocation: more shards are needed, a retry would fail again. */
export class ShardTooLarge extends Error {
  override readonly name = 'ShardTooLarge';
}

/** The run's name: a hash of its whole spec, so two different runs never share a prefix and a re-run rewrites its own files. */
export function labRunName(spec: LabSpec): string {
  const { game, seats, games, options, bots, seed, shards } = spec;
  return `lab-${sha256Hex(JSON.stringify({ game, seats, games, options: options ?? {}, bots: bots ?? DEFAULT_LINEUP, seed, shards })).slice(0, 16)}`;
}

export const LAB_RUN_NAME = /^lab-[0-9a-f]{16}$/;

export const labKey = (run: string, t: LabTable, shard: number): string => `${LAB_PREFIX}/${t}/run=${run}/shard-${String(shard).padStart(5, '0')}.parquet`;

/** The spec checked as `simulate` checks its options; returns the game and the line-up. */
export function checkLabSpec(spec: LabSpec): { game: AnyGame; lineup: string[] } {
  const game = findGame(spec.game);
  if (!game) throw new Error(`unknown game "${spec.game}" (one of ${registry.map((g) => g.id).join(', ')})`);
  if (!Number.isInteger(spec.games) || spec.games < 1 || spec.games > MAX_GAMES) throw new Error(`--games takes 1 to ${MAX_GAMES}`);
  if (!Number.isInteger(spec.shards) || spec.shards < 1 || spec.shards > MAX_LAB_SHARDS) throw new Error(`--shards takes 1 to ${MAX_LAB_SHARDS}`);
  checkShard({ index: 0, count: spec.shards }, spec.games);
  if (typeof spec.seed !== 'string' || !spec.seed) throw new Error('a lab run needs a seed');
  const lineup = parseLineup(spec.bots ?? DEFAULT_LINEUP, spec.seats);
  if (lineup.some((b) => b.startsWith(EXTERNAL))) throw new Error('external bots play only on your own machine (npm run simulate --shard), not in the AWS lab');
  table(game).decide(null, { type: 'create', game: game.id, seats: spec.seats, options: spec.options ?? {}, seed: 'check', seedFixed: true });
  return { game, lineup };
}

/**
 * Plays shard `index` of the run into `out` (NDJSON, then the Parquet copies), in this thread.
 * `remainingMs` (Lambda's clock) is asked before each game: a shard that would not finish in time
 * stops with ShardTooLarge while `reserveMs` is left to write and upload what it has.
 */
export async function playLabShard(spec: LabSpec, index: number, out: string, o: { remainingMs?: () => number; reserveMs?: number } = {}): Promise<{ games: number; events: number }> {
  const { game, lineup } = checkLabSpec(spec);
  const shard: Shard = { index, count: spec.shards };
  checkShard(shard, spec.games);
  await mkdir(out, { recursive: true });
  // The lab's default move cap, as `simulate` plays it: a shard here is the same shard there.
  const task = { seats: spec.seats, options: spec.options ?? {}, lineup, runSeed: spec.seed, runId: runIdOf(spec.seed), trajectories: false, maxMoves: moveCap(undefined) };
  const sink = await ExportSink.open(out);
  const { bots, close } = lineupBots(game.id, lineup);
  let played = 0;
  try {
    for (const i of shardIndices(spec.games, shard)) {
      if (o.remainingMs && o.remainingMs() < (o.reserveMs ?? 60_000)) {
        throw new ShardTooLarge(`shard ${index} of ${spec.shards} played ${played} of its games before its time ran out: start the run with more shards`);
      }
      await sink.addLines(labGame(game, task, bots, i).lines);
      played++;
    }
  } catch (e) {
    await sink.close().catch(() => undefined);
    throw e;
  } finally {
    close();
  }
  const written = await sink.close();
  await writeParquet(out);
  return { games: written.games, events: written.events };
}
