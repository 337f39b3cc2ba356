/**
 * A game's standing when it is stopped before its end (the table's `stop`): the public totals,
 * and the seats of `among` with the best of them (ties share the win).
 */
import type { GameResult, Seat } from './decider.js';

export function standingOf(totals: readonly number[], among: readonly Seat[], best: 'highest' | 'lowest'): GameResult {
  const pick = best === 'highest' ? Math.max : Math.min;
  const top = pick(...among.map((seat) => totals[seat]!));
  return { scores: [...totals], winners: among.filter((seat) => totals[seat] === top) };
}
