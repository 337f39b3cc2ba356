/**
 * Notifications people see, put together: settings, push subscriptions and the VAPID key, the
 * email digest and its unsubscribe link (what the api needs), and the channels every notice goes
 * through (what the processes that notify need). Local and AWS wiring both call these.
 */
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { ParlorService } from '../app/service.js';
import type { Inbox } from '../players/inbox.js';
import { emailChannel, NotificationChannels, pushChannel, webhookChannel, type NoticeSink, type WebhookSink } from './channels.js';
import { Digests } from './email/digest.js';
import { DEFAULT_MAIL_FROM, type Mailer } from './email/transport.js';
import { UnsubscribeTokens } from './email/unsubscribe.js';
import { gameLabel } from './game-label.js';
import { pushMessage } from './push/message.js';
import { PushSender } from './push/sender.js';
import { PushSubscriptions, type PushSubscription } from './push/subscriptions.js';
import { vapidKeysFrom, type VapidKeys } from './push/vapid.js';
import { NotificationSettingsStore } from './settings.js';

export interface NotificationsConfig {
  /** The secret the VAPID key pair is derived from (DATA_DIR/vapid.key; VAPID_SECRET_ARN on AWS). */
  vapidSecret: () => Promise<string>;
  /** VAPID_SUBJECT: a mailto: or https: URL push services may reach the operator at. */
  vapidSubject?: string;
  /** Where digests go; null or absent: no email channel. */
  mailer?: Mailer | null;
  mailFrom?: string;
  /** PUBLIC_URL: the page's address, for links in emails. */
  publicUrl: string;
  /** The key unsubscribe links are signed under (the player-token signing secret). */
  linkSecret: () => Promise<string>;
  /** Push endpoints over http and on private addresses (tests, a local push stand-in); default false. */
  privateAddresses?: boolean;
}

export interface NotificationsApi {
  settings: NotificationSettingsStore;
  pushSubscriptions: PushSubscriptions;
  vapidKeys: () => Promise<VapidKeys>;
  /** Null without a mail transport. */
  digests: Digests | null;
  unsubscribe: UnsubscribeTokens;
}

const INBOX_PAGE = 50;

export function notificationsApi(client: DynamoDBClient, table: string, config: NotificationsConfig, inbox: Inbox, service: ParlorService): NotificationsApi {
  const settings = new NotificationSettingsStore(client, table);
  let keys: Promise<VapidKeys> | undefined;
  const vapidKeys = () => (keys ??= config.vapidSecret().then((s) => vapidKeysFrom(s, config.vapidSubject)));
  const unsubscribe = new UnsubscribeTokens(config.linkSecret);
  const digests = config.mailer
    ? new Digests(client, table, {
        settings,
        mailer: config.mailer,
        from: config.mailFrom ?? DEFAULT_MAIL_FROM,
        publicUrl: config.publicUrl,
        unsubscribe,
        awaiting: async (player) => (await inbox.page(player, { awaitingMyMove: true, first: INBOX_PAGE })).edges.map(({ node }) => ({ gameId: node.gameId, deadline: node.deadline })),
        label: async (gameId, player) => gameLabel(await service.load(gameId), player),
      })
    : null;
  return { settings, pushSubscriptions: new PushSubscriptions(client, table, config.privateAddresses), vapidKeys, digests, unsubscribe };
}

/** Every notice through the channels the player chose: webhooks (`webhooks`), push, email. */
export function notificationChannels(
  api: NotificationsApi,
  webhooks: WebhookSink,
  service: ParlorService,
  now: () => number,
  options: { privateAddresses?: boolean; log: { error(details: object, message: string): void } },
): NotificationChannels {
  const sender = new PushSender(api.pushSubscriptions, api.vapidKeys, { privateAddresses: options.privateAddresses, log: options.log });
  const sendPush = async (notice: Parameters<NoticeSink['notify']>[0], subscriptions: PushSubscription[]) => sender.send(subscriptions, async () => pushMessage(notice, gameLabel(await service.load(notice.gameId), notice.player)));
  const digests = api.digests;
  return new NotificationChannels(
    api.settings,
    { WEBHOOK: webhookChannel(webhooks), PUSH: pushChannel(sendPush, now), ...(digests && { EMAIL: emailChannel((p, s, at, state) => digests.schedule(p, s, at, state), now) }) },
    options.log,
  );
}
