/**
 * Ratings, the concern: a projection of rated games' ends (locally after each commit, on AWS
 * from the stream) and the reads the api and other concerns (tournaments) use: the leaderboard
 * of a game type, a player's ratings and their history, a page at a time.
 */
import { AppError } from '../app/errors.js';
import { checkFirst, cursorKey, DEFAULT_PAGE, pageOf, type Page } from '../app/pages.js';
import type { Projection } from '../app/projections.js';
import type { FairRules } from './fair.js';
import { rateOnce } from './ledger.js';
import { conservative } from './model.js';
import { isBotRatingId, ratedOutcome } from './outcome.js';
import { historyPosition, leaderboardPosition, type PlayerRating, type RatingChange, type RatingsStore } from '../store/ratings-port.js';

/** Cursors are base64url of short positions: anything longer is not one of ours. */
const MAX_CURSOR = 200;

export type { PlayerRating, RatingChange, RatingsStore } from '../store/ratings-port.js';

/** A rating as clients see it. */
export interface RatingView {
  game: string;
  player: { id: string; name: string; bot: boolean };
  /** μ − 3σ. */
  rating: number;
  mu: number;
  sigma: number;
  games: number;
  /** Off the leaderboard: too few distinct opponents yet (fair.ts). */
  provisional: boolean;
}

export const ratingView = (r: PlayerRating): RatingView => ({ game: r.game, player: { id: r.ratingId, name: r.name, bot: isBotRatingId(r.ratingId) }, rating: conservative(r), mu: r.mu, sigma: r.sigma, games: r.games, provisional: r.provisional === true });

/** A change as clients see it: the rating after the game, and μ − 3σ before it. */
export const changeView = (c: RatingChange) => ({ ...c, rating: conservative(c), ratingBefore: conservative(c.before), counted: c.counted !== false, linkedSeats: c.linked === true });

export interface RatingsOptions {
  /** The game types that exist (a leaderboard of another is BAD_INPUT). */
  gameTypes: () => readonly string[];
  /** A registered player's name, for the leaderboard (default: the name they took the seat with). */
  nameOf?: (playerId: string) => Promise<string | undefined>;
  /** Provisional ratings and the pair limit (default FAIR_RULES, fair.ts). */
  fair?: FairRules;
}

export class Ratings {
  constructor(
    readonly store: RatingsStore,
    private readonly options: RatingsOptions,
  ) {}

  /** Rates each rated game once, when the commit that ends it arrives (repeats change nothing). */
  projection(): Projection {
    return {
      name: 'ratings',
      apply: async (agg, commit) => {
        const outcome = ratedOutcome(agg, commit);
        if (!outcome) return;
        const { nameOf } = this.options;
        if (nameOf) for (const s of outcome.seats) if (!isBotRatingId(s.ratingId)) s.name = (await nameOf(s.ratingId)) ?? s.name;
        await rateOnce(this.store, outcome, this.options.fair);
      },
    };
  }

  async leaderboard(game: string, first = DEFAULT_PAGE, after?: string): Promise<Page<RatingView>> {
    this.checkGame(game, after);
    checkFirst(first);
    const rows = await this.store.leaderboard(game, first + 1, after === undefined ? undefined : cursorKey(after));
    const page = pageOf(rows, leaderboardPosition, first);
    return { edges: page.edges.map((e) => ({ cursor: e.cursor, node: ratingView(e.node) })), pageInfo: page.pageInfo };
  }

  async playerRatings(ratingId: string): Promise<RatingView[]> {
    return (await this.store.playerRatings(ratingId)).map(ratingView);
  }

  async history(ratingId: string, game: string, first = DEFAULT_PAGE, after?: string): Promise<Page<ReturnType<typeof changeView>>> {
    this.checkGame(game, after);
    checkFirst(first);
    const rows = await this.store.history(ratingId, game, first + 1, after === undefined ? undefined : cursorKey(after));
    const page = pageOf(rows, (c) => historyPosition(c.seq), first);
    return { edges: page.edges.map((e) => ({ cursor: e.cursor, node: changeView(e.node) })), pageInfo: page.pageInfo };
  }

  private checkGame(game: string, after?: string): void {
    if (!this.options.gameTypes().includes(game)) throw new AppError('BAD_INPUT', `unknown game type "${game}"`);
    if (after !== undefined && after.length > MAX_CURSOR) throw new AppError('BAD_INPUT', `a cursor has at most ${MAX_CURSOR} characters`);
  }
}
