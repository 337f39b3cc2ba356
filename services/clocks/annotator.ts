/**
 * Clocks as events: after every commit of a game with a time control, each seat that has just
 * become to move gets a `DeadlineSet`, and each seat that has just acted gets a `ClockStopped`
 * (with a bank: what is left plus the increment, capped at the bank). The time is the one the
 * service decides the commit at; nothing here reads a clock.
 */
import { applyCommit, statusOf, type Aggregate } from '../app/aggregate.js';
import type { AppEvent } from '../app/app-events.js';
import type { CommitAnnotator } from '../app/service.js';
import { claimClosedBy } from './claim.js';
import { initialBudget, remainingAfterMove } from './time-control.js';

export const clockAnnotator: CommitAnnotator = (before, after, now, seat) => {
  // The timed-out seat moving closes its claim first (services/clocks/claim.ts): its clock then runs as any other.
  const closed = claimClosedBy(before, after, seat);
  if (!closed) return clockNotes(after, now);
  return [closed, ...clockNotes(applyCommit(after, { version: after.version, events: [closed] }), now)];
};

function clockNotes(after: Aggregate, now: number): AppEvent[] {
  const tc = after.app.settings.timeControl;
  if (!tc || !after.state.started) return [];
  const status = statusOf(after);
  // A seat whose player is on vacation keeps its clock still (services/vacation), and so does one whose timeout awaits a claim.
  const claimed = after.app.timeoutClaim?.seat;
  const running = status.over ? [] : status.toMove.filter((seat) => after.app.bots[seat] === undefined && !after.app.clocks[seat]?.pausedUntil && seat !== claimed);
  const events: AppEvent[] = [];
  for (const [key, clock] of Object.entries(after.app.clocks)) {
    const seat = Number(key);
    if (clock.deadline === null || running.includes(seat)) continue;
    events.push({ type: 'ClockStopped', seat, remainingMs: remainingAfterMove(tc, Date.parse(clock.deadline) - now) });
  }
  for (const seat of running) {
    if (after.app.clocks[seat]?.deadline) continue;
    const clock = after.app.clocks[seat];
    const remainingMs = clock?.resumed ? clock.remainingMs : 'perMoveMs' in tc ? tc.perMoveMs : (clock?.remainingMs ?? initialBudget(tc));
    events.push({ type: 'DeadlineSet', seat, deadline: new Date(now + remainingMs).toISOString(), remainingMs });
  }
  return events;
}

/** Each seat's clock as clients see it. */
export function clocksOf(agg: Aggregate): { seat: number; remainingMs: number; deadline: string | null; pausedUntil: string | null }[] {
  return Object.entries(agg.app.clocks).map(([seat, c]) => ({ seat: Number(seat), remainingMs: c.remainingMs, deadline: c.deadline, pausedUntil: c.pausedUntil ?? null }));
}
