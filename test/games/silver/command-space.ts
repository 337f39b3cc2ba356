/**
 * Silver's command space (completeness, and refusals in non-interference checks): every village position (one past the
 * longest row too), every seat, card number, display card, drawn card and discard-pile card.
 */
import type { State } from '../../../services/engine/games/silver/state.js';
import { pairs, range, type Domain } from '../../kit/completeness.js';

export function silverSpace(s: State, seat: number, seats: number): Domain {
  const own = range(0, s.villages[seat]!.length + 1);
  return {
    position: range(0, Math.max(...s.villages.map((v) => v.length)) + 1),
    bodyguard: own,
    // Peeked positions are named in increasing order.
    'peek.positions': pairs(own),
    // A multi-card exchange is accepted at once but listed as `slide` steps and a bare `exchange`.
    'exchange.positions': own.map((p) => [p]),
    display: range(0, s.display.length + 1),
    option: range(0, 4),
    'keep.index': range(0, s.hand.length + 1),
    'pile.index': range(0, s.discard.length + 1),
    seat: range(0, seats),
    value: range(0, 14),
  };
}
