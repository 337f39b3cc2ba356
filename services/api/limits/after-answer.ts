/**
 * Work to run once a request's answer is over: sent in full, or cut off with its connection
 * (the response's 'close', which comes once for every answer). Back-pressure and the per-client
 * in-flight count each gave a slot back on it with a listener of their own (`once`: a wrapper,
 * then a listener array copied on emit and spliced on removal) on every request; here a response
 * gets one listener, however many pieces wait on it (issue 33 item 5).
 */
import type { ServerResponse } from 'node:http';

const waiting = Symbol('parlor.afterAnswer');
type Waited = ServerResponse & { [waiting]?: (() => void)[] };

function runAll(this: Waited): void {
  const list = this[waiting]!;
  this[waiting] = undefined;
  for (const work of list) work();
}

/** Runs `work` when the answer on `res` is over (its 'close'), once. */
export function afterAnswer(res: ServerResponse, work: () => void): void {
  const r = res as Waited;
  const list = r[waiting];
  if (list) list.push(work);
  else {
    r[waiting] = [work];
    r.once('close', runAll);
  }
}
