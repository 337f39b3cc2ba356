/**
 * One game of a lab run, as export lines: the unit both `npm run simulate` (its worker threads)
 * and the AWS lab's shard function (services/handlers/lab.ts) play, so a shard played on
 * Lambda is record for record the shard played here.
 */
import type { AnyGame, Bot } from '../engine/core/index.js';
import { botGame } from './bot-game.js';
import { gameLine, gameLines, moveCount, type GameLines } from './ndjson.js';
import { playsLine } from './plays.js';
import { gameFacts, type GameFacts } from './record.js';
import { gameSeed, type WorkerTask } from './simulate.js';

export type LabGameTask = Pick<WorkerTask, 'seats' | 'options' | 'lineup' | 'runSeed' | 'runId' | 'trajectories' | 'maxMoves'> & Partial<Pick<WorkerTask, 'compact'>>;

/**
 * Game `i` of the run: its seeds and id come from the run's seed and `i` alone. A game still
 * running at the move cap is stopped there and written flagged `move-cap` (`capped`). A compact
 * run (`task.compact`) writes its games line and its moves only (services/analytics/plays.ts).
 */
export function labGame(game: AnyGame, task: LabGameTask, bots: readonly Bot[], i: number): { lines: GameLines; capped: boolean } {
  const seeds = gameSeed(task.runSeed, i);
  const commits = botGame(game, { seats: task.seats, options: task.options, bots, ...seeds, maxMoves: task.maxMoves });
  // Each game's line records who played each seat, so `npm run stats` can split by line-up.
  const facts = gameFacts(`${task.runId}-${i}`, commits, { moveCap: true }) as GameFacts & { bots: string[] };
  facts.bots = task.lineup;
  // Every seat of a simulation is a bot's (gameLine writes it so; set here, its line needs no copy of the facts).
  facts.botSeats = [...Array(task.seats).keys()];
  const capped = facts.endReason === 'move-cap';
  if (task.compact) return { lines: { game: gameLine(facts, moveCount(commits)), events: '', eventCount: facts.events, moves: '', plays: playsLine(facts.id, commits) }, capped };
  return { lines: gameLines(facts, commits, { trajectories: task.trajectories }), capped };
}
