/**
 * WebSocket connections and their subscriptions, in the game table beside the commits
 * (the sort key is a string, so other item kinds fit):
 *
 *   pk = CONN#<connectionId>  sk = CONN              the acknowledged connection (its seat token, if any,
 *                                                   and `subscriptions`: how many slots of its allowance are taken)
 *   pk = CONN#<connectionId>  sk = SUB#<id>          which topic subscription <id> listens to (to clean up)
 *   pk = SUBS#<topic>         sk = <connectionId>#<id> a subscriber of the topic: seat, operation, last version sent
 *
 * A topic is the one the subscribe resolver listens to locally: `game:<id>` (gameUpdated) or
 * `player:<id>` (myGames).
 *
 * Every item expires by TTL a little after API Gateway's 2-hour connection limit, so a lost
 * $disconnect leaves nothing behind for long. The stream consumer reads one partition per
 * game (`subscribers`); `$disconnect` reads one partition per connection.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, type BatchWriteCommandOutput, DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { TableStore } from '../../store/document-client.js';
import type { Viewer } from '../../engine/core/index.js';
import { queryAll } from '../../store/query-all.js';
import { KEY, TTL_ATTRIBUTE } from '../../store/schema.js';
import type { SubscribePayload } from '../../api/limits/graphql-transport-ws.js';

/** API Gateway closes every WebSocket connection after 2 hours; items outlive it by 10 minutes. */
const LIFETIME_SECONDS = 2 * 3600 + 600;
const CONNECTION_SK = 'CONN';
const connPk = (connectionId: string) => `CONN#${connectionId}`;
const subsPk = (topic: string) => `SUBS#${topic}`;
const SUB_PREFIX = 'SUB#';

export interface Connection {
  connectionId: string;
  /** The seat token from connection_init; absent for a spectator. */
  token?: string;
}

export interface Subscriber {
  connectionId: string;
  /** The client's id for the operation (graphql-transport-ws `id`). */
  id: string;
  /** What it listens to: `game:<id>` or `player:<id>`. */
  topic: string;
  /** Whose view the subscriber gets: its seat, or null for a spectator (or a player's inbox, whose games show the player's seats). */
  seat: Viewer;
  operation: SubscribePayload;
  /** The newest game version sent to it. */
  sentVersion?: number;
}

export class Connections extends TableStore {
  /** Records an acknowledged connection; false if it was acknowledged before (a second connection_init). */
  async open(connection: Connection): Promise<boolean> {
    const item = { [KEY.partition]: connPk(connection.connectionId), [KEY.sort]: CONNECTION_SK, token: connection.token, [TTL_ATTRIBUTE]: expiry() };
    return this.putNew(item);
  }

  async get(connectionId: string): Promise<Connection | null> {
    const r = await this.doc.send(new GetCommand({ TableName: this.table, Key: this.key(connPk(connectionId), CONNECTION_SK), ConsistentRead: true }));
    return r.Item ? { connectionId, token: r.Item.token } : null;
  }

  /**
   * Takes one of the connection's `allowed` subscription slots; false when all are taken (or
   * the connection is gone). A conditional counter, so frames API Gateway hands to Lambdas in
   * parallel cannot overshoot. A slot taken by a Lambda that dies before `reserve` stays taken
   * until the connection ends: the allowance can only shrink, never be exceeded.
   */
  async takeSlot(connectionId: string, allowed: number): Promise<boolean> {
    return this.conditionally({
      Key: this.key(connPk(connectionId), CONNECTION_SK),
      UpdateExpression: 'ADD subscriptions :one',
      ConditionExpression: 'attribute_exists(#pk) AND (attribute_not_exists(subscriptions) OR subscriptions < :allowed)',
      ExpressionAttributeNames: { '#pk': KEY.partition },
      ExpressionAttributeValues: { ':one': 1, ':allowed': allowed },
    });
  }

  /** Gives a slot back (a refused or ended subscription); never recreates a closed connection. */
  async freeSlot(connectionId: string): Promise<void> {
    await this.conditionally({
      Key: this.key(connPk(connectionId), CONNECTION_SK),
      UpdateExpression: 'ADD subscriptions :minusOne',
      ConditionExpression: 'attribute_exists(#pk) AND subscriptions > :zero',
      ExpressionAttributeNames: { '#pk': KEY.partition },
      ExpressionAttributeValues: { ':minusOne': -1, ':zero': 0 },
    });
  }

  /** Reserves a subscription id on a connection; false if the connection already has an operation with this id. */
  async reserve(connectionId: string, id: string, topic: string): Promise<boolean> {
    return this.putNew({ [KEY.partition]: connPk(connectionId), [KEY.sort]: SUB_PREFIX + id, topic, [TTL_ATTRIBUTE]: expiry() });
  }

  /** Makes a reserved subscription a subscriber of its game: from now on the stream consumer sends it updates. */
  async addSubscriber(sub: Subscriber): Promise<void> {
    const { connectionId, id, topic, seat, operation, sentVersion } = sub;
    await this.doc.send(
      new PutCommand({
        TableName: this.table,
        Item: { [KEY.partition]: subsPk(topic), [KEY.sort]: subscriberSk(connectionId, id), connectionId, id, topic, seat, operation, sentVersion, [TTL_ATTRIBUTE]: expiry() },
      }),
    );
  }

  /** Ends one subscription (the client's `complete`) and frees its slot; nothing if there is none. */
  async unsubscribe(connectionId: string, id: string): Promise<void> {
    const r = await this.doc.send(new DeleteCommand({ TableName: this.table, Key: this.key(connPk(connectionId), SUB_PREFIX + id), ReturnValues: 'ALL_OLD' }));
    const topic = r.Attributes?.topic as string | undefined;
    if (topic === undefined) return;
    await this.doc.send(new DeleteCommand({ TableName: this.table, Key: this.key(subsPk(topic), subscriberSk(connectionId, id)) }));
    await this.freeSlot(connectionId);
  }

  /** Forgets a connection and all its subscriptions ($disconnect, or a 410 Gone). */
  async close(connectionId: string): Promise<void> {
    const items = await this.queryAll(connPk(connectionId));
    const keys = items.flatMap((item) => {
      const own = this.key(item[KEY.partition], item[KEY.sort]);
      const sk = item[KEY.sort] as string;
      return sk.startsWith(SUB_PREFIX) ? [own, this.key(subsPk(item.topic), subscriberSk(connectionId, sk.slice(SUB_PREFIX.length)))] : [own];
    });
    await this.deleteAll(keys);
  }

  /** Everyone listening to a topic. */
  async subscribers(topic: string): Promise<Subscriber[]> {
    return (await this.queryAll(subsPk(topic))).map((item) => ({
      connectionId: item.connectionId,
      id: item.id,
      topic: item.topic,
      seat: item.seat ?? null,
      operation: item.operation,
      sentVersion: item.sentVersion,
    }));
  }

  /**
   * Takes the right to send `version` to a subscriber: true only while it still exists and
   * has been sent nothing newer. Stream retries and the subscribe catch-up then never send a
   * version twice, nor an older one after a newer.
   */
  async claim(sub: Subscriber, version: number): Promise<boolean> {
    return this.conditionally({
      Key: this.key(subsPk(sub.topic), subscriberSk(sub.connectionId, sub.id)),
      UpdateExpression: 'SET sentVersion = :v',
      ConditionExpression: 'attribute_exists(#pk) AND (attribute_not_exists(sentVersion) OR sentVersion < :v)',
      ExpressionAttributeNames: { '#pk': KEY.partition },
      ExpressionAttributeValues: { ':v': version },
    });
  }

  /** Gives back a claim whose message could not be sent, so a retry sends it. */
  async release(sub: Subscriber, version: number): Promise<void> {
    await this.conditionally({
      Key: this.key(subsPk(sub.topic), subscriberSk(sub.connectionId, sub.id)),
      UpdateExpression: sub.sentVersion === undefined ? 'REMOVE sentVersion' : 'SET sentVersion = :before',
      ConditionExpression: 'sentVersion = :v',
      ExpressionAttributeValues: { ':v': version, ...(sub.sentVersion === undefined ? {} : { ':before': sub.sentVersion }) },
    });
  }

  private key(pk: string, sk: string) {
    return { [KEY.partition]: pk, [KEY.sort]: sk };
  }

  private async putNew(item: Record<string, unknown>): Promise<boolean> {
    try {
      await this.doc.send(new PutCommand({ TableName: this.table, Item: item, ConditionExpression: 'attribute_not_exists(#pk)', ExpressionAttributeNames: { '#pk': KEY.partition } }));
      return true;
    } catch (e) {
      if (e instanceof ConditionalCheckFailedException) return false;
      throw e;
    }
  }

  private async conditionally(update: Omit<ConstructorParameters<typeof UpdateCommand>[0], 'TableName'>): Promise<boolean> {
    try {
      await this.doc.send(new UpdateCommand({ TableName: this.table, ...update }));
      return true;
    } catch (e) {
      if (e instanceof ConditionalCheckFailedException) return false;
      throw e;
    }
  }

  private queryAll(pk: string): Promise<Record<string, any>[]> {
    return queryAll(this.doc, {
      TableName: this.table,
      KeyConditionExpression: '#pk = :pk',
      ExpressionAttributeNames: { '#pk': KEY.partition },
      ExpressionAttributeValues: { ':pk': pk },
      ConsistentRead: true,
    });
  }

  /** BatchWriteItem takes 25 requests at a time and may hand some back: retried until none are left. */
  private async deleteAll(keys: Record<string, string>[]): Promise<void> {
    for (let i = 0; i < keys.length; i += 25) {
      let requests: any[] | undefined = keys.slice(i, i + 25).map((Key) => ({ DeleteRequest: { Key } }));
      for (let attempt = 0; requests?.length; attempt++) {
        if (attempt > 0) await new Promise((r) => setTimeout(r, Math.min(1000, 25 * 2 ** attempt)));
        const r: BatchWriteCommandOutput = await this.doc.send(new BatchWriteCommand({ RequestItems: { [this.table]: requests } }));
        requests = r.UnprocessedItems?.[this.table];
        if (attempt >= 8 && requests?.length) throw new Error(`could not delete ${requests.length} items of a closed connection`);
      }
    }
  }
}

const subscriberSk = (connectionId: string, id: string) => `${connectionId}#${id}`;
const expiry = () => Math.floor(Date.now() / 1000) + LIFETIME_SECONDS;
