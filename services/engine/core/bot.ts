/**
 * Bots see exactly what their seat sees: its view and its legal moves, never the state. What
 * else they get is public: which game this is, its setup (seat count and options) and their
 * seat, so a search bot can sample worlds (`Game.sampleWorld`) consistent with that view.
 */
import type { AnyGame, Seat, SetupContext } from './decider.js';
import { pick } from './random.js';
import type { Rng } from './rng.js';

/** The public facts around a decision, beside the view and the legal moves. */
export interface BotContext {
  game: AnyGame;
  seat: Seat;
  setup: SetupContext<unknown>;
}

export type Bot = (view: unknown, legalMoves: readonly unknown[], rng: Rng, context: BotContext) => unknown;

/** Plays a uniformly random legal move. */
export const randomBot = (_view: unknown, legalMoves: readonly unknown[], rng: Rng): unknown => pick(legalMoves, rng);

/** Everything a bot may look at for one decision. */
export interface BotSight {
  view: unknown;
  legalMoves: readonly unknown[];
  context: BotContext;
}
