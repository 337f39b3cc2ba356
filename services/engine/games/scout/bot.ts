/**
 * A bot that sees only its seat's view and legal moves: it picks a kind of move (show,
 * scout, …) uniformly, then a move of that kind. Plain random play scouts far more often
 * than it shows (there are many insert positions); this one reaches emptied hands too.
 */
import { pick, type Bot } from '../../core/index.js';

export const kindBot: Bot = (_view, legalMoves, rng) => {
  const kinds = [...new Set(legalMoves.map((m) => (m as { type: string }).type))];
  const kind = pick(kinds, rng);
  return pick(
    legalMoves.filter((m) => (m as { type: string }).type === kind),
    rng,
  );
};
