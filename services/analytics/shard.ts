/**
 * A lab run split across processes or machines: shard I of N plays exactly the games whose index
 * is ≡ I (mod N) in the unsharded run. Each game's seeds and id derive from the run's seed and its
 * index alone (simulate.ts `gameSeed`), so the union of the N shards is the unsharded run.
 */

export interface Shard {
  index: number;
  count: number;
}

/** The most shards a run may have (Step Functions' Distributed Map runs far more, a run never needs it). */
export const MAX_SHARDS = 100_000;

/** "I/N" as the CLI takes it. */
export function parseShard(text: string): Shard {
  const m = /^(\d+)\/(\d+)$/.exec(text.trim());
  if (!m) throw new Error(`--shard takes I/N (e.g. 0/4), not "${text}"`);
  const shard = { index: Number(m[1]), count: Number(m[2]) };
  checkShard(shard);
  return shard;
}

export function checkShard(s: Shard, games?: number): void {
  if (!Number.isInteger(s.count) || s.count < 1 || s.count > MAX_SHARDS) throw new Error(`--shard I/N: N takes 1 to ${MAX_SHARDS}`);
  if (!Number.isInteger(s.index) || s.index < 0 || s.index >= s.count) throw new Error(`--shard I/N: I takes 0 to N − 1 (${s.count - 1})`);
  if (games !== undefined && s.count > games) throw new Error(`--shard I/N: N (${s.count}) exceeds --games (${games}); a shard would play nothing`);
}

/** Whether game i belongs to the shard (every game when there is none). */
export const inShard = (i: number, s: Shard | undefined): boolean => !s || i % s.count === s.index;

/** How many of the run's `games` the shard plays. */
export const shardGames = (games: number, s: Shard | undefined): number => (!s ? games : s.index >= games ? 0 : Math.floor((games - 1 - s.index) / s.count) + 1);

/** The games of the shard, in order. */
export function* shardIndices(games: number, s: Shard | undefined): Generator<number> {
  for (let i = s?.index ?? 0; i < games; i += s?.count ?? 1) yield i;
}
