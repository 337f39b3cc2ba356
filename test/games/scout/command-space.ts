/**
 * SCOUT's command space (completeness, and refusals in non-interference checks): every hand position and insert slot
 * (one past each end too, which must be refused), both ends of the Active Set, both flips.
 */
import type { State } from '../../../services/engine/games/scout/state.js';
import { range, type Domain } from '../../kit/completeness.js';

export function scoutSpace(s: State, seat: number): Domain {
  const n = s.hands[seat]!.length;
  return {
    'show.from': range(0, n + 1),
    'show.to': range(0, n + 1),
    at: range(0, n + 2),
    // A one-card Active Set has one card at both ends: the list names it once, as `left`.
    end: s.active.length > 1 ? ['left', 'right'] : ['left'],
    // The atomic Scout & Show (with from/to) is accepted but listed as its two steps.
    'scoutShow.from': [],
    'scoutShow.to': [],
  };
}
