/** Vacations: a seat's clock paused and resumed (services/vacation). */
import type { Seat } from '../../engine/core/index.js';
import type { AppState } from './state.js';

/** The seat's player went on vacation: its clock stands still until `until` at the latest (services/vacation). */
export interface ClockPaused {
  type: 'ClockPaused';
  seat: Seat;
  /** What the seat had left when its clock stopped. */
  remainingMs: number;
  /** ISO time the player's vacation days run out: the clock resumes by itself then. */
  until: string;
}
/** The seat's vacation is over (ended, it moved, or its days ran out): its clock runs again from what was left. */
export interface ClockResumed {
  type: 'ClockResumed';
  seat: Seat;
  remainingMs: number;
}


export const vacationFolds = {
  ClockPaused: (s: AppState, e: ClockPaused): AppState => ({ ...s, clocks: { ...s.clocks, [e.seat]: { remainingMs: e.remainingMs, deadline: null, pausedUntil: e.until } } }),
  ClockResumed: (s: AppState, e: ClockResumed): AppState => ({ ...s, clocks: { ...s.clocks, [e.seat]: { remainingMs: e.remainingMs, deadline: null, resumed: true } } }),
};
