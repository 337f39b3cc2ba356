/**
 * The durable outbox of webhook deliveries, in the game table: `pk = "OUTBOX#<shard>"` (OUTBOX_SHARDS
 * keys, the shard a hash of the delivery id: store/shards.ts, so no partition takes every
 * delivery's three writes), `sk = "<due, epoch ms, 15 digits>#<delivery id>"`, so the due ones
 * are one Query a shard, merged oldest first. A sender
 * leases an item before sending (a crashed sender's lease runs out and the item is due again);
 * a retry is the same delivery (same id, same body) under a later due time. Each shard a
 * delivery is put into is marked (store/shard-marks.ts): a read of the whole outbox reads the
 * marks (one call) and then only the marked shards, so a start or an idle poll costs one call.
 */
import { ConditionalCheckFailedException, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, DynamoDBDocumentClient, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '../store/document-client.js';
import { ShardMarks } from '../store/shard-marks.js';
import { mergeSorted, OUTBOX_SHARDS, shardOf } from '../store/shards.js';

const OUTBOX = 'OUTBOX';
/** The key every delivery had before the outbox was spread (a data folder of an older version: store/legacy-keys.ts). */
export const LEGACY_OUTBOX_PK = OUTBOX;
const shardPk = (shard: number) => `${OUTBOX}#${shard}`;
const outboxPk = (deliveryId: string) => shardPk(shardOf(deliveryId, OUTBOX_SHARDS));
/** Where a delivery is in the table. */
export const outboxKey = (d: Pick<Delivery, 'id' | 'dueAt'>) => ({ pk: outboxPk(d.id), sk: `${due(d.dueAt)}#${d.id}` });
const due = (ms: number) => String(ms).padStart(15, '0');

export interface Delivery {
  /** The `webhook-id`: the same for every attempt of one delivery. */
  id: string;
  player: string;
  webhookId: string;
  /** The JSON body. */
  body: string;
  /** Attempts made so far. */
  attempt: number;
  dueAt: number;
  /** Epoch ms of each attempt so far (the retry schedule, observed). */
  tries: number[];
}

export class Outbox {
  private readonly doc: DynamoDBDocumentClient;
  /** Which shards may hold deliveries (marked before the first put into each). */
  private readonly marks: ShardMarks;

  constructor(
    client: DynamoDBClient,
    private readonly table: string,
  ) {
    this.doc = documentClient(client);
    this.marks = new ShardMarks(this.doc, table, OUTBOX, OUTBOX_SHARDS);
  }

  async put(d: Delivery): Promise<void> {
    const shard = shardOf(d.id, OUTBOX_SHARDS);
    // The mark first: a crash between the two leaves a mark on nothing (the next read takes it off), never a delivery no read finds.
    await this.marks.mark(shard);
    await this.doc.send(new PutCommand({ TableName: this.table, Item: { ...this.key(d), ...d } }));
  }

  /**
   * Deliveries due at `now`, oldest first: the first `limit` of every marked shard's, merged (every
   * shard's once an hour: ShardMarks).
   */
  async due(now: number, limit = 25): Promise<Delivery[]> {
    const shards = await Promise.all(
      [...(await this.marks.toRead())].map(async ([shard, markedAt]) => {
        const out = await this.doc.send(
          new QueryCommand({ TableName: this.table, KeyConditionExpression: 'pk = :pk AND sk <= :now', ExpressionAttributeValues: { ':pk': shardPk(shard), ':now': `${due(now)}#~` }, Limit: limit, ConsistentRead: true }),
        );
        if (!out.Items?.length) await this.marks.idle(shard, markedAt);
        else if (markedAt === null) await this.marks.mark(shard, true); // found by a full read (put before the marks)
        return out.Items ?? [];
      }),
    );
    return mergeSorted(shards, (item) => item.sk as string, limit).map(({ pk: _p, sk: _s, leaseUntil: _l, ...d }) => d as Delivery);
  }

  /** Marks the shard a delivery written by other means goes into (an older version's moved to its key: legacy-keys.ts), before it is written. */
  async markFor(deliveryId: string): Promise<void> {
    await this.marks.mark(shardOf(deliveryId, OUTBOX_SHARDS));
  }

  /** Takes the delivery for `leaseMs`; false if another sender holds it. */
  async lease(d: Delivery, now: number, leaseMs: number): Promise<boolean> {
    try {
      await this.doc.send(
        new UpdateCommand({
          TableName: this.table,
          Key: this.key(d),
          UpdateExpression: 'SET leaseUntil = :until',
          ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(leaseUntil) OR leaseUntil < :now)',
          ExpressionAttributeValues: { ':until': now + leaseMs, ':now': now },
        }),
      );
      return true;
    } catch (e) {
      if (e instanceof ConditionalCheckFailedException) return false;
      throw e;
    }
  }

  async done(d: Delivery): Promise<void> {
    await this.doc.send(new DeleteCommand({ TableName: this.table, Key: this.key(d) }));
  }

  /** The same delivery, due again at `dueAt` (written before the old item goes, so it cannot be lost). */
  async retry(d: Delivery, dueAt: number, tried: number): Promise<void> {
    await this.put({ ...d, attempt: d.attempt + 1, dueAt, tries: [...d.tries, tried] });
    await this.done(d);
  }

  private key(d: Delivery) {
    return outboxKey(d);
  }
}
