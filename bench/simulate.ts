/**
 * What the rules-variant lab costs per move beside the engine alone, by CPU time (the machine is
 * shared). Two figures per game and seat count:
 * - in process: the worker's unit (services/analytics/lab-game.ts: bots through the table
 *   decider, the commits, the export's lines) against bench/engine.ts's random game, games
 *   alternating, random bots (the engine's own figure plays random moves);
 * - the whole `npm run simulate` (its simulate(): a worker thread, the batches, the NDJSON files,
 *   the checkpoints, the Parquet), process start aside: the CPU of a run of 4N games less that of
 *   N games, per move of the 3N games between.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AnyGame } from '../services/engine/core/index.js';
import { labGame } from '../services/analytics/lab-game.js';
import { lineupBots } from '../services/bots/lineup.js';
import { simulate } from '../services/analytics/simulate.js';
import { playRandomGame } from './engine.js';

const cpu = () => {
  const c = process.cpuUsage();
  return c.user + c.system;
};

/** The same number of games both ways, alternating, for about `seconds` of CPU; CPU µs per move of each. */
export function benchSimulate(game: AnyGame, seats: number, seconds: number, lineup = 'random') {
  const specs = [...Array(seats)].map(() => lineup);
  const { bots, close } = lineupBots(game.id, specs);
  const task = { seats, options: {}, lineup: specs, runSeed: 'bench', runId: 'bench', trajectories: false, maxMoves: 20_000 };
  const movesOf = (lines: { game: string }) => (JSON.parse(lines.game) as { moves: number }).moves;
  let engineUs = 0;
  let labUs = 0;
  let engineMoves = 0;
  let labMoves = 0;
  try {
    // Warm both paths first: a cold JIT would be billed to whichever ran first.
    for (let i = 0, c0 = cpu(); cpu() - c0 < Math.min(1, seconds) * 1e6; i++) (playRandomGame(game, seats, 1e6 + i), labGame(game, task, bots, 1e6 + i));
    for (let i = 0; engineUs + labUs < seconds * 2e6; i++) {
      const c0 = cpu();
      engineMoves += playRandomGame(game, seats, i);
      const c1 = cpu();
      labMoves += movesOf(labGame(game, task, bots, i).lines);
      labUs += cpu() - c1;
      engineUs += c1 - c0;
    }
  } finally {
    close();
  }
  return { engineUs: engineUs / engineMoves, labUs: labUs / labMoves, ratio: labUs / labMoves / (engineUs / engineMoves) };
}

/** The whole `npm run simulate` in this process (one worker thread), CPU µs per move with start-up removed: 4N games less N. */
export async function benchSimulateRun(game: AnyGame, seats: number, games: number, bots = 'random'): Promise<number> {
  const run = async (n: number) => {
    const out = mkdtempSync(join(tmpdir(), 'parlor-bench-sim-'));
    try {
      const c0 = cpu();
      // 'both' writes what 'parquet' does and keeps the NDJSON to count the moves.
      await simulate({ game: game.id, seats, games: n, out, workers: 1, seed: 'bench', bots, format: 'both' });
      const used = cpu() - c0;
      const moves = readFileSync(join(out, 'games.ndjson'), 'utf8').trim().split('\n').reduce((m, l) => m + (JSON.parse(l) as { moves: number }).moves, 0);
      return { used, moves };
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  };
  const a = await run(games);
  const b = await run(4 * games);
  return (b.used - a.used) / (b.moves - a.moves);
}
