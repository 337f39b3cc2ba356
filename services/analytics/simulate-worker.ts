/**
 * One worker thread of `npm run simulate`: plays its share of the games and sends them back as
 * export lines, a batch at a time, never more than two batches ahead of the writer (memory stays
 * bounded however many games are asked for: a batch holds at most 8 MB of lines). A game still running at the move cap is stopped
 * there and sent flagged `move-cap`.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { findGame } from '../engine/registry.js';
import { LinesBatch } from './ndjson.js';
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
// Each acknowledgement brings back the buffers of a batch now written, filled again by the next batches.
const spare: ArrayBuffer[] = [];
port.on('message', (buffers: ArrayBuffer[]) => {
  acked++;
  // At most the two batches in flight's: a batch's buffers are enough for the next, and a spare kept beyond would only hold memory.
  for (const b of buffers) if (spare.length < 10) spare.push(b);
  wake?.();
});
const caughtUp = () => new Promise<void>((resolve) => (wake = resolve));

/**
 * A batch is what the thread finished in 1 s of wall time, or 8 MB of lines if that comes first:
 * each batch costs the writer a checkpoint (a file written and renamed) and about 1 ms of its
 * thread whatever its size. At 50 games a batch short games spent a fifth of their CPU on
 * checkpoints; at 0.2 s, on a loaded machine (where 0.2 s of wall time is a few dozen games) the
 * writer and the file pool were 5–10% of the engine's CPU per move. A killed run loses at most
 * the two batches in flight. It travels encoded, its buffers transferred (LinesBatch).
 */
const BATCH_MS = 1000;
const BATCH_CHARS = 8 << 20;
let batch = new LinesBatch(spare);
let capped = 0;
let since = performance.now();
const send = async (next: number) => {
  const { batch: lines, transfer } = batch.encode();
  port.postMessage({ lines, capped, next } satisfies WorkerBatch, transfer);
  sent++;
  batch = new LinesBatch(spare);
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
    batch.add(played.lines);
    if (batch.chars >= BATCH_CHARS || performance.now() - since > BATCH_MS) await send(i + 1);
  }
  if (batch.gameCount) await send(task.to);
} finally {
  close();
}
port.close();
