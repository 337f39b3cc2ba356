/**
 * Where a rollout may stop short of the game's end, per game: long games (several rounds) are
 * valued at a round boundary from the game's own running scores, which is cheaper than playing
 * every round out and, for the decision at hand, nearly as telling. A game not listed here is
 * played to its end.
 */
import type { AnyGame } from '../../engine/core/index.js';

export interface RolloutCut {
  /** Something that changes when a round (or stage) ends, e.g. the round number. */
  stage(state: unknown): unknown;
  /** How many stage changes a rollout plays through before it stops. */
  stages: number;
  /** Each seat's value in [0, 1] of a position cut short. */
  value(state: unknown, seats: number): number[];
}

export const CUTS: Record<string, RolloutCut> = {};

export const cutFor = (game: AnyGame): RolloutCut | undefined => CUTS[game.id];
