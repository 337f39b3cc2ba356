/**
 * Which shards of a sharded set (store/shards.ts) may hold items, so that a reader of the whole
 * set asks one BatchGetItem and then only the marked shards, not a Query per shard: a server's
 * start, and each beat that looks for work a stopped process left (the webhook outbox, the seeks'
 * follow-ups), once cost 32 and 16 Queries to find nothing.
 *
 * A mark is an item in its shard's own partition (`pk = <name>#<shard>`, `sk = MARK_SK`, after
 * every item's sort key), so it adds no key to the table; its writes are its shard's. It is put
 * before the first item a process puts into the shard, and again when the process's memory of it
 * is older than `trustMs` (a busy shard takes one mark write per process per window). A reader
 * that finds a marked shard empty takes the mark off only once no process wrote it for twice that
 * (a writer trusting its mark puts within its window), then looks again and marks it again if an
 * item came meanwhile. A full read of every shard now and then (`FULL_READ_MS`) finds what no
 * mark names: items from a version before the marks.
 */
import { BatchGetCommand, DeleteCommand, PutCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { queryAll } from './query-all.js';

/** The mark's sort key: '~' sorts after digits and letters, so a shard's range reads (due times, ids, pool keys) stop before it. */
export const MARK_SK = '~marked';

/** How long a process trusts the mark it wrote before writing it again. */
export const MARK_TRUST_MS = 10 * 60_000;

/** How often a reader reads every shard, marked or not (an hour). */
export const FULL_READ_MS = 60 * 60_000;

export class ShardMarks {
  /** When this process last wrote each shard's mark. */
  private readonly written = new Map<number, number>();
  /** When this reader last read every shard: set to the start of the hour it was made in, so the first full read comes at the next hour. */
  private lastFull: number | undefined;

  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly table: string,
    /** The set's key: its shards are `<name>#<shard>`. */
    private readonly name: string,
    private readonly shards: number,
    private readonly trustMs = MARK_TRUST_MS,
    /** The wall clock: marks are compared between processes. */
    private readonly now: () => number = Date.now,
  ) {}

  private key(shard: number) {
    return { pk: `${this.name}#${shard}`, sk: MARK_SK };
  }

  /** Before putting an item into `shard`: its mark, unless this process wrote it within `trustMs` (or `again`). */
  async mark(shard: number, again = false): Promise<void> {
    const now = this.now();
    if (!again && (this.written.get(shard) ?? -Infinity) > now - this.trustMs) return;
    await this.doc.send(new PutCommand({ TableName: this.table, Item: { ...this.key(shard), markedAt: now } }));
    this.written.set(shard, now);
  }

  /**
   * The shards to read for the whole set: every one once an hour (and on `all`), else the marked
   * ones, each with when it was marked (one consistent BatchGetItem); `null` for a shard read
   * without a mark.
   */
  async toRead(all = false): Promise<Map<number, number | null>> {
    const now = this.now();
    this.lastFull ??= now - (now % FULL_READ_MS);
    if (all || now - this.lastFull >= FULL_READ_MS) {
      this.lastFull = now;
      const marks = await this.marked();
      return new Map(Array.from({ length: this.shards }, (_, shard) => [shard, marks.get(shard) ?? null]));
    }
    return this.marked();
  }

  /**
   * The items of every shard to read (`toRead`), each shard's below its mark, shards in parallel;
   * a shard found empty goes `idle`, one found holding items without a mark is marked again
   * (written before the shard marks).
   */
  async readItems(): Promise<Record<string, unknown>[]> {
    const shards = await Promise.all(
      [...(await this.toRead())].map(async ([shard, markedAt]) => {
        const items = await queryAll(this.doc, { TableName: this.table, KeyConditionExpression: 'pk = :p AND sk < :mark', ExpressionAttributeValues: { ':p': this.key(shard).pk, ':mark': MARK_SK } });
        if (!items.length) await this.idle(shard, markedAt);
        else if (markedAt === null) await this.mark(shard, true);
        return items;
      }),
    );
    return shards.flat();
  }

  private async marked(): Promise<Map<number, number>> {
    const out = new Map<number, number>();
    let keys: Record<string, unknown>[] = Array.from({ length: this.shards }, (_, shard) => this.key(shard));
    while (keys.length) {
      const got = await this.doc.send(new BatchGetCommand({ RequestItems: { [this.table]: { Keys: keys.slice(0, 100), ConsistentRead: true } } }));
      for (const item of got.Responses?.[this.table] ?? []) out.set(Number(String(item.pk).slice(this.name.length + 1)), item.markedAt as number);
      keys = [...((got.UnprocessedKeys?.[this.table]?.Keys as Record<string, unknown>[] | undefined) ?? []), ...keys.slice(100)];
    }
    return out;
  }

  /**
   * A read of `shard` found nothing to do: if no process wrote its mark within twice `trustMs` and
   * `empty` says it holds no item (by default: no item sorts before the mark), the mark goes; it
   * comes back if `empty`, asked again after, finds one (put meanwhile by a process whose memory
   * of the mark had lapsed).
   */
  async idle(shard: number, markedAt: number | null, empty: () => Promise<boolean> = () => this.empty(shard)): Promise<void> {
    const now = this.now();
    if (markedAt === null || markedAt > now - 2 * this.trustMs || !(await empty())) return;
    try {
      await this.doc.send(new DeleteCommand({ TableName: this.table, Key: this.key(shard), ConditionExpression: 'markedAt <= :t', ExpressionAttributeValues: { ':t': now - 2 * this.trustMs } }));
    } catch (e) {
      if ((e as Error)?.name === 'ConditionalCheckFailedException') return; // written again meanwhile
      throw e;
    }
    this.written.delete(shard);
    if (!(await empty())) await this.mark(shard, true);
  }

  /** Whether the shard holds no item at all (every item sorts before its mark). */
  private async empty(shard: number): Promise<boolean> {
    const out = await this.doc.send(
      new QueryCommand({ TableName: this.table, KeyConditionExpression: 'pk = :pk AND sk < :mark', ExpressionAttributeValues: { ':pk': this.key(shard).pk, ':mark': MARK_SK }, Limit: 1, ConsistentRead: true }),
    );
    return !out.Items?.length;
  }
}
