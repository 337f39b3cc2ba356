/**
 * One thread of the server's bot pool (pool.ts): decides each move it is sent from the sight it
 * is sent (the seat's view, legal moves and public setup), one at a time, and answers with it.
 */
import { parentPort } from 'node:worker_threads';
import { findGame } from '../engine/registry.js';
import { botMove } from './kinds.js';
import type { Answer, Decision } from './pool.js';

const port = parentPort!;
port.on('message', (d: Decision) => {
  let answer: Answer;
  try {
    const game = findGame(d.game);
    if (!game) throw new Error(`unknown game ${d.game}`);
    answer = { id: d.id, move: botMove({ view: d.view, legalMoves: d.legalMoves, context: { game, seat: d.seat, setup: d.setup } }, d.kind, d.key, d.stream) };
  } catch (e) {
    answer = { id: d.id, error: e instanceof Error ? (e.stack ?? e.message) : String(e) };
  }
  port.postMessage(answer);
});
