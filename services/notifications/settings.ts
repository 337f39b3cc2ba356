/**
 * Each player's notification settings, one item in the game table (`pk = "PLAYER#<id>"`,
 * `sk = "NOTIFY#SETTINGS"`): which events reach them at all, by which channels (webhook, push,
 * email), their quiet hours, their email address and how often a digest may go.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { TableStore } from '../store/document-client.js';
import { queryAll } from '../store/query-all.js';
import { AppError } from '../app/errors.js';
import { playerPk } from '../players/registry.js';
import { PUSH_PREFIX, pushSubscriptionOf, type PushSubscription } from './push/subscriptions.js';
import { quietHoursOf, type QuietHours } from './quiet-hours.js';
import { hookOf, WEBHOOK_EVENTS, WEBHOOK_PREFIX, type Webhook, type WebhookEvent } from './webhooks.js';

export const CHANNELS = ['WEBHOOK', 'PUSH', 'EMAIL'] as const;
export type Channel = (typeof CHANNELS)[number];
export const DEFAULT_DIGEST_HOURS = 6;
const MAX_DIGEST_HOURS = 7 * 24;
const MAX_ADDRESS = 254;
// One @, no spaces, a dot in the domain: enough to refuse typos; the mail server is the real judge.
const ADDRESS = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface NotificationSettings {
  events: WebhookEvent[];
  channels: Channel[];
  quietHours: QuietHours | null;
  /** Where the digest goes; null: no email. */
  email: string | null;
  /** The least time between two digests, in hours. */
  digestEveryHours: number;
}

/** What setNotificationSettings takes: an absent field keeps its value; quietHours: null clears them. */
export interface SettingsInput {
  events?: readonly string[] | null;
  channels?: readonly string[] | null;
  quietHours?: { start: string; end: string; timeZone?: string | null } | null;
  digestEveryHours?: number | null;
}

/** The player's email digest as scheduled (email/digest.ts): `due`, the one on its way; `lastSentAt`. */
export interface DigestState {
  due?: number;
  lastSentAt?: number;
}
/** The digest state's sort key, beside the settings. */
export const DIGEST_STATE_SK = 'NOTIFY#DIGEST';

/** What a player's notices need of the player: the channels' settings and what each channel sends to. */
export interface Recipient {
  settings: NotificationSettings;
  push: PushSubscription[];
  /** Their webhooks, with each one's health. */
  hooks: Webhook[];
  digest: DigestState;
}

export const DEFAULT_SETTINGS: NotificationSettings = { events: [...WEBHOOK_EVENTS], channels: [...CHANNELS], quietHours: null, email: null, digestEveryHours: DEFAULT_DIGEST_HOURS };

/** Whether `event` may reach the player through `channel` (quiet hours are the channel's own business). */
export const allows = (s: NotificationSettings, channel: Channel, event: string) => s.channels.includes(channel) && (s.events as string[]).includes(event);

function subset<T extends string>(values: readonly string[], all: readonly T[], what: string): T[] {
  const bad = values.filter((v) => !(all as readonly string[]).includes(v));
  if (bad.length) throw new AppError('BAD_INPUT', `${what} are some of ${all.join(', ')}`);
  return [...new Set(values)] as T[];
}

export class NotificationSettingsStore extends TableStore {
  async get(player: string): Promise<NotificationSettings> {
    return settingsOf((await this.doc.send(new GetCommand({ TableName: this.table, Key: this.key(player) }))).Item);
  }

  /**
   * What notices need of the player, in one consistent Query of their items from `NOTIFY#` to
   * `WEBHOOK#`: the settings, the push subscriptions, the digest's state and the webhooks. Between
   * them lie only the profile and the vacation (one item each), read and dropped. It was three
   * reads a notice (test/store/hot-partitions.e2e.test.ts prints the calls); consistent, as the
   * digest's state must be (a notice just before scheduled it).
   */
  async forNotice(player: string): Promise<Recipient> {
    const items = await queryAll(this.doc, {
      TableName: this.table,
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':pk': playerPk(player), ':from': 'NOTIFY#', ':to': `${WEBHOOK_PREFIX}~` },
      ConsistentRead: true,
    });
    const { pk: _pk, sk: _sk, ...digest } = items.find((i) => i.sk === DIGEST_STATE_SK) ?? {};
    return {
      settings: settingsOf(items.find((i) => i.sk === SETTINGS_SK)),
      push: items.filter((i) => String(i.sk).startsWith(PUSH_PREFIX)).map(pushSubscriptionOf),
      hooks: items.filter((i) => String(i.sk).startsWith(WEBHOOK_PREFIX)).map(hookOf),
      digest: digest as DigestState,
    };
  }

  async update(player: string, input: SettingsInput): Promise<NotificationSettings> {
    const next = { ...(await this.get(player)) };
    if (input.events != null) next.events = subset(input.events, WEBHOOK_EVENTS, 'events');
    if (input.channels != null) next.channels = subset(input.channels, CHANNELS, 'channels');
    if (input.quietHours !== undefined) next.quietHours = input.quietHours === null ? null : quietHoursOf(input.quietHours);
    if (input.digestEveryHours != null) {
      if (!Number.isInteger(input.digestEveryHours) || input.digestEveryHours < 1 || input.digestEveryHours > MAX_DIGEST_HOURS) throw new AppError('BAD_INPUT', `digestEveryHours is a whole number from 1 to ${MAX_DIGEST_HOURS}`);
      next.digestEveryHours = input.digestEveryHours;
    }
    return this.put(player, next);
  }

  /** Sets (or, with null, removes) the digest's address. */
  async setEmail(player: string, address: string | null): Promise<NotificationSettings> {
    const trimmed = address?.trim() ?? null;
    if (trimmed !== null && (trimmed.length > MAX_ADDRESS || !ADDRESS.test(trimmed))) throw new AppError('BAD_INPUT', `an email address looks like name@example.org (at most ${MAX_ADDRESS} characters)`);
    const next = { ...(await this.get(player)), email: trimmed };
    if (trimmed !== null && !next.channels.includes('EMAIL')) next.channels = [...next.channels, 'EMAIL'];
    return this.put(player, next);
  }

  /** The unsubscribe link's work: email off, the address kept (turning it on again is one setting). */
  async emailOff(player: string): Promise<NotificationSettings> {
    const current = await this.get(player);
    return this.put(player, { ...current, channels: current.channels.filter((c) => c !== 'EMAIL') });
  }

  private async put(player: string, s: NotificationSettings): Promise<NotificationSettings> {
    await this.doc.send(new PutCommand({ TableName: this.table, Item: { ...this.key(player), ...s } }));
    return s;
  }

  private key(player: string) {
    return { pk: playerPk(player), sk: SETTINGS_SK };
  }
}

const SETTINGS_SK = 'NOTIFY#SETTINGS';

function settingsOf(item: Record<string, unknown> | undefined): NotificationSettings {
  if (!item) return { ...DEFAULT_SETTINGS };
  const { pk: _pk, sk: _sk, ...stored } = item;
  return { ...DEFAULT_SETTINGS, ...(stored as Partial<NotificationSettings>) };
}
