/**
 * Events the application layer adds to a game's stream, beside the table's and the game's:
 * who holds a seat (players, bots), clocks (DeadlineSet, TimedOut), leaving and cancelling.
 * The engine never sees them (aggregate.ts folds them here), so they cannot perturb the rules
 * or the random streams; history, analytics and replays see them like any other event.
 * None carries hidden information.
 *
 * The registry: each feature keeps its events and how they fold in services/app/events/<feature>.ts;
 * this module joins them (one union, one fold per type, checked by the compiler) and re-exports them.
 */
import type { GameResult, Seat, Status, TableEvent } from '../engine/core/index.js';
import { clockFolds, type ClockStopped, type DeadlineSet, type TimedOut, type TimeoutClaimClosed, type TimeoutClaimed, type TimeoutClaimOpened } from './events/clocks.js';
import { messageFolds, type ChatMuted, type MessageSent } from './events/messages.js';
import { rematchFolds, type RematchAnswered, type RematchCreated, type RematchExpired, type RematchOffered } from './events/rematch.js';
import { seatFolds, type GameCancelled, type SeatClaimed, type SeatResigned } from './events/seats.js';
import type { AppState, GameSettings } from './events/state.js';
import { tournamentFolds, type DealRevealed } from './events/tournaments.js';
import { vacationFolds, type ClockPaused, type ClockResumed } from './events/vacation.js';
import { takeBackFolds, type MoveTakenBack } from './events/take-back.js';

export * from './events/clocks.js';
export * from './events/messages.js';
export * from './events/rematch.js';
export * from './events/seats.js';
export * from './events/state.js';
export * from './events/tournaments.js';
export * from './events/vacation.js';
export * from './events/take-back.js';

export type AppEvent = GameSettings | SeatClaimed | DeadlineSet | ClockStopped | TimedOut | SeatResigned | GameCancelled | RematchCreated | RematchOffered | RematchAnswered | RematchExpired | MessageSent | ChatMuted | ClockPaused | ClockResumed | DealRevealed | TimeoutClaimOpened | TimeoutClaimed | TimeoutClaimClosed | MoveTakenBack;

/** What a game's stream holds: the table's events and the application's beside them (the engine never sees the latter). */
export type StreamEvent = TableEvent | AppEvent;

/** Every app event's fold, one per type: an event added to the union without one does not compile. */
const FOLDS: { [T in AppEvent['type']]: (s: AppState, e: Extract<AppEvent, { type: T }>) => AppState } = { ...seatFolds, ...clockFolds, ...vacationFolds, ...rematchFolds, ...messageFolds, ...tournamentFolds, ...takeBackFolds };

const TYPES = new Set<string>(Object.keys(FOLDS));
/** Whether an event of type `type` is an app event: for a reader that has read an event's type already (a second read of a field of events of many shapes is a slow one). */
export const isAppEventType = (type: string): boolean => TYPES.has(type);
export const isAppEvent = (e: { type: string }): e is AppEvent => isAppEventType(e.type);

export function evolveApp(s: AppState, e: AppEvent): AppState {
  return (FOLDS[e.type] as (s: AppState, e: AppEvent) => AppState)(s, e);
}

/** Seats a registered player holds, lowest first. */
export function seatsOf(app: AppState, player: string): Seat[] {
  return Object.entries(app.players)
    .filter(([, p]) => p === player)
    .map(([seat]) => Number(seat));
}

export interface AppResult extends GameResult {
  resigned: Seat[];
  forfeited: Seat[];
  /** Ended by claim: a seat ran out of time (ASK), another chose END; it is in `forfeited`. */
  claimed: boolean;
  /** A rated game in which a registered player made fewer than `minMoves` moves themself: it counts for no rating. */
  aborted: boolean;
}

/** Whether a rated game ends aborted: some registered player made fewer than the game's minimum of moves themself. */
export function abortedRated(app: AppState): boolean {
  const min = app.settings.rated ? app.settings.minMoves : undefined;
  if (min === undefined) return false;
  return Object.keys(app.players).some((seat) => (app.ownMoves?.[Number(seat)] ?? 0) < min);
}

/**
 * The table's status, with cancelling and who left on top. A seat that resigned or forfeited is
 * never a winner, whatever its stand-in bot scored: the winners are then the best of the seats
 * that stayed, by the game's own ranking (`bestAmong`, the game's standing). When every seat
 * left, no one won (`winners: []`).
 */
export function statusWithApp(status: Status, app: AppState, bestAmong?: (among: Seat[]) => Seat[]): Status & { result: AppResult | null } {
  if (app.cancelled) return { phase: app.cancelled, toMove: [], over: true, result: null };
  if (!status.result) return { ...status, result: null };
  const who = (reason: 'resigned' | 'forfeited') => Object.entries(app.left).filter(([, r]) => r === reason).map(([seat]) => Number(seat));
  const resigned = who('resigned');
  const forfeited = who('forfeited');
  const left = new Set([...resigned, ...forfeited]);
  let winners = status.result.winners;
  if (winners.some((s) => left.has(s))) {
    const stayed = status.result.scores.map((_, seat) => seat).filter((seat) => !left.has(seat));
    const kept = winners.filter((s) => !left.has(s)); // the game's own tie-breaks already chose among these
    winners = stayed.length === 0 ? [] : kept.length > 0 ? kept : (bestAmong?.(stayed) ?? stayed);
  }
  return { ...status, result: { ...status.result, winners, resigned, forfeited, claimed: app.endedByClaim !== undefined, aborted: abortedRated(app) } };
}
