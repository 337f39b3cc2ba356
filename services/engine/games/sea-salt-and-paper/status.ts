/** status: who must act now (one seat at a time), and the result once the game is over. */
import type { Status } from '../../core/index.js';
import type { State } from './state.js';

export function status(s: State): Status {
  return s.result
    ? { phase: 'over', toMove: [], over: true, result: { scores: s.result.scores, winners: s.result.winners } }
    : { phase: s.phase, toMove: [s.active], over: false, result: null };
}
