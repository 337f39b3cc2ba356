/**
 * The engine anchor of the whole-run figure (bench/simulate.ts, `benchSimulateRun`), on a thread
 * of its own so it runs in the same wall window as the simulator's thread: the machine's load,
 * which moves minute by minute on a shared machine, then weighs on both alike. It sends its kernel
 * thread id (the main thread reads its CPU from the scheduler) and plays the engine's random game
 * on the lab's seeds until told to stop, counting moves into shared memory as it goes.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { findGame } from '../services/engine/registry.js';
import { gameSeed } from '../services/analytics/simulate.js';
import { currentEngine } from './engine.js';
import { engineGame, ownTid } from './lab-engine.js';
import { labGame } from '../services/analytics/lab-game.js';
import { lineupBots } from '../services/bots/lineup.js';

const { game: id, seats, counters, mode = 'engine' } = workerData as { game: string; seats: number; counters: SharedArrayBuffer; mode?: 'engine' | 'lab' };
const game = findGame(id)!;
const t = currentEngine.table(game);
// [0]: moves played so far; [1]: set to 1 by the main thread to stop.
const shared = new Int32Array(counters);
// The run's own games (seed 'bench', from game 0), in the order the run plays them.
const seeds = Array.from({ length: 8192 }, (_, i) => gameSeed('bench', i));
let moves = 0;
const onMove = () => {
  shared[0] = ++moves;
};
// Both modes play the lab's random line-up (bench/lab-engine.ts says why).
const specs = [...Array(seats)].map(() => 'random');
const { bots } = lineupBots(game.id, specs);
parentPort!.postMessage(ownTid());
if (mode === 'engine') for (let i = 0; Atomics.load(shared, 1) === 0; i++) engineGame(game, seats, seeds[i % seeds.length]!, t, bots, onMove);
else {
  // The lab's unit (`labGame`, the compact record, its lines dropped), counted per game.
  const task = { seats, options: {}, lineup: specs, runSeed: 'bench', runId: 'bench', trajectories: false, maxMoves: 20_000, compact: true };
  for (let i = 0; Atomics.load(shared, 1) === 0; i++) shared[0] = moves += labGame(game, task, bots, i).moves;
}
