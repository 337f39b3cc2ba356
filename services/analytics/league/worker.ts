/** One worker thread of `npm run league`: plays its games, one message per game; its external bots live as long as it does. */
import { parentPort, workerData } from 'node:worker_threads';
import { findGame } from '../../engine/registry.js';
import { lineupBots } from '../../bots/lineup.js';
import { playLeagueGame } from './game.js';
import type { LeagueTask } from './run.js';

const task = workerData as LeagueTask;
const game = findGame(task.game)!;
const { bots, close } = lineupBots(game.id, task.lineup);
try {
  for (const spec of task.specs) parentPort!.postMessage(playLeagueGame(game, bots, spec, task.maxMoves));
} finally {
  close();
}
