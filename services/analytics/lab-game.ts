/**
 * One game of a lab run, as export lines: the unit both `npm run simulate` (its worker threads)
 * and the AWS lab's shard function (services/handlers/lab.ts) play, so a shard played on
 * Lambda is record for record the shard played here.
 */
import type { AnyGame, Bot } from '../engine/core/index.js';
import { botGame } from './bot-game.js';
import { gameLines, type GameLines } from './ndjson.js';
import { gameFacts, type GameFacts } from './record.js';
import { gameSeed, type WorkerTask } from './simulate.js';

export type LabGameTask = Pick<WorkerTask, 'seats' | 'options' | 'lineup' | 'runSeed' | 'runId' | 'trajectories' | 'maxMoves'>;

/**
 * Game `i` of the run: its seeds and id come from the run's seed and `i` alone. A game still
 * running at the move cap is stopped there and written flagged `move-cap` (`capped`).
 */
export function labGame(game: AnyGame, task: LabGameTask, bots: readonly Bot[], i: number): { lines: GameLines; capped: boolean } {
  const seeds = gameSeed(task.runSeed, i);
  const commits = botGame(game, { seats: task.seats, options: task.options, bots, ...seeds, maxMoves: task.maxMoves });
  // Each game's line records who played each seat, so `npm run stats` can split by line-up.
  const facts: GameFacts & { bots: string[] } = { ...gameFacts(`${task.runId}-${i}`, commits, { moveCap: true })!, bots: task.lineup };
  return { lines: gameLines(facts, commits, { trajectories: task.trajectories }), capped: facts.endReason === 'move-cap' };
}
