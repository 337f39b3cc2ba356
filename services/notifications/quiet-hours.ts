/**
 * Quiet hours: a daily span of a player's local time ("22:00" to "07:30" in "Europe/Paris") in
 * which no push or email goes out. Pure: the caller passes the time.
 */
import { AppError } from '../app/errors.js';

export interface QuietHours {
  /** "HH:MM", local time, inclusive. */
  start: string;
  /** "HH:MM", local time, exclusive; before start: the span crosses midnight. */
  end: string;
  /** An IANA time zone ("Europe/Paris"); default UTC. */
  timeZone: string;
}

const HHMM = /^([01]\d|2[0-3]):([0-5]\d)$/;
const DAY = 24 * 60;

const minutesOf = (hhmm: string) => {
  const m = HHMM.exec(hhmm)!;
  return Number(m[1]) * 60 + Number(m[2]);
};

/** Refuses a malformed span with BAD_INPUT; returns it with its time zone filled in. */
export function quietHoursOf(input: { start: string; end: string; timeZone?: string | null }): QuietHours {
  if (!HHMM.test(input.start) || !HHMM.test(input.end)) throw new AppError('BAD_INPUT', 'quiet hours start and end are "HH:MM" (00:00 to 23:59)');
  if (input.start === input.end) throw new AppError('BAD_INPUT', 'quiet hours start and end differ');
  const timeZone = input.timeZone ?? 'UTC';
  try {
    new Intl.DateTimeFormat('en', { timeZone });
  } catch {
    throw new AppError('BAD_INPUT', 'quiet hours timeZone is an IANA time zone such as "Europe/Paris"');
  }
  return { start: input.start, end: input.end, timeZone };
}

/** The local minute of the day at `now` in `timeZone`. */
function localMinute(now: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(new Date(now));
  const part = (t: string) => Number(parts.find((p) => p.type === t)!.value);
  return part('hour') * 60 + part('minute');
}

export function isQuiet(q: QuietHours | null | undefined, now: number): boolean {
  if (!q) return false;
  const m = localMinute(now, q.timeZone);
  const [start, end] = [minutesOf(q.start), minutesOf(q.end)];
  return start < end ? m >= start && m < end : m >= start || m < end;
}

/** When the quiet span holding `now` ends (epoch ms); `now` itself outside quiet hours. */
export function quietUntil(q: QuietHours | null | undefined, now: number): number {
  if (!q || !isQuiet(q, now)) return now;
  const m = localMinute(now, q.timeZone);
  const minutes = (minutesOf(q.end) - m + DAY) % DAY;
  // To the start of the end minute; a DST shift may leave it a little early, and the caller checks again.
  return now - (now % 60_000) + minutes * 60_000;
}
