/**
 * What the rules-variant lab costs per move beside the engine alone, by CPU time (the machine is
 * shared). Per game and seat count:
 * - in process: the worker's unit (services/analytics/lab-game.ts: bots through the table
 *   decider, the default compact record's lines gathered as it plays) against the engine driven by
 *   the same bots on the same seeds (`engineGame`: the very same games, checked move count by move
 *   count), games alternating, the line-up's random bots;
 * - the stages beside it (`benchSimulateStages`): the bots' game with no record, the compact game
 *   whole; the full formats' bot game keeping commits, the facts, the full tables' lines, writing
 *   them, and the Parquet conversion;
 * - the same unit on a thread of its own beside the engine's on another (`benchUnitThread`);
 * - the whole `npm run simulate` (its simulate(): a worker thread, the batches, the files, the
 *   checkpoints) beside the engine on a thread of its own in the same wall time, per-thread CPU,
 *   after a warm-up (`benchSimulateRun`, in a child process with each thread's garbage collected
 *   on itself: bench/simulate-whole.ts); with `--format parquet` the older way, the CPU of a run
 *   of 4N games less that of N games (`benchSimulateRunSequential`: the conversion comes at the
 *   end of a run, which the windowed figure stops before).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { AnyGame } from '../services/engine/core/index.js';
import { labGame } from '../services/analytics/lab-game.js';
import { lineupBots, parseLineup } from '../services/bots/lineup.js';
import { gameSeed, MAX_GAMES, simulate } from '../services/analytics/simulate.js';
import { botGame, playBotGame } from '../services/analytics/bot-game.js';
import { ExportSink, gameLines } from '../services/analytics/ndjson.js';
import { writeParquet } from '../services/analytics/parquet.js';
import { labFacts, playsOf } from '../services/analytics/plays.js';
import { gameFacts } from '../services/analytics/record.js';
import { currentEngine } from './engine.js';
import { workerBoot } from '../services/app/worker-boot.js';
import { engineGame, threadCpuUs, threadIds } from './lab-engine.js';

/** The engine's table of `game`, made once per figure (the engine's figure: random play through one table). */
const engineTable = (game: AnyGame) => currentEngine.table(game);

const cpu = () => {
  const c = process.cpuUsage();
  return c.user + c.system;
};

/** The same number of games both ways, alternating, for about `seconds` of CPU; CPU µs per move of each. */
export function benchSimulate(game: AnyGame, seats: number, seconds: number, lineup = 'random') {
  const specs = [...Array(seats)].map(() => lineup);
  const { bots, close } = lineupBots(game.id, specs);
  // The default run's unit: the compact record (services/analytics/plays.ts).
  const task = { seats, options: {}, lineup: specs, runSeed: 'bench', runId: 'bench', trajectories: false, maxMoves: 20_000, compact: true };
  const t = engineTable(game);
  let engineUs = 0;
  let labUs = 0;
  let engineMoves = 0;
  let labMoves = 0;
  let games = 0;
  try {
    // Warm both paths first, a second of CPU at least: a cold JIT would be billed to whichever ran first, and under load the
    // optimising compiler's thread (its CPU counted in the process's) runs late: half a second is likely too little there.
    for (let i = 0, c0 = cpu(); cpu() - c0 < Math.max(1, seconds) * 1e6; i++) (engineGame(game, seats, gameSeed('bench', 1e6 + i), t, bots), labGame(game, task, bots, 1e6 + i));
    for (; engineUs + labUs < seconds * 2e6; games++) {
      const i = games;
      const seeds = gameSeed('bench', i);
      const c0 = cpu();
      const e = engineGame(game, seats, seeds, t, bots);
      const c1 = cpu();
      const l = labGame(game, task, bots, i).moves;
      labUs += cpu() - c1;
      engineUs += c1 - c0;
      // The same game both ways, or the ratio compares different work.
      if (e !== l) throw new Error(`bench: game ${i} of ${game.id} at ${seats} seats took ${e} moves on the engine's side and ${l} in the lab's`);
      engineMoves += e;
      labMoves += l;
    }
  } finally {
    close();
  }
  return { engineUs: engineUs / engineMoves, labUs: labUs / labMoves, ratio: labUs / labMoves / (engineUs / engineMoves), movesPerGame: labMoves / games };
}

/**
 * The older whole-run figure, kept for `--format parquet` (its conversion comes at a run's end, which
 * `benchSimulateRun` stops before). Process CPU and an engine on the main thread: both make it
 * swing with the load and read low (docs/analytics.md, "Third pass").
 * The whole `npm run simulate` in this process (one worker thread), CPU µs per move with start-up removed: 4N games less N.
 * `format`: the default compact run, or `both` (what `parquet` writes, keeping the NDJSON to count the moves).
 * The engine's random game is timed between the runs (0.5 s of CPU before, between and after): the
 * machine's load moves between minutes. Repeated `repeat` times; the ratio is each repetition's
 * marginal CPU per move over its engine figure, and the median is reported with the range.
 */
export async function benchSimulateRunSequential(game: AnyGame, seats: number, games: number, bots = 'random', format: 'compact' | 'both' = 'compact', repeat = 1): Promise<{ us: number; engineUs: number; ratio: number; ratios: number[] }> {
  const t = engineTable(game);
  const { bots: anchorBots } = lineupBots(game.id, parseLineup(bots, seats));
  // Derived once, before any clock (0.5 s of engine CPU is fewer games than this at every seat count).
  const seeds = Array.from({ length: 8192 }, (_, i) => gameSeed('bench', 3e6 + i));
  const engine = () => {
    let moves = 0;
    const c0 = cpu();
    for (let i = 0; cpu() - c0 < 5e5; i++) moves += engineGame(game, seats, seeds[i % seeds.length]!, t, anchorBots);
    return (cpu() - c0) / moves;
  };
  const run = async (n: number) => {
    const out = mkdtempSync(join(tmpdir(), 'parlor-bench-sim-'));
    try {
      const c0 = cpu();
      await simulate({ game: game.id, seats, games: n, out, workers: 1, seed: 'bench', bots, format });
      const used = cpu() - c0;
      const moves = readFileSync(join(out, 'games.ndjson'), 'utf8').trim().split('\n').reduce((m, l) => m + (JSON.parse(l) as { moves: number }).moves, 0);
      return { used, moves };
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  };
  const rows: { us: number; engineUs: number; ratio: number }[] = [];
  // The engine warmed a second first: Silver's first half-second of engine timing is still settling, and its figure (divided into the
  // first repetition's) read that repetition 0.20–0.22× where the next two read 1.07–1.98×.
  engine();
  engine();
  for (let r = 0; r < repeat; r++) {
    const e0 = engine();
    const a = await run(games);
    const e1 = engine();
    const b = await run(4 * games);
    const e2 = engine();
    const us = (b.used - a.used) / (b.moves - a.moves);
    const engineUs = (e0 + e1 + e2) / 3;
    rows.push({ us, engineUs, ratio: us / engineUs });
  }
  // The repetitions in the order they ran (an outlier in the first says the process's first run paid something once).
  const mid = [...rows].sort((x, y) => x.ratio - y.ratio)[(rows.length - 1) >> 1]!;
  return { ...mid, ratios: rows.map((x) => x.ratio) };
}

/**
 * The anchor thread's entry, started as the simulator's own threads are (services/app/worker-boot.ts):
 * an esbuild bundle of its module, so the engine on both sides runs the same build. Through tsx's
 * loader (as before the simulator's threads were bundled) the anchor ran tsx's transform, whose
 * `keepNames` wraps every named closure in a `__name` call each time it is made.
 */
const ANCHOR_BOOT = (): string => workerBoot(new URL('./lab-anchor-worker.ts', import.meta.url));

/** One reading of the threads' CPU (µs) at a batch's end: the simulator's thread, the main thread (the writer), the anchor's, and the whole process. */
interface Reading {
  games: number;
  sim: number;
  main: number;
  anchor: number;
  anchorMoves: number;
  process: number;
}

/** One window of the whole run: the lab's CPU per move over the anchor's in the same wall time. */
export interface RunWindow {
  /** The simulator's thread and the writer (the main thread), CPU µs per move of the window's games. */
  us: number;
  /** Of `us`, the writer's (the main thread's) part. */
  writerUs: number;
  /** The anchor thread's CPU µs per move in the same window. */
  engineUs: number;
  ratio: number;
  /** The process's other threads (the file pool's writes; V8's GC and compiler helpers unless they are off), µs per lab move. */
  backgroundUs: number;
  /** `ratio` with the background billed to the lab. */
  ratioWithBackground: number;
}

/**
 * The whole `npm run simulate` (its simulate(): one worker thread, the batches, the files, the
 * checkpoints) beside the engine timed in the same wall window on a thread of its own, both by
 * per-thread CPU (the scheduler's count: `threadCpuUs`). The run is read at each batch's end:
 * after `warm` seconds of the simulator thread's CPU (start-up, module loading, the JIT settling:
 * process start aside), `windows` windows of `seconds` of its CPU each are measured, then the run
 * is stopped (as a killed run: what it wrote stays). The lab's cost in a window is its thread's CPU
 * and the writer's (the main thread, which does nothing else meanwhile), per move of the games
 * written in it; the anchor's, its thread's CPU per move played in it. The process's other
 * threads are read too (background), billed to neither and printed beside.
 */
export async function benchSimulateRun(game: AnyGame, seats: number, o: { warm: number; seconds: number; windows: number; bots?: string; format?: 'compact' | 'both' }): Promise<{ windows: RunWindow[]; median: RunWindow }> {
  const anchor = await anchorThread(game, seats, 'engine');
  const out = mkdtempSync(join(tmpdir(), 'parlor-bench-sim-'));
  try {
    // The file pool's threads start at the first asynchronous file call: started now, they are not taken for the simulator's thread.
    await readFile(new URL(import.meta.url));
    const known = new Set(threadIds());
    let simTid = 0;
    const readings: Reading[] = [];
    const stop = new AbortController();
    let from = -1;
    try {
      await simulate({
        game: game.id, seats, games: MAX_GAMES, out, workers: 1, seed: 'bench', bots: o.bots ?? 'random', format: o.format ?? 'compact', signal: stop.signal,
        onProgress: (games) => {
          if (stop.signal.aborted) return;
          // The simulator's thread: the thread started since, that has run most.
          if (simTid === 0) simTid = threadIds().filter((t) => !known.has(t)).reduce((a, t) => (a === 0 || threadCpuUs(t) > threadCpuUs(a) ? t : a), 0);
          const e = anchor.read();
          const r: Reading = { games, sim: threadCpuUs(simTid), main: threadCpuUs(process.pid), anchor: e.cpu, anchorMoves: e.moves, process: cpu() };
          // Both threads warmed (`warm` seconds of CPU each; the simulator's counted from its first batch, past its start-up).
          if (from < 0) from = r.sim + o.warm * 1e6;
          if (r.sim < from || r.anchor < o.warm * 1e6) return;
          const last = readings[readings.length - 1];
          if (last === undefined || r.sim - last.sim >= o.seconds * 1e6) readings.push(r);
          if (readings.length > o.windows) stop.abort();
        },
      });
    } catch (e) {
      if (!stop.signal.aborted) throw e;
    }
    const moves = readFileSync(join(out, 'games.ndjson'), 'utf8').trim().split('\n').map((l) => (JSON.parse(l) as { moves: number }).moves);
    const windows: RunWindow[] = [];
    for (let k = 1; k < readings.length; k++) {
      const a = readings[k - 1]!;
      const b = readings[k]!;
      let labMoves = 0;
      for (let g = a.games; g < b.games; g++) labMoves += moves[g]!;
      const lab = b.sim - a.sim + (b.main - a.main);
      const engine = (b.anchor - a.anchor) / (b.anchorMoves - a.anchorMoves);
      // The process's other threads: the file pool's writes and whatever helpers remain (billed to the lab, the upper bound).
      const background = b.process - a.process - lab - (b.anchor - a.anchor);
      const us = lab / labMoves;
      windows.push({ us, writerUs: (b.main - a.main) / labMoves, engineUs: engine, ratio: us / engine, backgroundUs: background / labMoves, ratioWithBackground: (lab + background) / labMoves / engine });
    }
    const median = [...windows].sort((x, y) => x.ratio - y.ratio)[(windows.length - 1) >> 1]!;
    return { windows, median };
  } finally {
    await anchor.stop();
    rmSync(out, { recursive: true, force: true });
  }
}

/**
 * An anchor thread (bench/lab-anchor-worker.ts): the engine's random game, or the lab's unit; `boot`, another
 * tree's build of it (bench/lab-ab.ts). Its CPU (the scheduler's count) and its moves, read at any time.
 */
export async function anchorThread(game: AnyGame, seats: number, mode: 'engine' | 'lab', boot = ANCHOR_BOOT()) {
  const counters = new SharedArrayBuffer(8);
  const shared = new Int32Array(counters);
  const worker = new Worker(boot, { eval: true, workerData: { game: game.id, seats, counters, mode } });
  const [tid] = (await once(worker, 'message')) as [number];
  return {
    read: () => ({ cpu: threadCpuUs(tid), moves: Atomics.load(shared, 0) }),
    stop: async () => {
      Atomics.store(shared, 1, 1);
      await worker.terminate();
    },
  };
}

/**
 * The lab's unit (`labGame`, the compact record, lines dropped) on a thread of its own beside the
 * engine's on another, in the same wall windows, per-thread CPU: what the whole run adds is read
 * against this (its worker's batches, the writer, the files). Warmed and windowed as the whole run.
 */
export async function benchUnitThread(game: AnyGame, seats: number, o: { warm: number; seconds: number; windows: number }): Promise<{ ratios: number[]; median: number }> {
  const [engine, lab] = [await anchorThread(game, seats, 'engine'), await anchorThread(game, seats, 'lab')];
  const sleep = () => new Promise((r) => setTimeout(r, 50));
  try {
    while (engine.read().cpu < o.warm * 1e6 || lab.read().cpu < o.warm * 1e6) await sleep();
    const ratios: number[] = [];
    let a = { e: engine.read(), l: lab.read() };
    while (ratios.length < o.windows) {
      await sleep();
      const b = { e: engine.read(), l: lab.read() };
      if (b.l.cpu - a.l.cpu < o.seconds * 1e6) continue;
      ratios.push((b.l.cpu - a.l.cpu) / (b.l.moves - a.l.moves) / ((b.e.cpu - a.e.cpu) / (b.e.moves - a.e.moves)));
      a = b;
    }
    return { ratios, median: [...ratios].sort((x, y) => x - y)[(ratios.length - 1) >> 1]! };
  } finally {
    await engine.stop();
    await lab.stop();
  }
}

/** The whole run's windows and their median, and the lab's unit on a thread of its own beside it. */
export interface WholeRun {
  windows: RunWindow[];
  median: RunWindow;
  unit: { ratios: number[]; median: number };
}

/**
 * `benchSimulateRun` (and `benchUnitThread` before it) in a process of its own with V8's collector on each thread (bench/simulate-whole.ts
 * says why); `gc: 'parallel'` keeps V8's default (the helpers' CPU then shows as background).
 */
export function benchSimulateWhole(game: AnyGame, seats: number, o: { warm: number; seconds: number; windows: number; format?: 'compact' | 'both'; gc?: 'own' | 'parallel' }): WholeRun {
  const { gc = 'own', ...rest } = o;
  const flags = gc === 'own' ? ['--single-threaded-gc'] : [];
  const args = [process.execPath, ...flags, '--import', 'tsx', fileURLToPath(new URL('./simulate-whole.ts', import.meta.url)), JSON.stringify({ game: game.id, seats, ...rest })];
  // Every thread of the child on one core (taskset; BENCH_SIM_PIN=<cpu>, default 0; none for the scheduler's choice). On this VM a core's
  // speed per CPU second moves by up to 1.8× from one half-second to the next, so two threads on two cores can meet different speeds; on
  // one core they share them, and the windows of a row spread less (docs/analytics.md, fifth pass).
  const pin = simPin();
  const [cmd, ...rest2] = pin ? ['taskset', '-c', pin, ...args] : args;
  const out = execFileSync(cmd!, rest2, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  return JSON.parse(out.trim().split('\n').pop()!) as WholeRun;
}

/**
 * The whole-run figure in `processes` processes, one after another: a process's JIT settles its own
 * way (the same tree's whole-run medians read 1.22–1.34× for SCOUT at 2 seats across ten processes,
 * each process's windows within ±0.04 of its median), so one process's median is a draw of that spread.
 * The figure is the median window of all the processes' windows; each process's median is kept to print.
 */
export function benchSimulateWholeRuns(game: AnyGame, seats: number, o: Parameters<typeof benchSimulateWhole>[2], processes: number): { runs: WholeRun[]; median: RunWindow; unit: number } {
  const runs = Array.from({ length: Math.max(1, processes) }, () => benchSimulateWhole(game, seats, o));
  const mid = <T>(xs: T[], key: (x: T) => number): T => [...xs].sort((x, y) => key(x) - key(y))[(xs.length - 1) >> 1]!;
  return { runs, median: mid(runs.flatMap((r) => r.windows), (w) => w.ratio), unit: mid(runs.flatMap((r) => r.unit.ratios), (x) => x) };
}

/** The core the whole-run figure's child runs on (BENCH_SIM_PIN, default 0), or null: asked not to pin, or no `taskset` here. */
export function simPin(): string | null {
  const pin = process.env.BENCH_SIM_PIN ?? '0';
  if (pin === 'none' || pin === '') return null;
  try {
    execFileSync('taskset', ['-c', pin, 'true'], { stdio: 'ignore' });
    return pin;
  } catch {
    return null;
  }
}

/**
 * CPU µs per move of each stage of a lab game beyond the engine, random bots, after a warm-up,
 * each beside the engine's random game of the same seeds: the bots' game with no record kept
 * (engine and bots: `playBotGame`), the default compact game whole (the same game, its facts and
 * lines gathered as it is played: `labGame`); and the full formats' stages: the bot game keeping
 * its commits (`botGame`), the facts read from them, the full tables' lines (every event
 * serialised), writing them to NDJSON files, and converting those files to Parquet (DuckDB).
 */
export async function benchSimulateStages(game: AnyGame, seats: number, seconds: number) {
  const specs = [...Array(seats)].map(() => 'random');
  const { bots, close } = lineupBots(game.id, specs);
  const task = { seats, options: {}, lineup: specs, runSeed: 'bench', runId: 'bench', trajectories: false, maxMoves: 20_000, compact: true };
  const t = { engine: 0, play: 0, compact: 0, commits: 0, facts: 0, lines: 0, write: 0, convert: 0 };
  let moves = 0;
  let engineMoves = 0;
  const table = engineTable(game);
  // One game through every stage; `sink` receives the full tables' lines.
  const one = async (sink: ExportSink, i: number, measure: boolean) => {
    const seeds = gameSeed('bench', i);
    const c0 = cpu();
    const em = engineGame(game, seats, seeds, table, bots);
    const c1 = cpu();
    playBotGame(game, { seats, options: {}, bots, ...gameSeed('bench', i), maxMoves: 20_000 }, () => undefined);
    const c2 = cpu();
    const compact = labGame(game, task, bots, i);
    const c3 = cpu();
    const commits = botGame(game, { seats, options: {}, bots, ...gameSeed('bench', i), maxMoves: 20_000 });
    const c4 = cpu();
    const facts = labFacts(gameFacts(`bench-${i}`, commits, { moveCap: true })!, specs, playsOf(commits));
    const c5 = cpu();
    const lines = gameLines(facts, commits);
    const c6 = cpu();
    await sink.addLines(lines);
    const c7 = cpu();
    if (em !== compact.moves) throw new Error(`bench: game ${i} of ${game.id} at ${seats} seats took ${em} moves on the engine's side and ${compact.moves} in the lab's`);
    if (!measure || compact.lines.game.length === 0) return;
    t.engine += c1 - c0;
    t.play += c2 - c1;
    t.compact += c3 - c2;
    t.commits += c4 - c3;
    t.facts += c5 - c4;
    t.lines += c6 - c5;
    t.write += c7 - c6;
    engineMoves += em;
    moves += compact.moves;
  };
  const warm = mkdtempSync(join(tmpdir(), 'parlor-bench-stages-'));
  const out = mkdtempSync(join(tmpdir(), 'parlor-bench-stages-'));
  try {
    const warmSink = await ExportSink.open(warm);
    for (let i = 0, c0 = cpu(); cpu() - c0 < Math.max(1, seconds) * 1e6; i++) await one(warmSink, 1e6 + i, false);
    await warmSink.close();
    const sink = await ExportSink.open(out);
    for (let i = 0, c0 = cpu(); cpu() - c0 < seconds * 1e6; i++) await one(sink, i, true);
    await sink.close();
    const c0 = cpu();
    await writeParquet(out);
    t.convert = cpu() - c0;
  } finally {
    close();
    rmSync(warm, { recursive: true, force: true });
    rmSync(out, { recursive: true, force: true });
  }
  const engine = t.engine / engineMoves;
  const per = (x: number) => x / moves / engine;
  return { engineUs: engine, play: per(t.play), compact: per(t.compact), commits: per(t.commits), facts: per(t.facts), lines: per(t.lines), write: per(t.write), convert: per(t.convert) };
}
