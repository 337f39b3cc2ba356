/**
 * The rating model: Weng–Lin Bayesian ratings (openskill, its default Plackett–Luce model and
 * constants: μ = 25, σ = 25/3, β = 25/6, τ = 25/300). One rating per player per game type, seat
 * counts pooled (the model takes any number of players per game). Pure: the same ranks in the
 * same order always give the same numbers, which is what lets ratings be rebuilt from the log.
 */
import { rate, rating as fresh } from 'openskill';

import type { Rating } from '../store/ratings-port.js';

export type { Rating };

/** A player's rating before their first rated game of a type. */
export const INITIAL: Readonly<Rating> = Object.freeze(fresh());

/** The figure players are ranked by: μ − 3σ, a conservative estimate (starts at 0). */
export const conservative = (r: Rating) => r.mu - 3 * r.sigma;

/**
 * Everyone's rating after one game. `ranks[i]` is player i's place (0 = first; equal ranks are a
 * tie). Each player is a team of one.
 */
export function rateGame(before: readonly Rating[], ranks: readonly number[]): Rating[] {
  if (before.length !== ranks.length || before.length < 2) throw new Error(`a rated game has two players or more (got ${before.length} ratings, ${ranks.length} ranks)`);
  const after = rate(
    before.map((r) => [{ mu: r.mu, sigma: r.sigma }]),
    { rank: [...ranks] },
  );
  return after.map(([r]) => ({ mu: r!.mu, sigma: r!.sigma }));
}
