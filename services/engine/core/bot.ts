/**
 * Bots see exactly what their seat sees: its view and its legal moves, never the state.
 */
import { pick } from './random.js';
import type { Rng } from './rng.js';

export type Bot = (view: unknown, legalMoves: readonly unknown[], rng: Rng) => unknown;

/** Plays a uniformly random legal move. */
export const randomBot: Bot = (_view, legalMoves, rng) => pick(legalMoves, rng);
