/**
 * Quick play's pairing, pure: given the entries waiting in one pool and the time, the tables to
 * seat. The same pool at the same time always gives the same tables (entries are taken oldest
 * first, ties by player id; candidates nearest in rating first), so any process may pair.
 *
 * Each entry's rating window is `windowBase + windowPerMinute × minutes waited`: two players fit
 * when their ratings differ by no more than the narrower of their windows. The oldest entry not
 * yet seated founds a table and takes the nearest fitting players until the table is full. A
 * table that cannot fill with humans is filled by bots once every player at it has waited
 * `botWaitSeconds` and each gave at least that many seats to bots.
 */
import type { MatchSettings } from './settings.js';

export interface Waiting {
  player: string;
  rating: number;
  bots: number;
  enqueuedAt: number;
}

export interface Table<T extends Waiting> {
  players: T[];
  /** Seats left to bots (the last seats). */
  bots: number;
}

type Rules = Pick<MatchSettings, 'windowBase' | 'windowPerMinute' | 'botWaitSeconds'>;

/** The window's bounds are widened by this much for the search only (rounding); `fits` decides exactly. */
const SLACK = 1e-6;

export const windowOf = (e: Waiting, now: number, rules: Rules) => rules.windowBase + (rules.windowPerMinute * Math.max(0, now - e.enqueuedAt)) / 60_000;

export function pair<T extends Waiting>(pool: readonly T[], seats: number, now: number, rules: Rules): Table<T>[] {
  const order = [...pool].sort((a, b) => a.enqueuedAt - b.enqueuedAt || (a.player < b.player ? -1 : a.player > b.player ? 1 : 0));
  // By rating, to find the players within a founder's window by binary search: no one outside it can fit
  // (every table holds its founder, so a candidate must be within the founder's window too).
  const byRating = [...order].sort((a, b) => a.rating - b.rating);
  const firstAtLeast = (x: number) => {
    let lo = 0;
    let hi = byRating.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (byRating[mid]!.rating < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const taken = new Set<string>();
  const tables: Table<T>[] = [];
  for (const founder of order) {
    if (taken.has(founder.player)) continue;
    const table = [founder];
    const fits = (c: T) => table.every((p) => Math.abs(p.rating - c.rating) <= Math.min(windowOf(p, now, rules), windowOf(c, now, rules)));
    const reach = windowOf(founder, now, rules);
    const candidates = byRating
      .slice(firstAtLeast(founder.rating - reach - SLACK), firstAtLeast(founder.rating + reach + SLACK))
      .filter((c) => c !== founder && !taken.has(c.player))
      .sort((a, b) => Math.abs(a.rating - founder.rating) - Math.abs(b.rating - founder.rating) || a.enqueuedAt - b.enqueuedAt || (a.player < b.player ? -1 : 1));
    for (const c of candidates) {
      if (table.length === seats) break;
      if (fits(c)) table.push(c);
    }
    const missing = seats - table.length;
    const waitedEnough = table.every((p) => now - p.enqueuedAt >= rules.botWaitSeconds * 1000 && p.bots >= missing);
    if (missing === 0 || waitedEnough) {
      for (const p of table) taken.add(p.player);
      tables.push({ players: table, bots: missing });
    }
  }
  return tables;
}
