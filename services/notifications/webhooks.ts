/**
 * A player's webhooks, in the game table: `pk = "PLAYER#<id>"`, `sk = "WEBHOOK#<id>"`, each with
 * its `whsec_` secret and its delivery health (failures in a row; disabled after too many).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { AppError } from '../app/errors.js';
import { playerPk } from '../players/registry.js';

export const WEBHOOK_EVENTS = ['YOUR_TURN', 'DEADLINE_WARNING', 'GAME_OVER'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
export const MAX_WEBHOOKS = 5;
const MAX_URL = 2000;
const PREFIX = 'WEBHOOK#';

export interface Webhook {
  id: string;
  player: string;
  url: string;
  events: WebhookEvent[];
  secret: string;
  disabled: boolean;
  failures: number;
  lastError: string | null;
}

export class Webhooks {
  private readonly doc: DynamoDBDocumentClient;

  constructor(
    client: DynamoDBClient,
    private readonly table: string,
  ) {
    this.doc = DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
  }

  async add(player: string, url: string, events: readonly string[] | undefined): Promise<Webhook> {
    checkUrl(url);
    const chosen = [...new Set(events ?? WEBHOOK_EVENTS)];
    if (chosen.length === 0 || chosen.some((e) => !(WEBHOOK_EVENTS as readonly string[]).includes(e))) throw new AppError('BAD_INPUT', `events are some of ${WEBHOOK_EVENTS.join(', ')}`);
    if ((await this.list(player)).length >= MAX_WEBHOOKS) throw new AppError('BAD_INPUT', `a player has at most ${MAX_WEBHOOKS} webhooks`);
    const hook: Webhook = { id: randomUUID(), player, url, events: chosen as WebhookEvent[], secret: `whsec_${randomBytes(24).toString('base64')}`, disabled: false, failures: 0, lastError: null };
    await this.doc.send(new PutCommand({ TableName: this.table, Item: { pk: playerPk(player), sk: PREFIX + hook.id, ...hook } }));
    return hook;
  }

  async remove(player: string, id: string): Promise<boolean> {
    const out = await this.doc.send(new DeleteCommand({ TableName: this.table, Key: { pk: playerPk(player), sk: PREFIX + id }, ReturnValues: 'ALL_OLD' }));
    return out.Attributes !== undefined;
  }

  async list(player: string): Promise<Webhook[]> {
    const out = await this.doc.send(
      new QueryCommand({ TableName: this.table, KeyConditionExpression: 'pk = :pk AND begins_with(sk, :w)', ExpressionAttributeValues: { ':pk': playerPk(player), ':w': PREFIX }, Limit: MAX_WEBHOOKS * 2 }),
    );
    return (out.Items ?? []).map(hookOf);
  }

  async get(player: string, id: string): Promise<Webhook | null> {
    const item = (await this.doc.send(new GetCommand({ TableName: this.table, Key: { pk: playerPk(player), sk: PREFIX + id } }))).Item;
    return item ? hookOf(item) : null;
  }

  /** Records a delivery's outcome: a success clears the failures, the `maxFailures`-th failure in a row disables the hook. */
  async record(hook: Webhook, error: string | null, maxFailures: number): Promise<void> {
    const failures = error === null ? 0 : hook.failures + 1;
    await this.doc
      .send(
        new UpdateCommand({
          TableName: this.table,
          Key: { pk: playerPk(hook.player), sk: PREFIX + hook.id },
          UpdateExpression: 'SET failures = :f, disabled = :d, lastError = :e',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':f': failures, ':d': failures >= maxFailures, ':e': error ?? hook.lastError },
        }),
      )
      .catch((e: unknown) => {
        if ((e as Error).name !== 'ConditionalCheckFailedException') throw e; // removed meanwhile
      });
  }
}

function hookOf(item: Record<string, unknown>): Webhook {
  const { pk: _pk, sk: _sk, ...hook } = item;
  return hook as unknown as Webhook;
}

function checkUrl(url: string): void {
  let parsed: URL;
  try {
    if (url.length > MAX_URL) throw new Error();
    parsed = new URL(url);
  } catch {
    throw new AppError('BAD_INPUT', `a webhook url is an absolute http(s) URL of at most ${MAX_URL} characters`);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new AppError('BAD_INPUT', 'a webhook url is http or https');
  if (parsed.username || parsed.password) throw new AppError('BAD_INPUT', 'a webhook url carries no credentials');
}
