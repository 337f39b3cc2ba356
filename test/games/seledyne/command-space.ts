/**
 * Seledyne's command space for the completeness check: every card of the seat's hand, reserve
 * and counter plus one it does not own, every seat as a gift's target, and every set of hand
 * cards as a gift (in the order the rules list them: by value, then hand order).
 */
import type { State } from '../../../services/engine/games/seledyne/state.js';
import { range, subsets, type Domain } from '../../kit/completeness.js';

export function seledyneSpace(s: State, seat: number, seats: number): Domain {
  const me = s.players[seat]!;
  const other = s.players.find((_, i) => i !== seat)!;
  const foreign = [...other.hand, ...other.reserve].slice(0, 1).map((c) => c.id);
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
