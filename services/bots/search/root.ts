import type { Bot, BotContext, Rng } from '../../engine/core/index.js';

/** What a search is given at its root: the seat's sight and moves (with their keys), its fast rng and its rollout policy. */
export interface Root {
  view: unknown;
  legalMoves: readonly unknown[];
  /** `JSON.stringify` of each legal move, in order. */
  keys: readonly string[];
  rng: Rng;
  context: BotContext;
  policy: Bot;
  /** A world the seat cannot tell from the real one (the game's `sampleWorld` of this view), drawn with `rng`. */
  sampleWorld(): unknown;
}
