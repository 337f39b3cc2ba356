/**
 * Bots that see only their seat's view and legal moves (never the state).
 * Plain random play scouts far more often than it shows (there are many insert positions), so
 * rounds run long; these reach emptied hands and big sets more often.
 */
import { pick, type Bot } from '../../core/index.js';

const typeOf = (m: unknown) => (m as { type: string }).type;

/** Picks a kind of move (show, scout, scoutShow, …) uniformly, then a move of that kind. */
export const kindBot: Bot = (_view, legalMoves, rng) => {
  const kind = pick([...new Set(legalMoves.map(typeOf))], rng);
  return pick(
    legalMoves.filter((m) => typeOf(m) === kind),
    rng,
  );
};

/** Shows whenever it can three times in four (a random Show), otherwise any legal move. */
export const eagerBot: Bot = (_view, legalMoves, rng) => {
  const shows = legalMoves.filter((m) => typeOf(m) === 'show');
  return shows.length && rng.int(4) > 0 ? pick(shows, rng) : pick(legalMoves, rng);
};
