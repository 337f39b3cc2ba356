/**
 * A clock's words and its low-time rule, shared by the table (play-by-turn.js) and My games in the
 * lobby, which loads only this small module.
 */
import { lang, t } from './i18n.js';
import { digits } from './numerals.js';

const pad = (n) => String(n).padStart(2, '0');

/** "1d 04:05:06", "04:05:06", in the page's digits; the time kept left-to-right (isolated) inside Persian text. */
export function clockText(ms) {
  const s = Math.max(0, Math.floor(ms / 1000));
  const days = Math.floor(s / 86400);
  const hms = `${pad(Math.floor((s % 86400) / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
  const time = `\u2066${hms}\u2069`;
  return digits(days ? `${days}${lang() === 'fa' ? ' ' : ''}${t('days')} ${time}` : time, lang());
}

/** What a clock shows now: a running one counts down to its deadline. */
export const leftOf = (c) => (c.deadline ? Date.parse(c.deadline) - Date.now() : c.remainingMs);

/**
 * A running clock is low when a quarter of the move's budget is left (30 s of a 2-minute move, 6 h
 * of a day), or 10 s whatever the budget: it turns red, pulses, and on the player's own clock the
 * tab's title counts down and (sound on) a beep sounds, once per move.
 */
export const LOW_SHARE = 0.25;
export const isLow = (left, budget) => left <= Math.max(10_000, LOW_SHARE * budget);

/** Time left on seat `seat`'s clock of a game (ms; null without a clock or not running). */
export function seatTimeLeft(g, seat) {
  const c = g.clocks?.find((x) => x.seat === seat);
  return c && c.deadline ? leftOf(c) : null;
}

