/**
 * What a rated game demands (chosen at creation: `rated: true`): a fixed seed would let its
 * creator know every deal, an anonymous seat has no one to rate, and one player in two seats
 * would rate against themselves. Refused with codes of their own, before anything is written.
 */
import type { Aggregate } from './aggregate.js';
import { AppError } from './errors.js';
import type { GameSettings } from './app-events.js';

/**
 * The fewest moves each registered player of a rated game makes themself (not a stand-in bot's,
 * not a forced move the server played) for the game to count; fewer and it ends aborted,
 * unrated. Recorded in the game's settings at creation, so a later change of the figure never
 * rewrites a finished game's outcome. Servers may set their own (ServiceOptions.ratedMinMoves).
 */
export const RATED_MIN_MOVES = 3;

export function checkRatedCreate(input: { seed?: string; settings?: Partial<Pick<GameSettings, 'rated' | 'multiSeat' | 'tournament'>> }): void {
  if (!input.settings?.rated) return;
  // A tournament's seed is the server's own, drawn at the round's start: no creator knows it.
  if (input.seed !== undefined && !input.settings.tournament) throw new AppError('RATED_FIXED_SEED', 'a rated game cannot have a fixed seed: its creator would know every deal');
  if (input.settings.multiSeat) throw new AppError('RATED_SEAT_TWICE', 'a rated game cannot let one player hold several seats (multiSeat)');
}

/** A seat of a rated game is taken by a registered player (or a bot seated at creation). */
export function checkRatedJoin(agg: Aggregate, player: string | undefined): void {
  if (agg.app.settings.rated && player === undefined) throw new AppError('RATED_NEEDS_PLAYERS', 'a rated game is joined with a player token (registerPlayer)');
}
