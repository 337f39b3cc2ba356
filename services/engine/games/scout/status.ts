/** status: who must act now, and the result once the last round is scored. */
import type { Status } from '../../core/index.js';
import { rotationToMove } from './rules.js';
import { winners } from './scoring.js';
import type { State } from './state.js';

export function status(s: State): Status {
  switch (s.phase) {
    case 'over':
      return { phase: 'over', toMove: [], over: true, result: { scores: s.totals, winners: winners(s.totals) } };
    case 'rotate':
      return { phase: 'rotate', toMove: rotationToMove(s), over: false, result: null };
    case 'play':
      return { phase: s.pendingShow ? 'scout-show' : 'play', toMove: [s.turn], over: false, result: null };
    default:
      return { phase: s.phase, toMove: [], over: false, result: null };
  }
}
