/**
 * Rating a finished game exactly once, whatever the concurrency and however often the game's
 * end is delivered (DynamoDB Streams redeliver; a crash can stop us between any two writes):
 *
 *   1. catch up: materialize every ledger entry past the materialized mark (an entry is written
 *      before its read models, so a crash in between is repaired by whoever comes next);
 *   2. if the game is marked as rated, stop (this delivery is a repeat);
 *   3. rate it from its players' current ratings and append the entry at the next seq, on the
 *      condition that the seq is free (a game that ended elsewhere meanwhile took it: start over);
 *   4. materialize it.
 */
import { FAIR_RULES, judge, isProvisional, type FairRules, type FairState } from './fair.js';
import { INITIAL, rateGame, type Rating } from './model.js';
import type { RatedGame } from './outcome.js';
import type { LedgerEntry, RatingsStore } from '../store/ratings-port.js';

const CATCH_UP_PAGE = 100;
/** Appends lost to games ending at the same moment before we give up (and the stream retries). */
const MAX_ATTEMPTS = 50;

/** Writes an entry's read models, then moves the mark past it (a crash in between is repaired by the next catch-up). */
export async function materialize(store: RatingsStore, entry: LedgerEntry): Promise<void> {
  await store.writeReadModels(entry);
  await store.markMaterialized(entry.game, entry.seq);
}

/** Materializes every entry past the mark; returns the last seq of the ledger. */
export async function catchUp(store: RatingsStore, game: string): Promise<number> {
  let seq = await store.materializedUpTo(game);
  for (;;) {
    const entries = await store.entriesAfter(game, seq, CATCH_UP_PAGE);
    for (const entry of entries) await materialize(store, entry);
    if (entries.length < CATCH_UP_PAGE) return entries.at(-1)?.seq ?? seq;
    seq = entries.at(-1)!.seq;
  }
}

/** The ledger entry of `outcome` at `seq`, from the players' ratings before it. */
export async function entryFor(store: RatingsStore, outcome: RatedGame, seq: number, rules: FairRules = FAIR_RULES): Promise<LedgerEntry> {
  const current = await store.ratings(outcome.game, outcome.seats.map((s) => s.ratingId));
  const before = outcome.seats.map((s) => current.get(s.ratingId) ?? { ...INITIAL, games: 0 });
  const { counted, after } = step(outcome, before, rules);
  return {
    ...outcome,
    seq,
    ...(!counted && { counted: false as const }),
    seats: outcome.seats.map((s, i) => ({ ...s, before: fairBefore(before[i]!), after: after[i]!.rating, record: after[i]!.record })),
  };
}

/** The fields of a rating before a game that its ledger entry keeps. */
const fairBefore = (r: Rating & FairState): Rating & FairState => ({ mu: r.mu, sigma: r.sigma, games: r.games, ...(r.opponents && { opponents: r.opponents }), ...(r.recent && { recent: r.recent }) });

/**
 * One game through the fairness rules and the model: whether it counts, and each seat's rating
 * and fairness state after it (unchanged when it does not count). The rebuild folds with it too.
 */
export function step(outcome: RatedGame, before: readonly (Rating & FairState)[], rules: FairRules = FAIR_RULES): { counted: boolean; after: { rating: Rating; record: FairState & { provisional?: true } }[] } {
  const { counted, after } = judge(outcome, before, rules);
  const rated = counted ? rateGame(before, outcome.seats.map((s) => s.rank)) : before.map((r) => ({ mu: r.mu, sigma: r.sigma }));
  return {
    counted,
    after: after.map((record, i) => ({ rating: rated[i]!, record: { ...record, ...(isProvisional(outcome.seats[i]!.ratingId, record, rules) && { provisional: true as const }) } })),
  };
}

/** Rates the game once; returns its seq (the one it already had when this is a repeat). */
export async function rateOnce(store: RatingsStore, outcome: RatedGame, rules: FairRules = FAIR_RULES): Promise<number> {
  if (new Set(outcome.seats.map((s) => s.ratingId)).size !== outcome.seats.length) throw new Error(`game ${outcome.gameId}: a player in two seats cannot be rated`);
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const head = await catchUp(store, outcome.game);
    const done = await store.ratedAt(outcome.game, outcome.gameId);
    if (done !== null) return done;
    const entry = await entryFor(store, outcome, head + 1, rules);
    if (!(await store.append(entry))) continue;
    await materialize(store, entry);
    return entry.seq;
  }
  throw new Error(`game ${outcome.gameId}: lost the ratings ledger to other games ${MAX_ATTEMPTS} times`);
}
