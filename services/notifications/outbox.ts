/**
 * The durable outbox of webhook deliveries, in the game table: `pk = "OUTBOX"`,
 * `sk = "<due, epoch ms, 15 digits>#<delivery id>"`, so the due ones are one Query. A sender
 * leases an item before sending (a crashed sender's lease runs out and the item is due again);
 * a retry is the same delivery (same id, same body) under a later due time.
 */
import { ConditionalCheckFailedException, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, DynamoDBDocumentClient, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '../store/document-client.js';

const OUTBOX_PK = 'OUTBOX';
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

  constructor(
    client: DynamoDBClient,
    private readonly table: string,
  ) {
    this.doc = documentClient(client);
  }

  async put(d: Delivery): Promise<void> {
    await this.doc.send(new PutCommand({ TableName: this.table, Item: { pk: OUTBOX_PK, sk: `${due(d.dueAt)}#${d.id}`, ...d } }));
  }

  /** Deliveries due at `now`, oldest first. */
  async due(now: number, limit = 25): Promise<Delivery[]> {
    const out = await this.doc.send(
      new QueryCommand({ TableName: this.table, KeyConditionExpression: 'pk = :pk AND sk <= :now', ExpressionAttributeValues: { ':pk': OUTBOX_PK, ':now': `${due(now)}#~` }, Limit: limit, ConsistentRead: true }),
    );
    return (out.Items ?? []).map(({ pk: _p, sk: _s, leaseUntil: _l, ...d }) => d as Delivery);
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
    return { pk: OUTBOX_PK, sk: `${due(d.dueAt)}#${d.id}` };
  }
}
