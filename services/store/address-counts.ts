/**
 * Counts per client address that hold across every process writing the table: on AWS each warm
 * Lambda instance kept its own count of registrations, creations, joins and device-link tries, so
 * N instances let an address through N times the limit (docs/limits.md). One item per counted key
 * (`pk = "LIMIT#<key>"`, `sk = "COUNT"`; the key is the caller's hash of a kind and an address,
 * never the address) holds the current window: when it began and how many it has let through.
 *
 * - Within a window, one conditional `UpdateItem` adds 1 while the count is below the limit: the
 *   cap holds however many instances race.
 * - The first request after a window ends (the increment refused) starts a new one: a second
 *   conditional write, taken only while the old window is over, so two racers start it once.
 * - Over the limit, both writes are refused and one read gives when the window began, for
 *   Retry-After (the caller remembers the refusal until then: services/app/address-counts.ts).
 * - Each item expires (TTL) a minute after its window: what is left is at most one item per
 *   address and kind that counted in the last window.
 *
 * Windows start at each key's first request, as the process's own counts do (api/limits/rate.ts),
 * not on the clock's minute: a burst across a fixed boundary would get twice the limit.
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { TableStore } from './document-client.js';
import { TTL_ATTRIBUTE } from './schema.js';

/** Counts of one key per window, shared by every writer of the store. */
export interface AddressCountStore {
  /** Counts one request of `key` at `now` (epoch ms): 0 when within `max` a window of `windowMs`, else whole seconds until the window ends. */
  hit(key: string, max: number, windowMs: number, now: number): Promise<number>;
}

export const addressCountPk = (key: string) => `LIMIT#${key}`;
const SK = 'COUNT';
/** Kept this long past its window's end, then removed by DynamoDB's TTL. */
const TTL_SLACK_S = 60;
/** Increment-or-restart rounds before a key raced by others gives up (and refuses for a second). */
const ROUNDS = 3;

const refused = (e: unknown) => (e as { name?: string }).name === 'ConditionalCheckFailedException';

export class DynamoAddressCounts extends TableStore implements AddressCountStore {
  async hit(key: string, max: number, windowMs: number, now: number): Promise<number> {
    const Key = { pk: addressCountPk(key), sk: SK };
    const wait = (started: number) => Math.max(1, Math.ceil((started + windowMs - now) / 1000));
    if (max < 1) return wait(now);
    const cutoff = now - windowMs;
    for (let round = 0; round < ROUNDS; round++) {
      // The window under way, not yet full.
      if (await this.write({ TableName: this.table, Key, UpdateExpression: 'SET hits = hits + :one', ConditionExpression: 'started > :cutoff AND hits < :max', ExpressionAttributeValues: { ':one': 1, ':cutoff': cutoff, ':max': max } })) return 0;
      // No window, or its time is over: this request starts the next one.
      const ttl = Math.ceil((now + windowMs) / 1000) + TTL_SLACK_S;
      if (await this.write({ TableName: this.table, Key, UpdateExpression: 'SET hits = :one, started = :now, #ttl = :ttl', ConditionExpression: 'attribute_not_exists(started) OR started <= :cutoff', ExpressionAttributeNames: { '#ttl': TTL_ATTRIBUTE }, ExpressionAttributeValues: { ':one': 1, ':now': now, ':cutoff': cutoff, ':ttl': ttl } })) return 0;
      // Full, unless another writer began a window between the two writes (then count again).
      const { Item } = await this.doc.send(new GetCommand({ TableName: this.table, Key, ConsistentRead: true }));
      if (Item && Number(Item.started) > cutoff && Number(Item.hits) >= max) return wait(Number(Item.started));
    }
    return 1;
  }

  private async write(input: ConstructorParameters<typeof UpdateCommand>[0]): Promise<boolean> {
    try {
      await this.doc.send(new UpdateCommand(input));
      return true;
    } catch (e) {
      if (refused(e)) return false;
      throw e;
    }
  }
}
