/** Quick play's pairing (services/matchmaking/pairing.ts): deterministic, rating windows that widen with waiting, bots only after the wait. */
import { describe, expect, it } from 'vitest';
import { pair, windowOf } from '../../services/matchmaking/pairing.js';
import { MATCH_SETTINGS } from '../../services/matchmaking/settings.js';

const rules = MATCH_SETTINGS; // window 5 + 5 a minute; bots after 60 s
const at = (player: string, rating: number, enqueuedAt: number, bots = 0) => ({ player, rating, enqueuedAt, bots });
const names = (tables: ReturnType<typeof pair>) => tables.map((t) => [t.players.map((p) => p.player), t.bots]);

describe('pairing', () => {
  it('seats only ratings within both windows, and the window widens with waiting', () => {
    const pool = [at('a', 0, 0), at('b', 8, 0)];
    expect(pair(pool, 2, 0, rules)).toEqual([]); // 8 apart, windows of 5
    expect(windowOf(pool[0]!, 36_000, rules)).toBe(8);
    expect(names(pair(pool, 2, 36_000, rules))).toEqual([[['a', 'b'], 0]]);
  });

  it('the oldest founds the table and takes the nearest rating first', () => {
    const pool = [at('old', 10, 0), at('far', 14, 1000), at('near', 11, 2000), at('x', 30, 0)];
    expect(names(pair(pool, 2, 2000, rules))).toEqual([[['old', 'near'], 0]]);
  });

  it('is the same for the same pool and time, whatever order the pool is read in', () => {
    const pool = Array.from({ length: 40 }, (_, i) => at(`p${i}`, (i * 37) % 23, (i * 11) % 7 * 1000, i % 2));
    const once = pair(pool, 3, 90_000, rules);
    expect(pair([...pool].reverse(), 3, 90_000, rules)).toEqual(once);
    expect(once.length).toBeGreaterThan(0);
  });

  it('fills with bots only after the wait, and only seats each player gave', () => {
    const alone = [at('a', 0, 0, 1)];
    expect(pair(alone, 2, 59_999, rules)).toEqual([]);
    expect(names(pair(alone, 2, 60_000, rules))).toEqual([[['a'], 1]]);
    expect(pair([at('a', 0, 0, 1)], 3, 600_000, rules)).toEqual([]); // gave one seat, two are missing
    expect(pair([at('a', 0, 0, 0)], 2, 600_000, rules)).toEqual([]); // gave none
  });
});
