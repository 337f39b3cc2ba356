/**
 * Stopping and restarting one seat's clock for a vacation (services/vacation decides when):
 * `ClockPaused` keeps what the seat had left, `ClockResumed` gives it back, so every deadline
 * after a vacation is later by exactly the time the clock stood still.
 */
import { statusOf, type Aggregate } from '../app/aggregate.js';
import type { ClockPaused, ClockResumed } from '../app/app-events.js';
import type { Decision } from '../app/service.js';
import type { Seat } from '../engine/core/index.js';
import { initialBudget } from './time-control.js';

/** The commit that pauses these seats' clocks until `until`, or null when none needs it (no clock, over, already paused). */
export function pauseDecision(agg: Aggregate, seats: readonly Seat[], now: number, until: string): Decision | null {
  const tc = agg.app.settings.timeControl;
  if (!tc || !agg.state.started || statusOf(agg).over) return null;
  const events: ClockPaused[] = [];
  for (const seat of seats) {
    const clock = agg.app.clocks[seat];
    if (clock?.pausedUntil || agg.app.bots[seat] !== undefined) continue;
    const remainingMs = clock?.deadline ? Math.max(0, Date.parse(clock.deadline) - now) : (clock?.remainingMs ?? initialBudget(tc));
    events.push({ type: 'ClockPaused', seat, remainingMs, until });
  }
  return events.length ? { events } : null;
}

/** The commit that resumes these seats' paused clocks (all of them, or only those due by `dueBy`). */
export function resumeSeats(agg: Aggregate, seats: readonly Seat[], dueBy = Infinity): Decision | null {
  if (agg.state.ended || agg.app.cancelled) return null;
  const events: ClockResumed[] = [];
  for (const seat of seats) {
    const clock = agg.app.clocks[seat];
    if (!clock?.pausedUntil || Date.parse(clock.pausedUntil) > dueBy) continue;
    events.push({ type: 'ClockResumed', seat, remainingMs: clock.remainingMs });
  }
  return events.length ? { events } : null;
}

/** A due `resume` timer: the seat's vacation days ran out. */
export const resumeDecision = (agg: Aggregate, seat: Seat, now: number): Decision | null => resumeSeats(agg, [seat], now);
