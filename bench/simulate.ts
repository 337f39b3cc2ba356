/**
 * What the rules-variant lab costs per move beside the engine alone, by CPU time (the machine is
 * shared). Per game and seat count:
 * - in process: the worker's unit (services/analytics/lab-game.ts: bots through the table
 *   decider, the default compact record's lines gathered as it plays) against the engine's random
 *   game on the same seeds (`engineGame`), games alternating, random bots (the engine's own figure
 *   plays random moves);
 * - the stages beside it (`benchSimulateStages`): the bots' game with no record, the compact game
 *   whole; the full formats' bot game keeping commits, the facts, the full tables' lines, writing
 *   them, and the Parquet conversion;
 * - the whole `npm run simulate` (its simulate(): a worker thread, the batches, the files, the
 *   checkpoints), process start aside: the CPU of a run of 4N games less that of N games, per move
 *   of the 3N games between; by default (compact) and with `--format parquet`.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fastRng, randomBot, type AnyGame, type Table, type TableState } from '../services/engine/core/index.js';
import { labGame } from '../services/analytics/lab-game.js';
import { lineupBots } from '../services/bots/lineup.js';
import { gameSeed, simulate } from '../services/analytics/simulate.js';
import { botGame, playBotGame } from '../services/analytics/bot-game.js';
import { ExportSink, gameLines } from '../services/analytics/ndjson.js';
import { writeParquet } from '../services/analytics/parquet.js';
import { labFacts, playsOf } from '../services/analytics/plays.js';
import { gameFacts } from '../services/analytics/record.js';
import { currentEngine } from './engine.js';

/** The engine's table of `game`, made once per figure (the engine's figure: random play through one table). */
const engineTable = (game: AnyGame) => currentEngine.table(game);

/**
 * The engine's random game `i` with the lab's seeds for game `i` (`gameSeed`): bench/engine.ts's
 * random game, but the secret seed a real game has (64 hex characters, as the lab's and the
 * server's: the seeded stream hashes it with each draw, and `bench-<i>` fits one SHA-256 block
 * where 64 characters take two, 2–8% of the engine's move), one table for every game (the engine
 * bench's and the simulator's thread's way: a table per game parsed the options each game, and
 * read SCOUT at 2 seats 1.2× slower), and the lab's creation and joins. The same deals as the
 * lab's games; the bots' draws are the engine bench's (`randomBot` on the engine's order). The
 * seeds are derived before the clock starts: deriving them is the lab's cost, not the engine's.
 */
type GameSeeds = ReturnType<typeof gameSeed>;

function engineGame(game: AnyGame, seats: number, { seed, botSeed }: GameSeeds, t: Table): number {
  const rng = fastRng(botSeed);
  let s: TableState = t.fold(t.decide(null, { type: 'create', game: game.id, seats, options: {}, seed, seedFixed: false }));
  for (let k = 0; k < seats; k++) s = t.fold(t.decide(s, { type: 'join', name: `bot${k}`, tokenHash: '' }), s);
  let moves = 0;
  while (!s.ended) {
    const toMove = t.status(s).toMove;
    const seat = toMove[rng.int(toMove.length)]!;
    s = t.fold(t.decide(s, { type: 'move', seat, move: randomBot(undefined, t.legalMoves(s, seat), rng) }), s);
    moves++;
  }
  return moves;
}

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
    for (let i = 0, c0 = cpu(); cpu() - c0 < Math.max(1, seconds) * 1e6; i++) (engineGame(game, seats, gameSeed('bench', 1e6 + i), t), labGame(game, task, bots, 1e6 + i));
    for (; engineUs + labUs < seconds * 2e6; games++) {
      const i = games;
      const seeds = gameSeed('bench', i);
      const c0 = cpu();
      engineMoves += engineGame(game, seats, seeds, t);
      const c1 = cpu();
      labMoves += labGame(game, task, bots, i).moves;
      labUs += cpu() - c1;
      engineUs += c1 - c0;
    }
  } finally {
    close();
  }
  return { engineUs: engineUs / engineMoves, labUs: labUs / labMoves, ratio: labUs / labMoves / (engineUs / engineMoves), movesPerGame: labMoves / games };
}

/**
 * The whole `npm run simulate` in this process (one worker thread), CPU µs per move with start-up removed: 4N games less N.
 * `format`: the default compact run, or `both` (what `parquet` writes, keeping the NDJSON to count the moves).
 * The engine's random game is timed between the runs (0.5 s of CPU before, between and after): the
 * machine's load moves between minutes. Repeated `repeat` times; the ratio is each repetition's
 * marginal CPU per move over its engine figure, and the median is reported with the range.
 */
export async function benchSimulateRun(game: AnyGame, seats: number, games: number, bots = 'random', format: 'compact' | 'both' = 'compact', repeat = 1): Promise<{ us: number; engineUs: number; ratio: number; ratios: number[] }> {
  const t = engineTable(game);
  // Derived once, before any clock (0.5 s of engine CPU is fewer games than this at every seat count).
  const seeds = Array.from({ length: 8192 }, (_, i) => gameSeed('bench', 3e6 + i));
  const engine = () => {
    let moves = 0;
    const c0 = cpu();
    for (let i = 0; cpu() - c0 < 5e5; i++) moves += engineGame(game, seats, seeds[i % seeds.length]!, t);
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
    const em = engineGame(game, seats, seeds, table);
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
