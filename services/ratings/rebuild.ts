/**
 * Ratings rebuilt from the event log alone: each rated game's outcome derived again from its
 * commits, folded through the model in the order given (the ledger's, or the order the games
 * ended). The projection must agree with this to the last bit; a test holds it to that.
 */
import { applyCommit, fromStream, type GameLookup } from '../app/aggregate.js';
import type { Commit } from '../store/port.js';
import { FAIR_RULES, type FairRules, type FairState } from './fair.js';
import { step } from './ledger.js';
import { INITIAL, type Rating } from './model.js';
import { ratedOutcome, type RatedGame } from './outcome.js';

/** The rated outcome of a finished game from its commits; null when it is casual or not over. */
export function outcomeFromLog(gameId: string, commits: readonly Commit[], lookup?: GameLookup): RatedGame | null {
  if (!commits.length) return null;
  let agg = fromStream(gameId, { version: 0, snapshot: null, commits: commits.slice(0, 1) }, lookup);
  for (const commit of commits.slice(1)) {
    agg = applyCommit(agg, commit);
    const outcome = ratedOutcome(agg, commit);
    if (outcome) return outcome;
  }
  return null;
}

/** Everyone's rating after `games`, in that order. */
export function foldRatings(games: readonly RatedGame[], rules: FairRules = FAIR_RULES): Map<string, Rating & FairState & { provisional?: true }> {
  const ratings = new Map<string, Rating & FairState & { provisional?: true }>();
  for (const g of games) {
    const before = g.seats.map((s) => ratings.get(s.ratingId) ?? { ...INITIAL, games: 0 });
    const { after } = step(g, before, rules);
    g.seats.forEach((s, i) => ratings.set(s.ratingId, { ...after[i]!.rating, ...after[i]!.record }));
  }
  return ratings;
}

/** The order games ended in (ties by id): the ledger's order whenever games end one after another. */
export const byEnd = (a: RatedGame, b: RatedGame) => (a.endedAt === b.endedAt ? (a.gameId < b.gameId ? -1 : 1) : a.endedAt < b.endedAt ? -1 : 1);
