/**
 * The rules-variant lab: many games of one type, seat count and option set, played by bots
 * in-process through the same engine the server runs, on worker threads (one per core by
 * default), written in the export format so `npm run stats` reads them like real games.
 * Every game's seeds derive from the run's seed and its number: a run is reproducible.
 */
import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { sha256Hex, table } from '../engine/core/index.js';
import { parseLineup } from '../bots/lineup.js';
import { findGame, games as registry } from '../engine/registry.js';
import { ExportSink, type GameLines } from './ndjson.js';
import { writeParquet } from './parquet.js';
import { checkShard, shardGames, type Shard } from './shard.js';

/** Who plays when the run names no one: every seat the greedy bot. */
export const DEFAULT_LINEUP = 'greedy';

export interface SimulateOptions {
  game: string;
  seats: number;
  games: number;
  options?: unknown;
  /** Who plays each seat: a line-up such as "search:1,random" or "external:<command>" (services/bots/lineup.ts); default greedy everywhere. */
  bots?: string;
  out: string;
  /** Worker threads (default: one per core). */
  workers?: number;
  /** Fixes every game's seeds (default: a fresh one). */
  seed?: string;
  /** Also write trajectories.ndjson: one line per decision (view, legal moves, move). */
  trajectories?: boolean;
  /** Play only the games of index ≡ index (mod count) of the run (shard.ts); needs `seed`, which every shard shares. */
  shard?: Shard;
  onProgress?: (done: number, total: number) => void;
}

export interface SimulateSummary {
  games: number;
  events: number;
  seconds: number;
  gamesPerSecond: number;
  workers: number;
  seed: string;
  /** The bot spec of each seat. */
  lineup: string[];
}

/** What one worker plays. */
export interface WorkerTask {
  game: string;
  seats: number;
  options: unknown;
  /** The bot spec of each seat. */
  lineup: string[];
  runSeed: string;
  runId: string;
  from: number;
  to: number;
  trajectories: boolean;
  /** Plays only this shard's games of [from, to). */
  shard?: Shard;
}

export const MAX_GAMES = 10_000_000;

/** The worker's entry: TypeScript, like this file, so it is loaded through tsx's loader. */
const WORKER_BOOT = `
  (async () => {
    (await import('tsx/esm/api')).register();
    await import(${JSON.stringify(new URL('./simulate-worker.ts', import.meta.url).href)});
  })();
`;

/** The run's id, the prefix of its games' ids (`<runId>-<index>`): from its seed alone, so every shard's games are named alike. */
export const runIdOf = (runSeed: string): string => `sim-${sha256Hex(runSeed).slice(0, 12)}`;

/** Game i's secret seed and bots' seed, from the run's seed. */
export function gameSeed(runSeed: string, i: number): { seed: string; botSeed: number } {
  const seed = sha256Hex(`${runSeed}:${i}`);
  return { seed, botSeed: Number.parseInt(seed.slice(0, 8), 16) };
}

export async function simulate(o: SimulateOptions): Promise<SimulateSummary> {
  const game = findGame(o.game);
  if (!game) throw new Error(`unknown game "${o.game}" (one of ${registry.map((g) => g.id).join(', ')})`);
  const lineup = parseLineup(o.bots ?? DEFAULT_LINEUP, o.seats);
  if (!Number.isInteger(o.games) || o.games < 1 || o.games > MAX_GAMES) throw new Error(`--games takes 1 to ${MAX_GAMES}`);
  // Seats and options are checked by the engine itself, with its own message, before any thread starts.
  table(game).decide(null, { type: 'create', game: game.id, seats: o.seats, options: o.options ?? {}, seed: 'check', seedFixed: true });
  if (o.shard) {
    checkShard(o.shard, o.games);
    // A fresh seed per shard would make N unrelated runs, not one.
    if (o.seed === undefined) throw new Error('--shard needs --seed: every shard of a run derives its games from the same seed');
  }
  const total = shardGames(o.games, o.shard);

  const started = performance.now();
  const runSeed = o.seed ?? randomBytes(16).toString('hex');
  const runId = runIdOf(runSeed);
  const threads = Math.max(1, Math.min(o.workers ?? availableParallelism(), total));
  await mkdir(o.out, { recursive: true });
  const sink = await ExportSink.open(o.out, undefined, { trajectories: o.trajectories });
  let done = 0;
  // One writer for every thread: batches are appended in arrival order, one at a time.
  let writing = Promise.resolve();

  const run = (from: number, to: number) =>
    new Promise<void>((resolve, reject) => {
      const task: WorkerTask = { game: game.id, seats: o.seats, options: o.options ?? {}, lineup, runSeed, runId, from, to, trajectories: o.trajectories ?? false, shard: o.shard };
      const worker = new Worker(WORKER_BOOT, { eval: true, workerData: task });
      worker.on('message', (batch: GameLines[]) => {
        writing = writing.then(async () => {
          for (const lines of batch) await sink.addLines(lines);
          done += batch.length;
          o.onProgress?.(done, total);
          worker.postMessage('ack');
        });
      });
      worker.on('error', reject);
      worker.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`a simulation thread stopped with code ${code}`))));
    });

  const share = Math.ceil(o.games / threads);
  await Promise.all([...Array(threads).keys()].map((t) => run(t * share, Math.min(o.games, (t + 1) * share))));
  await writing;
  const written = await sink.close();
  const seconds = (performance.now() - started) / 1000;
  await writeParquet(o.out);
  return { games: written.games, events: written.events, seconds, gamesPerSecond: written.games / seconds, workers: threads, seed: runSeed, lineup };
}
