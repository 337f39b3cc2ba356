/**
 * Taking a move back (app/commands/take-back.ts): the seat's last move, committed at `version`,
 * is undone. An application event, not the table's: the engine's states stay a plain fold of the
 * game's events, and the service puts back the state it kept from before the move
 * (aggregate.ts). It names a seat and a version, both public, and shows nothing hidden.
 */
import type { Seat } from '../../engine/core/index.js';
import type { AppState } from './state.js';

export interface MoveTakenBack {
  type: 'MoveTakenBack';
  seat: Seat;
  /** The version of the commit whose move is undone. */
  version: number;
}

export const takeBackFolds = {
  // The game's state and the clocks come back through aggregate.ts and the clock events beside it.
  MoveTakenBack: (s: AppState, _e: MoveTakenBack): AppState => s,
};
