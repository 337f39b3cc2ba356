/**
 * The lab's clock writes its time stamps without `toISOString` for each millisecond
 * (services/analytics/bot-game.ts, `isoFormatter`): its text must be `toISOString`'s exactly,
 * across hours, days, years and leap days, and outside the years it writes itself.
 */
import { describe, expect, it } from 'vitest';
import { isoFormatter } from '../../services/analytics/bot-game.js';

describe('the lab clock', () => {
  it("writes toISOString's text for every time it is asked, in any order", () => {
    const format = isoFormatter();
    const times: number[] = [0, 1, 999, 1000, 59_999, 60_000, 3_599_999, 3_600_000, Date.UTC(2024, 1, 29, 23, 59, 59, 999), Date.UTC(2024, 2, 1), Date.UTC(9999, 11, 31, 23, 59, 59, 999)];
    // A day of milliseconds stepped by a prime (every field takes many values), forwards then backwards (a cached hour left behind).
    const start = Date.UTC(2026, 11, 6, 22, 0, 0, 0);
    for (let t = start; t < start + 86_400_000; t += 9_973) times.push(t);
    for (let t = start + 86_400_000; t > start; t -= 104_729) times.push(t);
    for (const t of times) expect(format(t), String(t)).toBe(new Date(t).toISOString());
  });

  it('leaves times outside years 1970 to 9999 to toISOString', () => {
    const format = isoFormatter();
    for (const t of [-1, -86_400_001, Date.UTC(10000, 0, 1), 8.64e15]) expect(format(t)).toBe(new Date(t).toISOString());
    expect(() => format(NaN)).toThrow(RangeError);
  });
});
