/**
 * A player's Web Push subscriptions (one per browser they allowed), in the game table:
 * `pk = "PLAYER#<id>"`, `sk = "NOTIFY#PUSH#<id>"` (beside the settings: one Query reads both, settings.ts forNotice), the id a hash of the endpoint (subscribing the same
 * browser again replaces its entry). At most MAX_PUSH_SUBSCRIPTIONS a player: a new one beyond
 * that evicts the oldest (browsers renew subscriptions and leave the old ones behind, so the
 * newest are the live ones). The push service's 404/410 removes one too (push/sender.ts).
 */
import { createHash } from 'node:crypto';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, DynamoDBDocumentClient, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '../../store/document-client.js';
import { AppError } from '../../app/errors.js';
import { playerPk } from '../../players/registry.js';
import { requirePublicHost } from '../public-address.js';

export const MAX_PUSH_SUBSCRIPTIONS = 10;
const MAX_ENDPOINT = 1000;
export const PUSH_PREFIX = 'NOTIFY#PUSH#';
const PREFIX = PUSH_PREFIX;
// The browser's P-256 public key (65 bytes) and auth secret (16 bytes), base64url.
const P256DH = /^[A-Za-z0-9_-]{86,88}={0,2}$/;
const AUTH = /^[A-Za-z0-9_-]{22,24}={0,2}$/;

export interface PushSubscription {
  id: string;
  player: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  createdAt: string;
}

export class PushSubscriptions {
  private readonly doc: DynamoDBDocumentClient;

  constructor(
    client: DynamoDBClient,
    private readonly table: string,
    /** Endpoints may be http and on private addresses (tests, a local stand-in); default: https only. */
    private readonly anyEndpoint = false,
  ) {
    this.doc = documentClient(client);
  }

  async add(player: string, input: { endpoint: string; p256dh: string; auth: string }, now: number): Promise<PushSubscription> {
    const url = this.check(input);
    // Deliveries refuse private addresses at connect (post.ts); the same rule now, so the player hears of it.
    if (!this.anyEndpoint) await requirePublicHost(url, 'a push endpoint');
    const id = createHash('sha256').update(input.endpoint).digest('base64url').slice(0, 22);
    const sub: PushSubscription = { id, player, endpoint: input.endpoint, p256dh: input.p256dh, auth: input.auth, createdAt: new Date(now).toISOString() };
    await this.doc.send(new PutCommand({ TableName: this.table, Item: { pk: playerPk(player), sk: PREFIX + id, ...sub } }));
    const held = await this.list(player);
    // Oldest first beyond the cap; concurrent adds each evict, so the count settles at the cap.
    const extra = held.sort((a, b) => a.createdAt.localeCompare(b.createdAt)).slice(0, Math.max(0, held.length - MAX_PUSH_SUBSCRIPTIONS));
    for (const old of extra.filter((s) => s.id !== id)) await this.remove(player, old.id);
    return sub;
  }

  async remove(player: string, id: string): Promise<boolean> {
    const out = await this.doc.send(new DeleteCommand({ TableName: this.table, Key: { pk: playerPk(player), sk: PREFIX + id }, ReturnValues: 'ALL_OLD' }));
    return out.Attributes !== undefined;
  }

  async list(player: string): Promise<PushSubscription[]> {
    const out = await this.doc.send(
      new QueryCommand({ TableName: this.table, KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)', ExpressionAttributeValues: { ':pk': playerPk(player), ':p': PREFIX }, Limit: MAX_PUSH_SUBSCRIPTIONS * 2 }),
    );
    return (out.Items ?? []).map(pushSubscriptionOf);
  }

  private check(input: { endpoint: string; p256dh: string; auth: string }): URL {
    let url: URL;
    try {
      if (input.endpoint.length > MAX_ENDPOINT) throw new Error();
      url = new URL(input.endpoint);
    } catch {
      throw new AppError('BAD_INPUT', `a push endpoint is an absolute URL of at most ${MAX_ENDPOINT} characters`);
    }
    if (url.protocol !== 'https:' && !(this.anyEndpoint && url.protocol === 'http:')) throw new AppError('BAD_INPUT', 'a push endpoint is an https URL (the browser’s push service)');
    if (url.username || url.password) throw new AppError('BAD_INPUT', 'a push endpoint carries no credentials');
    if (!P256DH.test(input.p256dh)) throw new AppError('BAD_INPUT', 'p256dh is the subscription’s P-256 public key, base64url (65 bytes)');
    if (!AUTH.test(input.auth)) throw new AppError('BAD_INPUT', 'auth is the subscription’s 16-byte auth secret, base64url');
    return url;
  }
}

export const pushSubscriptionOf = ({ pk: _pk, sk: _sk, ...s }: Record<string, unknown>) => s as unknown as PushSubscription;
