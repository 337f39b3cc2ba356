/**
 * Time controls as clients write them (ISO 8601 durations, e.g. "P2D", "PT30S") and as games
 * keep them (milliseconds). Years and months are refused: their length depends on the date.
 */
import { parse } from 'tinyduration';
import { AppError } from '../app/errors.js';
import type { TimeControl } from '../app/app-events.js';

const SECOND = 1000;
const LIMIT = { min: SECOND, max: 30 * 24 * 3600 * SECOND };

export interface TimeControlInput {
  perMove?: string | null;
  bank?: string | null;
  increment?: string | null;
}

export function durationMs(text: string, field: string): number {
  let d;
  try {
    if (text.length > 40) throw new Error('too long');
    d = parse(text);
  } catch {
    throw new AppError('BAD_INPUT', `${field}: not an ISO 8601 duration (e.g. "P2D", "PT30S")`);
  }
  if (d.negative || d.years || d.months) throw new AppError('BAD_INPUT', `${field}: use weeks, days, hours, minutes and seconds`);
  const seconds = ((d.weeks ?? 0) * 7 + (d.days ?? 0)) * 86400 + (d.hours ?? 0) * 3600 + (d.minutes ?? 0) * 60 + (d.seconds ?? 0);
  return Math.round(seconds * SECOND);
}

function within(ms: number, field: string): number {
  if (ms < LIMIT.min || ms > LIMIT.max) throw new AppError('BAD_INPUT', `${field} is between 1 second and 30 days`);
  return ms;
}

export function timeControlOf(input: TimeControlInput): TimeControl {
  const { perMove, bank, increment } = input;
  if (perMove != null && bank == null && increment == null) return { perMoveMs: within(durationMs(perMove, 'perMove'), 'perMove') };
  if (perMove == null && bank != null) {
    const bankMs = within(durationMs(bank, 'bank'), 'bank');
    const incrementMs = increment == null ? 0 : durationMs(increment, 'increment');
    if (incrementMs > bankMs) throw new AppError('BAD_INPUT', 'increment is at most the bank');
    return { bankMs, incrementMs };
  }
  throw new AppError('BAD_INPUT', 'timeControl is { perMove } or { bank, increment }');
}

/** The time a seat has when its clock first starts. */
export const initialBudget = (tc: TimeControl) => ('perMoveMs' in tc ? tc.perMoveMs : tc.bankMs);

/**
 * What a seat's clock holds after its move, given what was left (`leftMs`, possibly negative):
 * a move's time again, or with a bank what was left plus the increment, at most the bank.
 */
export const remainingAfterMove = (tc: TimeControl, leftMs: number) => ('perMoveMs' in tc ? tc.perMoveMs : Math.min(tc.bankMs, Math.max(0, leftMs) + tc.incrementMs));
