/**
 * The ratings' storage port (here, beside the event store port, so the store implements it without importing upward). A game type's ratings are the fold of its ledger: one entry per
 * rated game, appended at the next sequence number by a conditional write (two games ending at
 * once cannot both take it, so every entry is computed from the ratings of all entries before
 * it). Everything else (players' current ratings, their history, the leaderboard, the "already
 * rated" marks) is materialized from ledger entries, idempotently, and can be rebuilt from them.
 */

/** A skill estimate: mean and uncertainty (the ratings model's μ and σ). */
export interface Rating {
  mu: number;
  sigma: number;
}

export interface RatedSeat {
  seat: number;
  /** A registered player's id, or the bot's rating id for a seat the server's bot played from the start. */
  ratingId: string;
  name: string;
  /** 0 = first; equal ranks tie. */
  rank: number;
}

/** A finished rated game, as the ledger receives it. */
export interface RatedGame {
  gameId: string;
  game: string;
  /** ISO time of the commit that ended the game. */
  endedAt: string;
  seats: RatedSeat[];
  /** Two human seats were taken from one client address or device, and the game's rule says such a game does not count (app/seat-marks.ts). */
  linked?: true;
}

/** What the fairness rules (services/ratings/fair.ts) remember of a player's rating of a game type. */
export interface FairState {
  /** Counted rated games played. */
  games: number;
  /** Distinct opponents of counted games, up to the number that ends the provisional state. */
  opponents?: string[];
  /** The human opponents of each of the player's most recent counted games, oldest first (the pair limit's window). */
  recent?: string[][];
}

/** A player's rating of one game type. */
export interface PlayerRating extends Rating, FairState {
  ratingId: string;
  game: string;
  name: string;
  /** Rated games played. */
  games: number;
  /** Off the leaderboard (fair.ts): too few distinct opponents yet. Absent: listed. */
  provisional?: true;
  /** The ledger entry that last changed it. */
  seq: number;
}

/** One seat of a ledger entry: the outcome and the rating before and after. */
export interface LedgerSeat extends RatedSeat {
  before: Rating & FairState;
  after: Rating;
  /** The player's fairness state after the entry (absent in older entries: games + 1). */
  record?: FairState & { provisional?: true };
}

export interface LedgerEntry extends Omit<RatedGame, 'seats'> {
  seq: number;
  seats: LedgerSeat[];
  /** The game did not count (its pair of players had played enough in the window, or `linked`): no rating changed. */
  counted?: false;
}

/** A player's rating after one game (their history, newest first). */
export interface RatingChange extends Rating {
  game: string;
  gameId: string;
  seq: number;
  endedAt: string;
  rank: number;
  /** Players in the game. */
  players: number;
  before: Rating;
  /** The game did not count (fair.ts): the rating is unchanged. */
  counted?: false;
  /** …because two of its human seats were taken from one client address or device (linked seats). */
  linked?: true;
}

export interface RatingsStore {
  /** Entries after `seq`, in order, at most `limit`. */
  entriesAfter(game: string, seq: number, limit: number): Promise<LedgerEntry[]>;
  /** Writes the entry at its seq unless one is there already: false when another took the seq. */
  append(entry: LedgerEntry): Promise<boolean>;
  /** The highest seq whose entry is materialized (0: none). */
  materializedUpTo(game: string): Promise<number>;
  /** Writes every read model of one entry: ratings, history, the game's rated mark (idempotent; a rating never goes back to an older seq). */
  writeReadModels(entry: LedgerEntry): Promise<void>;
  /** Moves the materialized mark to `seq` (never back). */
  markMaterialized(game: string, seq: number): Promise<void>;
  /** The seq a game was rated at, if it was. */
  ratedAt(game: string, gameId: string): Promise<number | null>;
  /** Current ratings (absent: never rated). */
  ratings(game: string, ratingIds: readonly string[]): Promise<Map<string, PlayerRating>>;
  /** One player's ratings, every game type. */
  playerRatings(ratingId: string): Promise<PlayerRating[]>;
  /** Best first (by μ − 3σ), `limit` after the leaderboard position `after`. */
  leaderboard(game: string, limit: number, after?: string): Promise<PlayerRating[]>;
  /** A player's changes in one game type, newest first, `limit` after the history position `after`. */
  history(ratingId: string, game: string, limit: number, after?: string): Promise<RatingChange[]>;
}

/** Where a rating stands on the leaderboard: best first (then by id), as a string that sorts ascending. */
export function leaderboardPosition(r: Pick<PlayerRating, 'mu' | 'sigma' | 'ratingId'>): string {
  const rating = r.mu - 3 * r.sigma;
  // 1000 above any rating the model can reach, in millionths: a fixed-width non-negative integer.
  return `${String(Math.round((1000 - rating) * 1e6)).padStart(13, '0')}#${r.ratingId}`;
}

/** Where a change stands in its player's history: newest first. */
export const historyPosition = (seq: number) => String(9_999_999_999 - seq).padStart(10, '0');
