/**
 * A duplicate tournament's game shares its deal with the other tables of its board. Until every
 * one of them has ended (the tournament then appends DealRevealed to each), the game is private
 * to its seats: no spectator view or history, no seed, no public record, no export. Otherwise a
 * player could read the cards of their own table from a table that is ahead.
 */
import type { Viewer } from '../engine/core/index.js';
import type { Aggregate } from './aggregate.js';
import { AppError } from './errors.js';

export const isSealed = (agg: Aggregate): boolean => agg.app.settings.tournament?.sealed === true && !agg.app.revealed;

/** Refuses a spectator of a sealed game. */
export function checkNotSealed(agg: Aggregate, viewer: Viewer): void {
  if (viewer === null && isSealed(agg)) throw new AppError('FORBIDDEN', 'a duplicate tournament game is private to its seats until every table of its board has ended');
}

/** The seed as clients may see it: once the game is over, and not while it is sealed. */
export const shownSeed = (agg: Aggregate): string | null => (agg.state.ended && !isSealed(agg) ? agg.state.seed : null);
