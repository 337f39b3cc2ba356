/**
 * The rules-variant lab: many games of one type, seat count and option set, played by bots
 * in-process through the same engine the server runs, on worker threads (one per core by
 * default), written in the export format so `npm run stats` reads them like real games.
 * Every game's seeds derive from the run's seed and its number: a run is reproducible.
 *
 * A run keeps what it did: each batch of finished games is appended to the NDJSON files and
 * flushed, then a checkpoint (simulation.json: the run's settings and how far each share got)
 * is replaced atomically, so a killed run loses at most the batches in flight and `resume`
 * plays only the games still missing. By default a run writes its compact record (games and
 * plays, services/analytics/plays.ts: the events are derived again when read); with `format`
 * Parquet, NDJSON or both it writes the export's tables, and at the end the NDJSON becomes
 * Parquet (removed unless NDJSON was asked for): Parquet cannot be appended to, NDJSON can.
 * A game still running after `maxMoves` moves is written flagged `endReason: "move-cap"`
 * with no result (stats count it apart), never dropped and never played for ever.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { Worker } from 'node:worker_threads';
import { workerBoot } from '../app/worker-boot.js';
import { sha256Hex, table } from '../engine/core/index.js';
import { parseLineup } from '../bots/lineup.js';
import { findGame, games as registry } from '../engine/registry.js';
import { batchBuffers, EMPTY_POSITION, ExportSink, GAMES_FILE, PLAYS_FILE, type EncodedBatch, type SinkPosition } from './ndjson.js';
import { moveCap } from './move-cap.js';
import { checkShard, shardGames, type Shard } from './shard.js';
import { tableFiles, writeParquet } from './parquet.js';

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
  /** Also write the trajectories table: one line per decision (view, legal moves, move). */
  trajectories?: boolean;
  /** Moves after which a game still running is stopped and written flagged `move-cap` (default DEFAULT_MAX_MOVES). */
  maxMoves?: number;
  /**
   * Which files the finished run leaves: `compact` (default: games.ndjson and plays.ndjson, the events
   * and moves tables derived on demand, services/analytics/plays.ts), Parquet, NDJSON, or both.
   * With `trajectories` the default is Parquet.
   */
  format?: OutputFormat;
  /** Play only the games of index ≡ index (mod count) of the run (shard.ts); needs `seed`, which every shard shares. */
  shard?: Shard;
  /** Complete the unfinished run in `out` (its settings come from its checkpoint; any given must match). */
  resume?: boolean;
  /** Stops the run between batches (the threads are ended): what was written stays, and `resume` completes it. */
  signal?: AbortSignal;
  /** `done` counts the games of earlier attempts too when resuming; `played` only this attempt's. */
  onProgress?: (done: number, total: number, played: number) => void;
}

export type OutputFormat = 'compact' | 'parquet' | 'ndjson' | 'both';
export const OUTPUT_FORMATS: readonly OutputFormat[] = ['compact', 'parquet', 'ndjson', 'both'];

export { DEFAULT_MAX_MOVES, MAX_MOVES_LIMIT } from './move-cap.js';

/** The checkpoint file of a run in its output folder. */
export const CHECKPOINT_FILE = 'simulation.json';
const CHECKPOINT_FORMAT = 'parlor-simulation/1';

/** What a run is: everything its games depend on (a resumed run must be the same run). */
interface RunSettings {
  game: string;
  seats: number;
  games: number;
  options: unknown;
  lineup: string[];
  seed: string;
  trajectories: boolean;
  maxMoves: number;
  format: OutputFormat;
  /** The run's shard, when it plays one (absent in checkpoints written before shards existed). */
  shard?: Shard;
}

/** One worker's share of the games: [from, to), played up to (not including) `next`. */
interface Share {
  from: number;
  next: number;
  to: number;
}

interface Checkpoint {
  format: typeof CHECKPOINT_FORMAT;
  settings: RunSettings;
  shares: Share[];
  /** The NDJSON files' lengths and counts after the last whole batch. */
  position: SinkPosition;
  capped: number;
  /** Every game played and the Parquet files written (the NDJSON may still await removal). */
  converted: boolean;
}

export interface SimulateSummary {
  game: string;
  seats: number;
  games: number;
  events: number;
  seconds: number;
  gamesPerSecond: number;
  workers: number;
  seed: string;
  /** The bot spec of each seat. */
  lineup: string[];
  /** Games stopped at the move cap (written flagged `move-cap`, no result). */
  capped: number;
  /** Games played by earlier attempts of a resumed run (counted in `games`). */
  resumed: number;
  /** The files the run left. */
  files: string[];
}

/** What a worker sends per batch: the games' lines (encoded, services/analytics/ndjson.ts), how many hit the cap, and where its share goes on. */
export interface WorkerBatch {
  lines: EncodedBatch;
  capped: number;
  next: number;
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
  maxMoves: number;
  /** Plays only this shard's games of [from, to). */
  shard?: Shard;
  /** Writes the compact record (games and plays lines) instead of the events and moves tables. */
  compact?: boolean;
}

export const MAX_GAMES = 10_000_000;

/** The worker's entry: TypeScript, like this file (bundled once per process, else loaded through tsx: ../app/worker-boot.ts). */
const WORKER_BOOT = (): string => workerBoot(new URL('./simulate-worker.ts', import.meta.url));

/** The run's id, the prefix of its games' ids (`<runId>-<index>`): from its seed alone, so every shard's games are named alike. */
export const runIdOf = (runSeed: string): string => `sim-${sha256Hex(runSeed).slice(0, 12)}`;

/** Game i's secret seed and bots' seed, from the run's seed. */
export function gameSeed(runSeed: string, i: number): { seed: string; botSeed: number } {
  const seed = sha256Hex(`${runSeed}:${i}`);
  return { seed, botSeed: Number.parseInt(seed.slice(0, 8), 16) };
}

/** The run's settings from the options, or from the checkpoint when resuming (options given must agree). */
async function settingsOf(o: SimulateOptions): Promise<{ settings: RunSettings; checkpoint: Checkpoint | null }> {
  const path = join(o.out, CHECKPOINT_FILE);
  const saved = existsSync(path) ? (JSON.parse(await readFile(path, 'utf8')) as Checkpoint) : null;
  if (o.resume) {
    if (!saved || saved.format !== CHECKPOINT_FORMAT) throw new Error(`${o.out} holds no simulation to resume (no ${CHECKPOINT_FILE})`);
    const s = saved.settings;
    const given: Partial<RunSettings> = { game: o.game, seats: o.seats, games: o.games, options: o.options, seed: o.seed, trajectories: o.trajectories, maxMoves: o.maxMoves, format: o.format, shard: o.shard };
    if (o.bots !== undefined) given.lineup = parseLineup(o.bots, s.seats);
    for (const [key, value] of Object.entries(given)) {
      if (value !== undefined && !isDeepStrictEqual(value, s[key as keyof RunSettings])) throw new Error(`--resume: ${key} differs from the run in ${o.out} (${JSON.stringify(s[key as keyof RunSettings])}); leave it out or give the same`);
    }
    return { settings: s, checkpoint: saved };
  }
  if (saved && !saved.converted) throw new Error(`${o.out} holds an unfinished simulation: complete it with --resume, or choose another --out`);
  const game = findGame(o.game);
  if (!game) throw new Error(`unknown game "${o.game}" (one of ${registry.map((g) => g.id).join(', ')})`);
  const lineup = parseLineup(o.bots ?? DEFAULT_LINEUP, o.seats);
  if (!Number.isInteger(o.games) || o.games < 1 || o.games > MAX_GAMES) throw new Error(`--games takes 1 to ${MAX_GAMES}`);
  const maxMoves = moveCap(o.maxMoves);
  const format = o.format ?? (o.trajectories ? 'parquet' : 'compact');
  if (!OUTPUT_FORMATS.includes(format)) throw new Error(`--format takes ${OUTPUT_FORMATS.join(', ')}`);
  // Trajectories are built from each game's events as it ends: a compact run keeps none.
  if (format === 'compact' && o.trajectories) throw new Error('--trajectories needs --format parquet, ndjson or both (a compact run keeps no events)');
  // Seats and options are checked by the engine itself, with its own message, before any thread starts.
  table(game).decide(null, { type: 'create', game: game.id, seats: o.seats, options: o.options ?? {}, seed: 'check', seedFixed: true });
  if (o.shard) {
    checkShard(o.shard, o.games);
    // A fresh seed per shard would make N unrelated runs, not one.
    if (o.seed === undefined) throw new Error('--shard needs --seed: every shard of a run derives its games from the same seed');
  }
  const settings: RunSettings = { game: game.id, seats: o.seats, games: o.games, options: o.options ?? {}, lineup, seed: o.seed ?? randomBytes(16).toString('hex'), trajectories: o.trajectories ?? false, maxMoves, format, ...(o.shard && { shard: o.shard }) };
  return { settings, checkpoint: null };
}

/** Replaces the checkpoint whole (write, then rename): a kill leaves the old one or the new one. */
async function saveCheckpoint(out: string, c: Checkpoint): Promise<void> {
  const path = join(out, CHECKPOINT_FILE);
  await writeFile(`${path}.tmp`, JSON.stringify(c, null, 1));
  await rename(`${path}.tmp`, path);
}

export async function simulate(o: SimulateOptions): Promise<SimulateSummary> {
  const started = performance.now();
  const { settings: s, checkpoint } = await settingsOf(o);
  const runId = runIdOf(s.seed);
  const total = shardGames(s.games, s.shard);
  await mkdir(o.out, { recursive: true });
  // A fresh run splits the games into one share per thread; a resumed one goes on with the shares it had.
  const fresh = Math.max(1, Math.min(o.workers ?? availableParallelism(), total));
  const share = Math.ceil(s.games / fresh);
  const shares: Share[] = checkpoint?.shares ?? [...Array(fresh).keys()].map((t) => ({ from: t * share, next: t * share, to: Math.min(s.games, (t + 1) * share) })).filter((x) => x.from < x.to);
  const state: Checkpoint = checkpoint ?? { format: CHECKPOINT_FORMAT, settings: s, shares, position: EMPTY_POSITION, capped: 0, converted: false };
  const resumed = state.position.games;
  const threads = Math.max(1, Math.min(o.workers ?? availableParallelism(), shares.length));

  // A fresh run clears an earlier run's tables: stats must never read its Parquet beside this run's NDJSON.
  if (!checkpoint) for (const name of [...tableFiles({ trajectories: true }).flatMap((f) => [f.ndjson, f.parquet]), PLAYS_FILE]) await rm(join(o.out, name), { force: true });
  const compact = s.format === 'compact';
  if (!state.converted) {
    // The files are cut back to the last checkpoint: a batch half-written when the run was killed is played again.
    const sink = await ExportSink.open(o.out, state.position, { trajectories: s.trajectories, compact });
    await saveCheckpoint(o.out, state);
    // One writer for every thread: batches are appended in arrival order, one at a time.
    let writing = Promise.resolve();
    // The threads running: ended when the run fails, or one blocked on an ack that never comes would keep the process alive.
    const live = new Set<Worker>();
    const run = (sh: Share) =>
      new Promise<void>((resolve, reject) => {
        if (o.signal?.aborted) return reject(new Error(`the simulation was stopped; --resume --out ${o.out} completes it`));
        const task: WorkerTask = { game: s.game, seats: s.seats, options: s.options, lineup: s.lineup, runSeed: s.seed, runId, from: sh.next, to: sh.to, trajectories: s.trajectories, maxMoves: s.maxMoves, shard: s.shard, compact };
        const worker = new Worker(WORKER_BOOT(), { eval: true, workerData: task });
        live.add(worker);
        worker.on('exit', () => live.delete(worker));
        const stop = () => {
          void worker.terminate();
          reject(new Error(`the simulation was stopped; --resume --out ${o.out} completes it`));
        };
        o.signal?.addEventListener('abort', stop, { once: true });
        worker.on('exit', () => o.signal?.removeEventListener('abort', stop));
        worker.on('message', (batch: WorkerBatch) => {
          writing = writing.then(async () => {
            // Whole batches only: one arriving after the stop is played again by the resumed run.
            if (o.signal?.aborted) return;
            await sink.addBatch(batch.lines);
            state.position = await sink.position();
            state.capped += batch.capped;
            sh.next = batch.next;
            await saveCheckpoint(o.out, state);
            o.onProgress?.(state.position.games, total, state.position.games - resumed);
            // The acknowledgement hands the batch's buffers back, written now (position() flushed them), for the thread to fill again.
            const buffers = batchBuffers(batch.lines);
            worker.postMessage(buffers, buffers);
          });
          writing.catch(reject);
        });
        worker.on('error', reject);
        worker.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`a simulation thread stopped with code ${code}`))));
      });
    // At most `threads` shares at once, each on its own thread.
    const queue = shares.filter((sh) => sh.next < sh.to);
    const runner = async () => {
      for (let sh = queue.shift(); sh; sh = queue.shift()) await run(sh);
    };
    try {
      await Promise.all([...Array(threads).keys()].map(runner));
    } catch (e) {
      // A failed write (a full disk, a file size limit) or thread: no more shares, and the threads still playing are ended.
      queue.length = 0;
      await Promise.all([...live].map((w) => w.terminate()));
      throw e;
    } finally {
      await writing.catch(() => undefined);
      await sink.close();
    }
    await writing;
    if (s.format === 'parquet' || s.format === 'both') await writeParquet(o.out, { trajectories: s.trajectories });
    state.converted = true;
    await saveCheckpoint(o.out, state);
  }
  const files = tableFiles({ trajectories: s.trajectories });
  if (s.format === 'parquet') for (const f of files) await rm(join(o.out, f.ndjson), { force: true });
  if (s.format === 'ndjson') for (const f of files) await rm(join(o.out, f.parquet), { force: true });
  // A compact run's events and moves tables appear when first derived (plays.ts), never from an earlier run.
  const left = compact ? [GAMES_FILE, PLAYS_FILE] : files.flatMap((f) => (s.format === 'both' ? [f.ndjson, f.parquet] : [s.format === 'parquet' ? f.parquet : f.ndjson]));
  const seconds = (performance.now() - started) / 1000;
  const played = state.position.games - resumed;
  return {
    game: s.game,
    seats: s.seats,
    games: state.position.games,
    events: state.position.events,
    seconds,
    gamesPerSecond: played / seconds,
    workers: threads,
    seed: s.seed,
    lineup: s.lineup,
    capped: state.capped,
    resumed,
    files: left,
  };
}
