/**
 * A player's webhooks, in the game table: `pk = "PLAYER#<id>"`, `sk = "WEBHOOK#<slot>"` (slot 0
 * to MAX_WEBHOOKS - 1), each with its id, its `whsec_` secret and its delivery health (failures
 * in a row; disabled after too many). A hook is written only into a free slot (a conditional put),
 * so concurrent adds cannot hold more than MAX_WEBHOOKS: the table keeps the cap, not a count
 * read before the write. Hooks written before slots (`sk = "WEBHOOK#<id>"`) still count and work.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { DeleteCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { TableStore } from '../store/document-client.js';
import { AppError } from '../app/errors.js';
import { playerPk } from '../players/registry.js';

import { WEBHOOK_EVENTS, type WebhookEvent } from './events.js';

export { WEBHOOK_EVENTS, type WebhookEvent };
export const MAX_WEBHOOKS = 5;
const MAX_URL = 2000;
/** Every hook's sort key begins so. */
export const WEBHOOK_PREFIX = 'WEBHOOK#';

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

export class Webhooks extends TableStore {
  async add(player: string, url: string, events: readonly string[] | undefined): Promise<Webhook> {
    checkUrl(url);
    const chosen = [...new Set(events ?? WEBHOOK_EVENTS)];
    if (chosen.length === 0 || chosen.some((e) => !(WEBHOOK_EVENTS as readonly string[]).includes(e))) throw new AppError('BAD_INPUT', `events are some of ${WEBHOOK_EVENTS.join(', ')}`);
    const hook: Webhook = { id: randomUUID(), player, url, events: chosen as WebhookEvent[], secret: `whsec_${randomBytes(24).toString('base64')}`, disabled: false, failures: 0, lastError: null };
    const held = await this.list(player);
    const taken = new Set(held.map((h) => keyOf.get(h)));
    const legacy = held.filter((h) => !SLOT.test(keyOf.get(h) ?? '')).length;
    for (let slot = 0; slot < MAX_WEBHOOKS - legacy; slot++) {
      const sk = WEBHOOK_PREFIX + slot;
      if (taken.has(sk)) continue;
      try {
        await this.doc.send(new PutCommand({ TableName: this.table, Item: { pk: playerPk(player), sk, ...hook }, ConditionExpression: 'attribute_not_exists(pk)' }));
      } catch (e) {
        if ((e as Error).name === 'ConditionalCheckFailedException') continue; // a concurrent add took it
        throw e;
      }
      keyOf.set(hook, sk);
      return hook;
    }
    throw new AppError('BAD_INPUT', `a player has at most ${MAX_WEBHOOKS} webhooks`);
  }

  async remove(player: string, id: string): Promise<boolean> {
    const hook = await this.get(player, id);
    if (!hook) return false;
    const out = await this.doc
      .send(new DeleteCommand({ TableName: this.table, Key: { pk: playerPk(player), sk: keyOf.get(hook) }, ConditionExpression: 'id = :id', ExpressionAttributeValues: { ':id': id }, ReturnValues: 'ALL_OLD' }))
      .catch((e: unknown) => {
        if ((e as Error).name === 'ConditionalCheckFailedException') return { Attributes: undefined }; // removed meanwhile
        throw e;
      });
    return out.Attributes !== undefined;
  }

  async list(player: string): Promise<Webhook[]> {
    const out = await this.doc.send(
      new QueryCommand({ TableName: this.table, KeyConditionExpression: 'pk = :pk AND begins_with(sk, :w)', ExpressionAttributeValues: { ':pk': playerPk(player), ':w': WEBHOOK_PREFIX }, Limit: MAX_WEBHOOKS * 2 }),
    );
    return (out.Items ?? []).map(hookOf);
  }

  /** A player holds at most MAX_WEBHOOKS hooks: finding one by id among them is one small query. */
  async get(player: string, id: string): Promise<Webhook | null> {
    return (await this.list(player)).find((h) => h.id === id) ?? null;
  }

  /** Records a delivery's outcome: a success clears the failures, the `maxFailures`-th failure in a row disables the hook. */
  async record(hook: Webhook, error: string | null, maxFailures: number): Promise<void> {
    // A success on a hook with no failure changes nothing: no write (it was one write per delivery).
    if (error === null && hook.failures === 0 && !hook.disabled) return;
    const failures = error === null ? 0 : hook.failures + 1;
    await this.doc
      .send(
        new UpdateCommand({
          TableName: this.table,
          Key: { pk: playerPk(hook.player), sk: keyOf.get(hook) ?? WEBHOOK_PREFIX + hook.id },
          UpdateExpression: 'SET failures = :f, disabled = :d, lastError = :e',
          ConditionExpression: 'id = :id', // the same hook, not a later one in its slot
          ExpressionAttributeValues: { ':f': failures, ':d': failures >= maxFailures, ':e': error ?? hook.lastError, ':id': hook.id },
        }),
      )
      .catch((e: unknown) => {
        if ((e as Error).name !== 'ConditionalCheckFailedException') throw e; // removed meanwhile
      });
  }
}

/** Each hook's item key (its slot), kept beside it rather than in it: the hook is what players see. */
const keyOf = new WeakMap<Webhook, string>();
const SLOT = new RegExp(`^${WEBHOOK_PREFIX}\\d$`);

/** A hook from its item (its slot remembered for `record`). */
export function hookOf(item: Record<string, unknown>): Webhook {
  const { pk: _pk, sk, ...fields } = item;
  const hook = fields as unknown as Webhook;
  keyOf.set(hook, sk as string);
  return hook;
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
