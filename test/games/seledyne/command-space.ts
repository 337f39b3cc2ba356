/**
 * Seledyne's command space (completeness, and refusals in non-interference checks): every card
 * of the seat's hand, reserve and counter plus one it does not own, every seat as a gift's
 * target, and every set of up to four hand cards as a gift (in the order the rules list them:
 * by value, then hand order).
 */
import { houseCards } from '../../../services/engine/games/seledyne/cards.js';
import type { State } from '../../../services/engine/games/seledyne/state.js';
import { range, subsets, type Domain } from '../../kit/completeness.js';

export function seledyneSpace(s: State, seat: number, seats: number): Domain {
  const me = s.players[seat]!;
  // A card the seat does not own, named from public facts only (the space must not depend on hidden ones).
  const foreign = [houseCards(s.players.find((_, i) => i !== seat)!.house, s.options)[0]!.id];
  const mine = [...me.hand, ...me.reserve, ...me.counter].map((c) => c.id);
  const byValue = [...me.hand].sort((a, b) => a.value - b.value).map((c) => c.id);
  return {
    card: [...mine, ...foreign],
    give: [...me.hand.map((c) => c.id), ...foreign],
    take: [...me.reserve.map((c) => c.id), ...foreign],
    target: range(0, seats),
    // Up to four cards: a longer Sum gift would show up as a listed move outside the space.
    cards: subsets(byValue, 4),
  };
}
