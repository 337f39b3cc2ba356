/**
 * Where matchmaking lives in the games' table. Seeks are streams (pk = SEEK#<id>, conditional
 * appends through the event store adapter). The open-seeks list, the quick-play pools and the
 * per-player and per-address holdings are items beside them. The list and the pools are spread
 * over sharded index keys (store/shards.ts): no one partition takes every seek or every entry.
 */
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { TableStore } from '../store/document-client.js';
import { queryAll } from '../store/query-all.js';
import { DynamoEventStore, OWNER_INDEX, TTL_ATTRIBUTE, type EventStore } from '../store/index.js';
import { allShardKeys, mergeSorted, shardKey, shardOf, shardsFor, TARGET } from '../store/shards.js';
import { FULL_READ_MS, MARK_SK, MARK_TRUST_MS, ShardMarks } from '../store/shard-marks.js';
import type { DeadMark, PendingMark, PendingMarks } from '../app/aggregate-runner.js';
import type { SeekState } from './seek.js';

export const seekPk = (id: string) => `SEEK#${id}`;
export const seekStreams = (client: DynamoDBClient, tableName: string): EventStore => new DynamoEventStore({ client, tableName, partition: seekPk });

/**
 * The open-seeks list: a seek's item is written when it opens and at each seat taken, and deleted
 * when it closes: about seats + 1 index writes a seek. Sized as if every game began as a seek
 * (10,000 moves/s ÷ 10 moves a game × 5 writes = 5,000 units → 16 shards).
 */
export const SEEK_SHARDS = shardsFor((TARGET.movesPerSecond / 10) * 5);
/** The pools: an entry is put, claimed, and finished (3 index writes a player), 2 players a game: 1,000 × 6 → 16 shards. */
export const POOL_SHARDS = shardsFor((TARGET.movesPerSecond / 10) * 6);
/**
 * The pools' markers (which pools a local beat pairs): written once per pool by each process that
 * enters a player in it, deleted when a beat finds the pool empty. A pool key holds any clock, so
 * at worst every entry (2 a game) is in a pool no one marked: a Put and later a Delete each,
 * 1,000 × 2 × 2 = 4,000 units → 8 shards, the shard a hash of the pool key. (They sat under one
 * constant key, `MATCHPOOLS`, before: a read still finds those and moves each to its shard.)
 */
export const POOL_MARK_SHARDS = shardsFor((TARGET.movesPerSecond / 10) * 2 * 2);
const LEGACY_POOL_MARKS = 'MATCHPOOLS';
const poolMarkKey = (pool: string) => ({ pk: shardKey('MATCHPOOLS', pool, POOL_MARK_SHARDS), sk: pool });

const LISTED = 'LISTED';
const seekShard = (id: string) => shardKey('SEEKS', id, SEEK_SHARDS);

function isConditionFailed(e: unknown): boolean {
  return (e as Error)?.name === 'ConditionalCheckFailedException';
}

export class SeekListing extends TableStore {
  /** Puts an open seek in the list (or its newer state); a closed one is taken out. */
  async show(seek: SeekState): Promise<void> {
    if (seek.status !== 'OPEN' || seek.for !== undefined) {
      await this.doc.send(new DeleteCommand({ TableName: this.table, Key: { pk: seekPk(seek.id), sk: LISTED } }));
      return;
    }
    await this.doc.send(new PutCommand({ TableName: this.table, Item: { pk: seekPk(seek.id), sk: LISTED, seek, [OWNER_INDEX.partition]: seekShard(seek.id), [OWNER_INDEX.sort]: `${seek.createdAt}#${seek.id}` } }));
  }

  /** The oldest `limit` listed seeks (every shard asked, merged by opening time). */
  async list(limit: number): Promise<SeekState[]> {
    const pages = await Promise.all(
      allShardKeys('SEEKS', SEEK_SHARDS).map(async (key) => {
        const out = await this.doc.send(
          new QueryCommand({ TableName: this.table, IndexName: OWNER_INDEX.name, KeyConditionExpression: '#g = :g', ExpressionAttributeNames: { '#g': OWNER_INDEX.partition }, ExpressionAttributeValues: { ':g': key }, Limit: limit }),
        );
        return (out.Items ?? []).map((i) => i.seek as SeekState);
      }),
    );
    return mergeSorted(pages, (s) => `${s.createdAt}#${s.id}`, limit);
  }
}

/**
 * What one player or one client address holds: a set of seek ids and pool keys, added to only
 * while it has fewer than the limit (one conditional update), and taken from by id (a repeat is
 * harmless). A holding that outlived its seek (an expiry no one wrote) is pruned on refusal.
 * Each add sets the item's TTL (`until`, past anything it may hold still open): an item no one adds
 * to goes, so holders no longer used (an address's old key: the full IPv6 address before the /64
 * rule, the unkeyed hash before the keyed one) leave nothing behind.
 */
export class Holdings extends TableStore {
  private key = (holder: string) => ({ pk: `MATCHHOLD#${holder}`, sk: 'HOLD' });

  /** Adds `id` to the holder's set unless it holds `max` already, and keeps the item until `until` (epoch seconds); false when refused. */
  async add(holder: string, id: string, max: number, until: number): Promise<boolean> {
    try {
      await this.doc.send(
        new UpdateCommand({
          TableName: this.table,
          Key: this.key(holder),
          UpdateExpression: 'ADD #ids :id SET #ttl = :until',
          ConditionExpression: 'attribute_not_exists(#ids) OR size(#ids) < :max OR contains(#ids, :one)',
          ExpressionAttributeNames: { '#ids': 'ids', '#ttl': TTL_ATTRIBUTE },
          ExpressionAttributeValues: { ':id': new Set([id]), ':max': max, ':one': id, ':until': until },
        }),
      );
      return true;
    } catch (e) {
      if (isConditionFailed(e)) return false;
      throw e;
    }
  }

  async remove(holder: string, id: string): Promise<void> {
    await this.doc.send(new UpdateCommand({ TableName: this.table, Key: this.key(holder), UpdateExpression: 'DELETE #ids :id', ExpressionAttributeNames: { '#ids': 'ids' }, ExpressionAttributeValues: { ':id': new Set([id]) } }));
  }

  async list(holder: string): Promise<string[]> {
    const out = await this.doc.send(new GetCommand({ TableName: this.table, Key: this.key(holder), ConsistentRead: true }));
    const ids = out.Item?.ids as Set<string> | undefined;
    return ids ? [...ids] : [];
  }
}

/** A player waiting in a quick-play pool (or just paired: gameId set, out of the pool's index). */
export interface PoolEntry {
  player: string;
  name: string;
  pool: string;
  /** The conservative rating of the pool's game at entry. */
  rating: number;
  /** How many seats the player lets bots fill after the wait (0: humans only). */
  bots: number;
  /** Epoch ms. */
  enqueuedAt: number;
  /** The client address's holder key (for releasing the holding). */
  address?: string;
  gameId?: string;
  claim?: string;
  claimedAt?: number;
}

/** A claim older than this is a process that died mid-pairing: another may take the entry. */
export const STALE_CLAIM_MS = 60_000;

export class PoolStore extends TableStore {
  private key = (player: string, pool: string) => ({ pk: `QUICK#${player}`, sk: `POOL#${pool}` });
  /** Which markers' shards may hold one: a beat reads the marks (one BatchGetItem) and then those shards alone, not 8 Queries (store/shard-marks.ts). */
  private readonly markShards: ShardMarks;

  /** `now`: the app's clock (the marks' trust windows are reckoned by it). */
  constructor(client: DynamoDBClient, table: string, now: () => number) {
    super(client, table);
    this.markShards = new ShardMarks(this.doc, this.table, 'MATCHPOOLS', POOL_MARK_SHARDS, MARK_TRUST_MS, now);
  }

  /** Enters (or re-enters) the player: a waiting entry keeps its place, a finished one is replaced. */
  async enter(entry: PoolEntry): Promise<PoolEntry> {
    const now = await this.get(entry.player, entry.pool);
    if (now && now.gameId === undefined) return now;
    await this.doc.send(
      new PutCommand({
        TableName: this.table,
        Item: { ...this.key(entry.player, entry.pool), entry, [OWNER_INDEX.partition]: shardKey(`POOL#${entry.pool}`, entry.player, POOL_SHARDS), [OWNER_INDEX.sort]: `${String(entry.enqueuedAt).padStart(15, '0')}#${entry.player}` },
      }),
    );
    return entry;
  }

  async get(player: string, pool: string): Promise<PoolEntry | null> {
    const out = await this.doc.send(new GetCommand({ TableName: this.table, Key: this.key(player, pool), ConsistentRead: true }));
    return (out.Item?.entry as PoolEntry | undefined) ?? null;
  }

  /** Takes a waiting entry out (leaving the pool); false if it was paired meanwhile. */
  async leave(player: string, pool: string): Promise<boolean> {
    try {
      await this.doc.send(new DeleteCommand({ TableName: this.table, Key: this.key(player, pool), ConditionExpression: 'attribute_exists(#g) AND attribute_not_exists(#e.claim)', ExpressionAttributeNames: { '#g': OWNER_INDEX.partition, '#e': 'entry' } }));
      return true;
    } catch (e) {
      if (isConditionFailed(e)) return false;
      throw e;
    }
  }

  /** Every entry still waiting in the pool, oldest first (every shard asked). */
  async waiting(pool: string): Promise<PoolEntry[]> {
    const pages = await Promise.all(
      allShardKeys(`POOL#${pool}`, POOL_SHARDS).map(async (key) =>
        (await queryAll(this.doc, { TableName: this.table, IndexName: OWNER_INDEX.name, KeyConditionExpression: '#g = :g', ExpressionAttributeNames: { '#g': OWNER_INDEX.partition }, ExpressionAttributeValues: { ':g': key } })).map((i) => i.entry as PoolEntry),
      ),
    );
    return mergeSorted(pages, (e) => `${String(e.enqueuedAt).padStart(15, '0')}#${e.player}`);
  }

  /** Claims a waiting entry for pairing `claim` (one conditional write); false if another holds it. */
  async claim(player: string, pool: string, claim: string, now: number): Promise<boolean> {
    try {
      await this.doc.send(
        new UpdateCommand({
          TableName: this.table,
          Key: this.key(player, pool),
          UpdateExpression: 'SET #e.claim = :c, #e.claimedAt = :now',
          ConditionExpression: 'attribute_exists(#g) AND (attribute_not_exists(#e.claim) OR #e.claimedAt < :stale)',
          ExpressionAttributeNames: { '#g': OWNER_INDEX.partition, '#e': 'entry' },
          ExpressionAttributeValues: { ':c': claim, ':now': now, ':stale': now - STALE_CLAIM_MS },
        }),
      );
      return true;
    } catch (e) {
      if (isConditionFailed(e)) return false;
      throw e;
    }
  }

  /** Gives a claimed entry back to the pool (the pairing fell through). */
  async release(player: string, pool: string, claim: string): Promise<void> {
    await this.doc
      .send(new UpdateCommand({ TableName: this.table, Key: this.key(player, pool), UpdateExpression: 'REMOVE #e.claim, #e.claimedAt', ConditionExpression: '#e.claim = :c', ExpressionAttributeNames: { '#e': 'entry' }, ExpressionAttributeValues: { ':c': claim } }))
      .catch((e: unknown) => {
        if (!isConditionFailed(e)) throw e;
      });
  }

  /** The claimed entry's game: it leaves the pool's index and keeps its game for the player to read. */
  async seat(player: string, pool: string, claim: string, gameId: string): Promise<void> {
    await this.doc.send(
      new UpdateCommand({ TableName: this.table, Key: this.key(player, pool), UpdateExpression: 'SET #e.gameId = :id REMOVE #g, #s', ConditionExpression: '#e.claim = :c', ExpressionAttributeNames: { '#e': 'entry', '#g': OWNER_INDEX.partition, '#s': OWNER_INDEX.sort }, ExpressionAttributeValues: { ':c': claim, ':id': gameId } }),
    );
  }

  /** Marks a pool for the beat (which pairs the marked pools, after a restart too), with when; unmarked when found empty. */
  async markPool(pool: string, at: number): Promise<void> {
    await this.markShards.mark(shardOf(pool, POOL_MARK_SHARDS)); // first: a marker in an unmarked shard no beat would read
    await this.doc.send(new PutCommand({ TableName: this.table, Item: { ...poolMarkKey(pool), markedAt: at } }));
  }

  /** Takes a pool off the beat's list (the beat found it empty) unless it was marked after `before` (a process trusts its own marker while it is newer than that); whether it did. */
  async unmarkPool(pool: string, before: number): Promise<boolean> {
    return this.doc
      .send(new DeleteCommand({ TableName: this.table, Key: poolMarkKey(pool), ConditionExpression: 'attribute_not_exists(markedAt) OR markedAt <= :t', ExpressionAttributeValues: { ':t': before } }))
      .then(() => true, (e: unknown) => {
        if (isConditionFailed(e)) return false;
        throw e;
      });
  }

  /** When this process last looked under the old constant key (no version writes it any more: once an hour is enough). */
  private legacyReadAt = -Infinity;

  /** Every marked pool (every shard asked); a marker still under the old constant key is moved to its shard on the way (`now`: the app's clock). */
  async pools(now: number): Promise<string[]> {
    const read = (pk: string) => queryAll(this.doc, { TableName: this.table, KeyConditionExpression: 'pk = :p AND sk < :mark', ExpressionAttributeValues: { ':p': pk, ':mark': MARK_SK } });
    const found = new Set((await this.markShards.readItems()).map((m) => m.sk as string));
    const legacy = now - this.legacyReadAt >= FULL_READ_MS ? await read(LEGACY_POOL_MARKS) : [];
    this.legacyReadAt = now;
    for (const old of legacy) {
      const pool = old.sk as string;
      // The new marker first, then the old one deleted: a crash between leaves a copy the next read moves onto itself.
      await this.markPool(pool, 0);
      await this.doc.send(new DeleteCommand({ TableName: this.table, Key: { pk: LEGACY_POOL_MARKS, sk: pool } }));
      found.add(pool);
    }
    return [...found].sort();
  }
}

/**
 * How long a dead follow-up mark is kept: 30 days, as long as the functions' logs (infra: one month),
 * whose error line is what sends an operator to it. Past that no one is coming for it, and nothing
 * else reads it (the seek is out of the list and its players' holdings; a seated player asking again
 * still tries the follow-up): kept for ever, a failing dependency would leave one item per filled seek.
 */
export const DEAD_MARK_TTL_S = 30 * 24 * 3600;

/**
 * Seeks whose follow-up (their game created and announced) may not be done: marked before the
 * seek's filling append, unmarked once the game is announced (app/aggregate-runner.ts). Spread
 * over the seek shards, since every filled seek writes here twice. A mark keeps its tries (each
 * counted before it starts), when the next may come and the last failure; one given up on moves to `SEEKDEAD#<shard>` (same shard), where an
 * operator finds it and no beat reads it, until it expires (DEAD_MARK_TTL_S).
 */
export class PendingSeeks extends TableStore implements PendingMarks {
  readonly deadWhere = `the games' table under pk = SEEKDEAD#<0..${SEEK_SHARDS - 1}>, sk = the seek's id`;

  private key = (id: string) => ({ pk: shardKey('SEEKPENDING', id, SEEK_SHARDS), sk: id });
  private deadKey = (id: string) => ({ pk: shardKey('SEEKDEAD', id, SEEK_SHARDS), sk: id });
  /** Which shards may hold marks: `list` (at start and on each beat) reads those alone, one call when none is (store/shard-marks.ts). */
  private readonly shards: ShardMarks;

  /** `now`: the app's clock (the marks' trust windows are reckoned by it). */
  constructor(client: DynamoDBClient, table: string, now: () => number) {
    super(client, table);
    this.shards = new ShardMarks(this.doc, this.table, 'SEEKPENDING', SEEK_SHARDS, MARK_TRUST_MS, now);
  }

  async mark(id: string): Promise<void> {
    await this.shards.mark(shardOf(id, SEEK_SHARDS)); // first: a mark no read finds would be a follow-up never finished
    await this.doc.send(new PutCommand({ TableName: this.table, Item: this.key(id) }));
  }

  async unmark(id: string): Promise<void> {
    await this.doc.send(new DeleteCommand({ TableName: this.table, Key: this.key(id) }));
  }

  async list(): Promise<PendingMark[]> {
    return (await this.shards.readItems()).map((i) => ({ id: i.sk as string, attempts: (i.attempts as number | undefined) ?? 0, nextAt: (i.nextAt as number | undefined) ?? 0, ...(typeof i.lastError === 'string' && { lastError: i.lastError }) }));
  }

  async tried(id: string, attempts: number, nextAt: number): Promise<boolean> {
    try {
      await this.doc.send(
        new UpdateCommand({ TableName: this.table, Key: this.key(id), UpdateExpression: 'SET attempts = :a, nextAt = :n', ConditionExpression: 'attribute_exists(pk)', ExpressionAttributeValues: { ':a': attempts, ':n': nextAt } }),
      );
      return true;
    } catch (e) {
      if (isConditionFailed(e)) return false; // finished meanwhile (another process, an accept asked again)
      throw e;
    }
  }

  async failed(id: string, error: string): Promise<void> {
    await this.doc
      .send(new UpdateCommand({ TableName: this.table, Key: this.key(id), UpdateExpression: 'SET lastError = :e', ConditionExpression: 'attribute_exists(pk)', ExpressionAttributeValues: { ':e': error } }))
      .catch((e: unknown) => {
        if (!isConditionFailed(e)) throw e;
      });
  }

  async bury(mark: DeadMark): Promise<void> {
    await this.doc.send(new PutCommand({ TableName: this.table, Item: { ...this.deadKey(mark.id), attempts: mark.attempts, at: mark.at, error: mark.error, [TTL_ATTRIBUTE]: Math.floor(mark.at / 1000) + DEAD_MARK_TTL_S } }));
    await this.unmark(mark.id);
  }

  async dead(): Promise<DeadMark[]> {
    const out: DeadMark[] = [];
    for (const key of allShardKeys('SEEKDEAD', SEEK_SHARDS)) {
      const items = await queryAll(this.doc, { TableName: this.table, KeyConditionExpression: 'pk = :p', ExpressionAttributeValues: { ':p': key } });
      out.push(...items.map((i) => ({ id: i.sk as string, attempts: i.attempts as number, at: i.at as number, error: i.error as string })));
    }
    return out;
  }
}

/**
 * Which seats of a game matchmaking started have been told of it (GAME_STARTED): one item per
 * game, a seat added by one conditional update, so a pairing finished twice (after a crash, or by
 * two processes at once) tells each seat once.
 */
export class StartedSeats extends TableStore {
  /** Claims the telling of `seat` of `gameId`; false if it was claimed before. */
  async claim(gameId: string, seat: number): Promise<boolean> {
    try {
      await this.doc.send(
        new UpdateCommand({
          TableName: this.table,
          Key: { pk: `STARTED#${gameId}`, sk: 'SEATS' },
          UpdateExpression: 'ADD #s :seat',
          ConditionExpression: 'attribute_not_exists(#s) OR NOT contains(#s, :one)',
          ExpressionAttributeNames: { '#s': 'seats' },
          ExpressionAttributeValues: { ':seat': new Set([seat]), ':one': seat },
        }),
      );
      return true;
    } catch (e) {
      if (isConditionFailed(e)) return false;
      throw e;
    }
  }
}
