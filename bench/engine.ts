/**
 * The engine's price per move: random games through the table decider (no I/O), CPU time per
 * move, the median over blocks of seeds. With an anchor build (the engine of another commit,
 * `engineAt`), both play the very same seeds, block by block, alternating which goes first, so one
 * run on a noisy machine still says which is faster and by how much.
 */
import { hash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as core from '../services/engine/core/index.js';
import { games as currentGames } from '../services/engine/registry.js';
import type { AnyGame, TableState } from '../services/engine/core/index.js';

/** What the harness needs of an engine build: its table, its generators and its games. */
export interface EngineBuild {
  label: string;
  table: typeof core.table;
  fastRng: typeof core.fastRng;
  randomBot: typeof core.randomBot;
  games: readonly AnyGame[];
}

export const currentEngine: EngineBuild = { label: 'this tree', table: core.table, fastRng: core.fastRng, randomBot: core.randomBot, games: currentGames };

/**
 * Commit `ref`'s `paths` (git archive), extracted once into .bench-engines/<sha><suffix>: inside the
 * repository, so their imports find node_modules. Null when the ref does not resolve. A half-made
 * folder is never used: each extraction goes to a folder of its own first, then is renamed.
 */
export function treeAt(ref: string, paths: readonly string[], suffix = ''): { sha: string; dir: string } | null {
  const root = resolve(import.meta.dirname, '..');
  let sha: string;
  try {
    sha = execFileSync('git', ['rev-parse', '--verify', `${ref}^{commit}`], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
  const dir = join(root, '.bench-engines', `${sha}${suffix}`);
  if (!existsSync(join(dir, paths[0]!))) {
    const tmp = `${dir}.tmp-${process.pid}`;
    mkdirSync(tmp, { recursive: true });
    execFileSync('tar', ['-x', '-C', tmp], { input: execFileSync('git', ['archive', sha, ...paths], { cwd: root, maxBuffer: 256 * 2 ** 20 }) });
    rmSync(dir, { recursive: true, force: true });
    renameSync(tmp, dir);
  }
  return { sha, dir };
}

/** The engine of commit `ref` (services/engine only: `treeAt`), or null when the ref does not resolve or has no engine. */
export async function engineAt(ref: string): Promise<EngineBuild | null> {
  const tree = treeAt(ref, ['services/engine']);
  if (!tree) return null;
  const { sha, dir } = tree;
  if (!existsSync(join(dir, 'services/engine/registry.ts'))) return null;
  const engine = join(dir, 'services/engine');
  const c = (await import(pathToFileURL(join(engine, 'core/index.ts')).href)) as typeof core;
  const r = (await import(pathToFileURL(join(engine, 'registry.ts')).href)) as { games: readonly AnyGame[] };
  return { label: `${ref} (${sha.slice(0, 7)})`, table: c.table, fastRng: c.fastRng, randomBot: c.randomBot, games: r.games };
}

/**
 * One random game: each move the mover's legal moves and a uniform pick among them. The view is
 * built lazily, as the server does (when a client reads it): the random bot never reads it.
 */
export function playRandomGame(game: AnyGame, seats: number, seed: number, options: unknown = {}, engine: EngineBuild = currentEngine, t = engine.table(game)): number {
  const rng = engine.fastRng(seed);
  // A seed as the server makes them (64 hex characters, rng.ts newSeed): a short one costs each draw's hash less.
  let s: TableState = t.fold(t.decide(null, { type: 'create', game: game.id, seats, options, seed: hash('sha256', `bench-${seed}`, 'hex'), seedFixed: true }));
  for (let i = 0; i < seats; i++) s = t.fold(t.decide(s, { type: 'join', name: `p${i}`, tokenHash: `${i}` }), s);
  let moves = 0;
  while (!s.ended) {
    const toMove = t.status(s).toMove;
    const seat = toMove[rng.int(toMove.length)]!;
    const move = engine.randomBot(undefined, t.legalMoves(s, seat), rng);
    s = t.fold(t.decide(s, { type: 'move', seat, move }), s);
    moves++;
  }
  return moves;
}

/**
 * Games (of any engine build) warmed up already in this process, per option set: an edition of
 * Silver runs code (Bodyguard, Villagers, the amulet) the others never reach, and half a second
 * of warm-up left Silver's amulet at 2 seats timed at 3-4× its settled figure when it came after
 * the dagger and the coin.
 */
const warmed = new WeakMap<AnyGame, Set<string>>();

/** A CPU clock in µs: the process's (every thread: `process.cpuUsage()`), or one thread's (bench/engine-thread.ts). */
export type CpuClock = () => number;

export const processCpu: CpuClock = () => {
  const c = process.cpuUsage();
  return c.user + c.system;
};
export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

export interface EngineFigure {
  label: string;
  /** Median over blocks of seeds of the CPU µs per move. */
  cpuUsPerMove: number;
  /** Each block's CPU µs per move, in the order run. */
  blocks: number[];
  /** Wall µs per move over every block. */
  wallUsPerMove: number;
  movesPerGame: number;
  games: number;
}

/** One block's reading: CPU and wall µs, moves, games. */
export interface BlockReading {
  cpu: number;
  wall: number;
  moves: number;
  games: number;
}

/**
 * One engine build playing one game and option set, timed by `clock`: the steps the harness
 * takes, so they run alike in this thread (`benchEngines`) or on a thread of its own (bench/engine-thread.ts).
 */
export function engineRunner(engine: EngineBuild, gameId: string, seats: number, options: unknown, clock: CpuClock) {
  const game = engine.games.find((g) => g.id === gameId);
  if (!game) throw new Error(`${engine.label} has no game ${gameId}`);
  const t = engine.table(game);
  return {
    /**
     * Warm-up on seeds no block uses: 1 s of CPU and on till it settles (below) the first time a
     * game and option set is timed in this process (the optimising compiler and the game's memo
     * tables take about that to settle; a quarter-second billed it to the first blocks, Seledyne
     * at 2 seats read 4× its settled figure), then `seconds` (at most 1).
     */
    warm(seconds: number) {
      const variants = warmed.get(game) ?? warmed.set(game, new Set()).get(game)!;
      const first = !variants.has(JSON.stringify(options));
      variants.add(JSON.stringify(options));
      const warmSeconds = first ? 1 : Math.min(1, seconds);
      const c0 = clock();
      let n = 0;
      for (; clock() - c0 < warmSeconds * 1e6; ) playRandomGame(game, seats, 1e9 + n++, options, engine, t);
      // Then on until three quarter-seconds in a row are no more than 10% faster than the best
      // before them (at most 4 s more): on a loaded machine the compiler's background threads get
      // little CPU, and Silver's dagger at 2 seats settled only after about 2.5 s of the main
      // thread's CPU (57.7, 29.8, 15.8, 8.6, 6.1, 7.3, 6.1, 4.2, 7.0, 3.3 µs/move per quarter-second).
      if (!first) return;
      let best = Infinity;
      for (let k = 0, still = 0; k < 16 && still < 3; k++) {
        const c1 = clock();
        let moves = 0;
        while (clock() - c1 < 0.25e6) moves += playRandomGame(game, seats, 1e9 + n++, options, engine, t);
        const perMove = (clock() - c1) / moves;
        still = perMove < 0.9 * best ? 0 : still + 1;
        best = Math.min(best, perMove);
      }
    },
    /** CPU µs a game takes, over 50 ms of games (sizes the blocks). */
    perGame(): number {
      const c0 = clock();
      let n = 0;
      while (clock() - c0 < 0.05 * 1e6) playRandomGame(game, seats, 2e9 + n++, options, engine, t);
      return (clock() - c0) / n;
    },
    /** Block `b`: seeds b·n … b·n+n−1. */
    block(b: number, n: number): BlockReading {
      const c0 = clock();
      const w0 = performance.now();
      let moves = 0;
      for (let i = 0; i < n; i++) moves += playRandomGame(game, seats, b * n + i, options, engine, t);
      return { cpu: clock() - c0, wall: (performance.now() - w0) * 1000, moves, games: n };
    },
  };
}

/** The figure of one engine from its blocks. */
export function engineFigure(label: string, readings: readonly BlockReading[]): EngineFigure {
  const moves = readings.reduce((m, r) => m + r.moves, 0);
  const games = readings.reduce((m, r) => m + r.games, 0);
  const blocks = readings.map((r) => r.cpu / r.moves);
  return { label, cpuUsPerMove: median(blocks), blocks, wallUsPerMove: readings.reduce((w, r) => w + r.wall, 0) / moves, movesPerGame: moves / games, games };
}

/** Games per block: about `seconds` of CPU over `blocks` blocks of every engine, from the dearest engine's game. */
export const blockSize = (seconds: number, blocks: number, engines: number, perGameUs: number) => Math.max(1, Math.round((seconds * 1e6) / blocks / engines / Math.max(perGameUs, 1)));

/**
 * The older way (BENCH_ENGINE_WAY=main): every engine in this thread, timed by the process's CPU.
 * Each engine plays the same blocks of seeds (block b: seeds b·n … b·n+n−1), alternating which
 * goes first; after a warm-up on other seeds, `blocks` blocks sized to about `seconds` in all.
 * bench/engine-thread.ts says why it is not the bench's default.
 */
export function benchEngines(gameId: string, seats: number, seconds: number, options: unknown, engines: readonly EngineBuild[], blocks = 9, clock: CpuClock = processCpu): EngineFigure[] {
  const rows = engines.map((engine) => ({ engine, run: engineRunner(engine, gameId, seats, options, clock), readings: [] as BlockReading[] }));
  for (const r of rows) r.run.warm(seconds / engines.length);
  const perBlock = blockSize(seconds, blocks, rows.length, Math.max(...rows.map((r) => r.run.perGame())));
  for (let b = 0; b < blocks; b++) {
    const order = b % 2 ? [...rows].reverse() : rows;
    for (const r of order) r.readings.push(r.run.block(b, perBlock));
  }
  return rows.map((r) => engineFigure(r.engine.label, r.readings));
}

/** This tree's engine alone (kept for callers that want one figure). */
export function benchEngine(game: AnyGame, seats: number, seconds: number, options: unknown = {}) {
  const [r] = benchEngines(game.id, seats, seconds, options, [currentEngine]);
  return { games: r!.games, gamesPerSecond: 1e6 / (r!.wallUsPerMove * r!.movesPerGame), movesPerGame: r!.movesPerGame, cpuUsPerMove: r!.cpuUsPerMove };
}

/**
 * The bench's way (bench/engine-thread.ts says why): a child process with `--single-threaded-gc`,
 * each engine on a worker thread of its own timed by that thread's CPU, taking turns block by
 * block on the same seeds. `refs`: null for this tree's engine, else a commit (`engineAt`).
 */
export function benchEnginesThreaded(gameId: string, seats: number, seconds: number, options: unknown, refs: (string | null)[], blocks = 9, how: { gc?: 'own' | 'parallel'; where?: 'worker' | 'main'; clock?: 'thread' | 'process' } = {}): EngineFigure[] {
  const entry = fileURLToPath(new URL('./engine-thread.ts', import.meta.url));
  const ask = { gameId, seats, options, seconds, refs, blocks, where: how.where, clock: how.clock };
  const out = execFileSync(process.execPath, [...(how.gc === 'parallel' ? [] : ['--single-threaded-gc']), '--import', 'tsx', entry, JSON.stringify(ask)], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 16 * 2 ** 20 });
  return JSON.parse(out.trim().split('\n').pop()!) as EngineFigure[];
}
