/**
 * Sea Salt & Paper's command space (completeness, and refusals in non-interference checks): every card id for the one-card
 * commands, both piles, every seat, and every pair of the hand (plus a card the seat does not
 * hold) for a duo.
 */
import { DECK_SIZE } from '../../../services/engine/games/sea-salt-and-paper/cards.js';
import type { State } from '../../../services/engine/games/sea-salt-and-paper/state.js';
import { pairs, range, type Domain } from '../../kit/completeness.js';

export function seaSaltAndPaperSpace(s: State, seat: number, seats: number): Domain {
  const hand = s.hands[seat]!;
  const notHeld = range(0, DECK_SIZE).find((c) => !hand.includes(c))!;
  return {
    card: range(0, DECK_SIZE),
    pile: [0, 1],
    // A duo is named in hand order (hands are kept sorted by id).
    cards: pairs([...hand, notHeld].sort((a, b) => a - b)),
    opponent: range(0, seats),
  };
}
