/** Clocks: deadlines, timeouts and the claim on a timed-out seat (services/clocks). */
import type { Seat } from '../../engine/core/index.js';
import { STAND_IN_BOT, type AppState, type TimeoutAction, type TimeoutClaimChoice } from './state.js';

export interface DeadlineSet {
  type: 'DeadlineSet';
  seat: Seat;
  /** ISO time the seat's clock runs out. */
  deadline: string;
  /** The time the seat had when its clock started. */
  remainingMs: number;
}
export interface ClockStopped {
  type: 'ClockStopped';
  seat: Seat;
  remainingMs: number;
}
export interface TimedOut {
  type: 'TimedOut';
  seat: Seat;
  deadline: string;
  action: TimeoutAction;
  /** The bot spec that plays for the seat (absent in games older than timeoutBot: random). */
  bot?: string;
}
/** Under `onTimeout: ASK` the seat ran out of time: the game waits, and the other players may claim (services/clocks/claim.ts). */
export interface TimeoutClaimOpened {
  type: 'TimeoutClaimOpened';
  seat: Seat;
  /** ISO time the question opened (the deadline that passed is in the TimedOut beside it). */
  at: string;
}
/** Another seat answered the claim: the timeoutBot plays the seat, the game ends where it stands, or the seat gets a fresh period. */
export interface TimeoutClaimed {
  type: 'TimeoutClaimed';
  seat: Seat;
  choice: TimeoutClaimChoice;
  /** The seat that chose. */
  by: Seat;
  /** BOT: the bot spec that plays the seat from now on. */
  bot?: string;
  /** WAIT: the time the seat's fresh period gives it. */
  remainingMs?: number;
}
/** The timed-out seat moved before anyone chose: the question is closed and its clock runs on from `remainingMs`. */
export interface TimeoutClaimClosed {
  type: 'TimeoutClaimClosed';
  seat: Seat;
  remainingMs: number;
}


export const clockFolds = {
  DeadlineSet: (s: AppState, e: DeadlineSet): AppState => ({ ...s, clocks: { ...s.clocks, [e.seat]: { remainingMs: e.remainingMs, deadline: e.deadline } } }),
  ClockStopped: (s: AppState, e: ClockStopped): AppState => ({ ...s, clocks: { ...s.clocks, [e.seat]: { remainingMs: e.remainingMs, deadline: null } } }),
  TimedOut: (s: AppState, e: TimedOut): AppState => {
    const clocks = { ...s.clocks, [e.seat]: { remainingMs: 0, deadline: null } };
    if (e.action !== 'FORFEIT') return { ...s, clocks };
    return { ...s, clocks, bots: { ...s.bots, [e.seat]: e.bot ?? STAND_IN_BOT }, left: { ...s.left, [e.seat]: 'forfeited' } };
  },
  TimeoutClaimOpened: (s: AppState, e: TimeoutClaimOpened): AppState => ({ ...s, timeoutClaim: { seat: e.seat, since: e.at } }),
  TimeoutClaimClosed: (s: AppState, e: TimeoutClaimClosed): AppState => ({ ...s, timeoutClaim: null, clocks: { ...s.clocks, [e.seat]: { remainingMs: e.remainingMs, deadline: null, resumed: true } } }),
  TimeoutClaimed: (s: AppState, e: TimeoutClaimed): AppState => {
    if (e.choice === 'WAIT') return { ...s, timeoutClaim: null, clocks: { ...s.clocks, [e.seat]: { remainingMs: e.remainingMs!, deadline: null, resumed: true } } };
    if (e.choice === 'END') return { ...s, timeoutClaim: null, endedByClaim: e.seat, clocks: {}, left: { ...s.left, [e.seat]: 'forfeited' } };
    return { ...s, timeoutClaim: null, bots: { ...s.bots, [e.seat]: e.bot ?? STAND_IN_BOT }, left: { ...s.left, [e.seat]: 'forfeited' } };
  },
};
