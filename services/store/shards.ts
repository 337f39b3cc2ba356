/**
 * Write sharding for the sets that would otherwise sit under one partition key (the outbox, the
 * digest queue, the lobby's index keys, the finished-games index, the statistics counters).
 * One DynamoDB partition takes at most 1,000 write units and 3,000 read units a second, in the
 * table and in each global index alike, and a throttled index partition throttles the table's
 * writes too. So such a set is spread over N keys `<name>#<shard>`, the shard a hash of the
 * item's own id (the same id always lands on the same key, so updates and deletes find it), and
 * a read of the whole set asks every shard and merges. The counts are sized here, from the
 * partition limit and the targets of issue #33; docs/architecture.md (the store) lists each set.
 */

/** What one partition takes, in write units a second (DynamoDB's published per-partition limit). */
export const PARTITION_WRITE_UNITS = 1000;
/** The share of that limit a shard is sized to use at the target rate: room for bursts and uneven hashing. */
export const SHARD_UTILISATION = 0.5;
/** The deployment's targets (issue #33): moves a second, and webhook deliveries a second. */
export const TARGET = { movesPerSecond: 10_000, webhookDeliveriesPerSecond: 5_000 } as const;
/** Moves a game takes on average at the least (short 2-seat games, some resigned early): games end at most moves/s ÷ it a second. */
const FEWEST_MOVES_PER_GAME = 10;

/** The smallest power of two of shards that keeps `writeUnitsPerSecond` under each shard's share of a partition. */
export function shardsFor(writeUnitsPerSecond: number): number {
  const needed = writeUnitsPerSecond / (PARTITION_WRITE_UNITS * SHARD_UTILISATION);
  return 2 ** Math.max(0, Math.ceil(Math.log2(needed)));
}

/**
 * Webhook deliveries: a Put, a lease Update and a Delete each, one write unit apiece (an item
 * under 1 KB: the body names a game and a seat). 5,000 a second × 3 = 15,000 units → 32 shards.
 */
export const OUTBOX_SHARDS = shardsFor(TARGET.webhookDeliveriesPerSecond * 3);
/**
 * The email digest queue: a Put when a digest is scheduled and a Delete when it is sent, at most
 * one scheduled per player at a time, and a notice per move at most: bounded by 2 writes a move,
 * though in practice a player's digest waits GATHER_MS and gathers many. Sized for a tenth of the
 * moves scheduling a digest: 10,000 × 0.1 × 2 = 2,000 units → 4 shards.
 */
export const DIGEST_SHARDS = shardsFor(TARGET.movesPerSecond * 0.1 * 2);
/**
 * The lobby's index keys, per game type: a game's entry is written at creation, at each join and
 * at its close (out of the index): about seats + 1 index writes a game, 5 for 4 seats; at the
 * move target all of one type, 10,000 / 20 × 5 = 2,500 units → 8 shards would do for writes.
 * It also bounds what one key holds: with 120 open games of one type no key may hold more than
 * 30 (issue #33); 16 shards hold 7.5 on average, and more than 30 on one would be 8.5 sigmas out.
 */
export const LOBBY_SHARDS = shardsFor((TARGET.movesPerSecond / FEWEST_MOVES_PER_GAME) * 5);
/** Finished games in the order they ended: one index write per game that ends: 10,000 / 10 = 1,000 units → 2 shards. */
export const ENDED_SHARDS = shardsFor(TARGET.movesPerSecond / FEWEST_MOVES_PER_GAME);
/** The statistics counters of a game type and seat count: one Update per game that ends, all of one type in the worst case: as ENDED. */
export const STATS_SHARDS = ENDED_SHARDS;

/** The shard of `id` among `n`: FNV-1a, 32 bits (fast, stable across processes and versions: changing it moves items). */
export function shardOf(id: string, n: number): number {
  if (n <= 1) return 0;
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) {
    h ^= id.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) % n;
}

/** `<name>#<shard of id>`. */
export const shardKey = (name: string, id: string, n: number) => `${name}#${shardOf(id, n)}`;
/** Every key of a sharded set, for a read that fans out. */
export const allShardKeys = (name: string, n: number) => Array.from({ length: n }, (_, i) => `${name}#${i}`);

/** Merges lists each already sorted by `key` (one per shard) into the first `limit` of their union, in order. */
export function mergeSorted<T>(lists: T[][], key: (item: T) => string, limit = Infinity): T[] {
  return lists
    .flat()
    .sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0))
    .slice(0, limit);
}
