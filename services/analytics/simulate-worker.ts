/**
 * One worker thread of `npm run simulate`: plays its share of the games and sends them back as
 * export lines, a batch at a time, never more than two batches ahead of the writer (memory stays
 * bounded however many games are asked for). A game still running at the move cap is stopped
 * there and sent flagged `move-cap`.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { findGame } from '../engine/registry.js';
import type { GameLines } from './ndjson.js';
import { labGame } from './lab-game.js';
import { inShard } from './shard.js';
import type { WorkerBatch, WorkerTask } from './simulate.js';
import { lineupBots } from '../bots/lineup.js';

const task = workerData as WorkerTask;
const game = findGame(task.game)!;
const port = parentPort!;
let acked = 0;
let sent = 0;
let wake: (() => void) | null = null;
port.on('message', () => {
  acked++;
  wake?.();
});
const caughtUp = () => new Promise<void>((resolve) => (wake = resolve));

let batch: GameLines[] = [];
let capped = 0;
let since = performance.now();
const send = async (next: number) => {
  port.postMessage({ lines: batch, capped, next } satisfies WorkerBatch);
  sent++;
  batch = [];
  capped = 0;
  since = performance.now();
  while (sent - acked >= 2) await caughtUp();
};

// One bot per seat for the whole share (an external one is one process, kept for every game).
const { bots, close } = lineupBots(game.id, task.lineup);
try {
  for (let i = task.from; i < task.to; i++) {
    if (!inShard(i, task.shard)) continue;
    const played = labGame(game, task, bots, i);
    if (played.capped) capped++;
    batch.push(played.lines);
    if (batch.length >= 50 || performance.now() - since > 200) await send(i + 1);
  }
  if (batch.length) await send(task.to);
} finally {
  close();
}
port.close();
