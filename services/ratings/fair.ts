/**
 * What keeps ratings from being farmed (with a second account, or one friend over and over),
 * after Lichess's aborted games, provisional ratings and boosting rules. Pure and deterministic
 * (ledger order only, no clock), so the projection and the rebuild from the log agree:
 *
 * - a rated game in which a registered player made fewer than RATED_MIN_MOVES moves themself is
 *   aborted: it changes no rating (app/rated.ts; the figure is recorded in the game at creation);
 * - of a player's `pairWindow` most recent counted games, at most `pairGames` are against any one
 *   opponent: a game beyond that enters the ledger as not counted and changes nothing (the window
 *   is counted in games, in ledger order, not in time: the projection and a rebuild from the log
 *   then agree whatever clock stamped the commits);
 * - a rating is provisional, and off the leaderboard, until its player has played counted games
 *   against `provisionalOpponents` distinct opponents (server bots count as opponents).
 * - a rated game in which two human seats were taken from one client address or one device is
 *   not counted (its `linked` mark, judged from the game's own events: app/seat-marks.ts), unless
 *   the game was created under RATED_LINKED_SEATS=COUNTED;
 * Server bots (`bot:` ids) are exempt from the pair rule and never provisional.
 */
import { isBotRatingId } from './outcome.js';
import type { FairState, RatedGame } from '../store/ratings-port.js';

export type { FairState };
export { RATED_MIN_MOVES } from '../app/rated.js';

export interface FairRules {
  /** Distinct opponents before a rating leaves its provisional state and enters the leaderboard. */
  provisionalOpponents: number;
  /** Counted games against one opponent among a player's `pairWindow` most recent counted games. */
  pairGames: number;
  /** The window, in counted games. */
  pairWindow: number;
}

/** The server's rules. A rebuild must fold with the rules the ledger was written with. */
export const FAIR_RULES: Readonly<FairRules> = Object.freeze({ provisionalOpponents: 5, pairGames: 3, pairWindow: 10 });

export const isProvisional = (ratingId: string, s: Pick<FairState, 'opponents'>, rules: FairRules = FAIR_RULES) =>
  !isBotRatingId(ratingId) && (s.opponents?.length ?? 0) < rules.provisionalOpponents;

/** Only the fairness fields of a stored rating. */
const fairOf = (s: FairState): FairState => ({ games: s.games, ...(s.opponents && { opponents: [...s.opponents] }), ...(s.recent && { recent: s.recent.map((g) => [...g]) }) });

/** Counted games of `a` against `b` in a's window. */
const pairCount = (a: FairState, b: string) => (a.recent ?? []).filter((opponents) => opponents.includes(b)).length;

/**
 * Whether the game counts, and each seat's state after it (the same as before when it does not).
 * `before[i]` is seat i's state. A game of three or more counts only if no two of its players
 * have reached the pair limit.
 */
export function judge(outcome: RatedGame, before: readonly FairState[], rules: FairRules = FAIR_RULES): { counted: boolean; after: FairState[] } {
  const ids = outcome.seats.map((s) => s.ratingId);
  const humans = ids.map((id, i) => [id, i] as const).filter(([id]) => !isBotRatingId(id));
  // Seats taken from one client address or device (throwaway accounts): the game counts for no one.
  if (outcome.linked) return { counted: false, after: before.map(fairOf) };
  const capped = humans.some(([, i]) => humans.some(([b, j]) => j !== i && pairCount(before[i]!, b) >= rules.pairGames));
  if (capped) return { counted: false, after: before.map(fairOf) };
  const after = before.map((s, i): FairState => {
    const id = ids[i]!;
    if (isBotRatingId(id)) return { games: s.games + 1 };
    const others = ids.filter((_, j) => j !== i);
    // Kept only up to the figure that decides: the item stays small however many opponents.
    const opponents = [...(s.opponents ?? [])];
    for (const o of others) if (opponents.length < rules.provisionalOpponents && !opponents.includes(o)) opponents.push(o);
    // Only the window's games: older ones no longer decide anything.
    const recent = [...(s.recent ?? []), others.filter((o) => !isBotRatingId(o))].slice(-rules.pairWindow);
    return { games: s.games + 1, opponents, recent };
  });
  return { counted: true, after };
}
