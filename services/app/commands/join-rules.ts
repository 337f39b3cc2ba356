/**
 * Who may take a seat, checked before anything is written: a rated game (rated.ts) and a game
 * whose creator asked for registered players (`requireRegistered`) are joined with a player
 * token only, so one client cannot fill the table with anonymous seats.
 */
import type { Aggregate } from '../aggregate.js';
import { AppError } from '../errors.js';
import { checkRatedJoin } from '../rated.js';

export function checkJoin(agg: Aggregate, player: string | undefined): void {
  checkRatedJoin(agg, player);
  if (agg.app.settings.requireRegistered && player === undefined) throw new AppError('FORBIDDEN', 'this game is joined with a player token (registerPlayer): its creator requires registered players');
}
