/**
 * `simulate --shard I/N`: N shards of one seed, played apart, are together exactly the unsharded
 * run, record for record (games, events, moves; only the wall-clock stamps differ), and shard I
 * holds only the games of index ≡ I (mod N).
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { simulate } from '../../services/analytics/simulate.js';
import { parseShard, shardGames, shardIndices } from '../../services/analytics/shard.js';
import { labRecords } from '../kit/lab-records.js';

const dir = () => mkdtemp(join(tmpdir(), 'parlor-shard-'));
const run = { game: 'scout', seats: 3, games: 10, seed: 'shards', bots: 'greedy,random' } as const;

describe('simulate --shard', () => {
  it('the union of 3 shards is the unsharded run, record for record by game index', async () => {
    const [whole, ...parts] = [await dir(), await dir(), await dir(), await dir()];
    await Promise.all([simulate({ ...run, out: whole, workers: 2 }), ...parts.map((out, index) => simulate({ ...run, out, workers: 1, shard: { index, count: 3 } }))]);
    const all = await labRecords(whole);
    expect([...all.keys()].sort((a, b) => a - b)).toEqual([...Array(10).keys()]);
    const union = new Map<number, unknown>();
    for (const [index, out] of parts.entries()) {
      const shard = await labRecords(out);
      expect([...shard.keys()].sort((a, b) => a - b), `shard ${index}`).toEqual([...shardIndices(10, { index, count: 3 })]);
      for (const [i, record] of shard) union.set(i, record);
    }
    expect(union.size).toBe(10);
    for (const [i, record] of all) expect(union.get(i), `game ${i}`).toEqual(record);
  });

  it('refuses a shard without a seed, or more shards than games, before starting a thread', async () => {
    const out = await dir();
    await expect(simulate({ game: 'scout', seats: 2, games: 4, out, shard: { index: 0, count: 2 } })).rejects.toThrow(/--shard needs --seed/);
    await expect(simulate({ game: 'scout', seats: 2, games: 4, out, seed: 's', shard: { index: 0, count: 5 } })).rejects.toThrow(/exceeds --games/);
    await expect(simulate({ game: 'scout', seats: 2, games: 4, out, seed: 's', shard: { index: 2, count: 2 } })).rejects.toThrow(/I takes 0 to N − 1/);
  });

  it('parses I/N, and counts a shard’s games', () => {
    expect(parseShard('2/7')).toEqual({ index: 2, count: 7 });
    for (const bad of ['2', '7/7', '-1/3', '1/0', 'a/b']) expect(() => parseShard(bad), bad).toThrow(/--shard/);
    for (const games of [1, 9, 10, 11, 1000]) {
      const sizes = [0, 1, 2].map((index) => shardGames(games, { index, count: 3 }));
      expect(sizes.reduce((a, b) => a + b)).toBe(games);
      sizes.forEach((n, index) => expect([...shardIndices(games, { index, count: 3 })]).toHaveLength(n));
    }
  });
});
