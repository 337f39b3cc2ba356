/**
 * The change feed on one machine, kept in the game table: each commit item carries
 * `fpk = "FEED"`, `fsk = <position>` (written by the append's own PutItem, so a commit is in the
 * feed exactly when it exists), indexed keys-only by `byPosition`; the reactions' checkpoints are
 * one item, `pk = "FEED"`, `sk = "CHECKPOINTS"`. Only this process appends (the DATA_DIR is
 * locked), so positions come from an in-memory counter seeded at start from the highest in the index.
 */
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient } from './document-client.js';
import type { ChangeFeed, FeedEntry } from './port.js';
import { FEED_INDEX, FEED_PK, feedSk, gamePk, KEY } from './schema.js';

const CHECKPOINTS = { [KEY.partition]: FEED_PK, [KEY.sort]: 'CHECKPOINTS' };

export class DynamoChangeFeed implements ChangeFeed {
  private readonly doc: DynamoDBDocumentClient;
  private readonly open = new Set<number>();
  last = 0;
  /** The checkpoints `start` read, until this process saves others: `recover` needs no second read. */
  checkpointsAtStart: Record<string, number> | undefined;

  constructor(
    client: DynamoDBClient,
    private readonly table: string,
  ) {
    this.doc = documentClient(client);
  }

  /** Seeds the counter past every position the table knows (the newest commit's, or a checkpoint's). */
  async start(): Promise<void> {
    const newest = await this.doc.send(
      new QueryCommand({ TableName: this.table, IndexName: FEED_INDEX.name, KeyConditionExpression: '#p = :p', ExpressionAttributeNames: { '#p': FEED_INDEX.partition }, ExpressionAttributeValues: { ':p': FEED_PK }, ScanIndexForward: false, Limit: 1 }),
    );
    const top = newest.Items?.[0]?.[FEED_INDEX.sort];
    this.checkpointsAtStart = await this.readCheckpoints();
    this.last = Math.max(top === undefined ? 0 : Number(top), ...Object.values(this.checkpointsAtStart));
  }

  /** The attributes that put an append into the feed. */
  static keys(position: number): Record<string, string> {
    return { [FEED_INDEX.partition]: FEED_PK, [FEED_INDEX.sort]: feedSk(position) };
  }

  reserve(): number {
    this.open.add(++this.last);
    return this.last;
  }

  close(position: number): void {
    this.open.delete(position);
  }

  lowestOpen(): number | null {
    let lowest: number | null = null;
    for (const p of this.open) if (lowest === null || p < lowest) lowest = p;
    return lowest;
  }

  async after(position: number, limit: number): Promise<FeedEntry[]> {
    const out = await this.doc.send(
      new QueryCommand({
        TableName: this.table,
        IndexName: FEED_INDEX.name,
        KeyConditionExpression: '#p = :p AND #s > :after',
        ExpressionAttributeNames: { '#p': FEED_INDEX.partition, '#s': FEED_INDEX.sort },
        ExpressionAttributeValues: { ':p': FEED_PK, ':after': feedSk(position) },
        Limit: limit,
      }),
    );
    return (out.Items ?? []).map((item) => ({
      gameId: String(item[KEY.partition]).slice(gamePk('').length),
      version: Number(String(item[KEY.sort]).split('#')[1]),
      position: Number(item[FEED_INDEX.sort]),
    }));
  }

  async readCheckpoints(): Promise<Record<string, number>> {
    const item = (await this.doc.send(new GetCommand({ TableName: this.table, Key: CHECKPOINTS, ConsistentRead: true }))).Item;
    return item ? (JSON.parse(item.checkpoints as string) as Record<string, number>) : {};
  }

  async writeCheckpoints(checkpoints: Record<string, number>): Promise<void> {
    this.checkpointsAtStart = undefined;
    await this.doc.send(new PutCommand({ TableName: this.table, Item: { ...CHECKPOINTS, checkpoints: JSON.stringify(checkpoints) } }));
  }
}
