/**
 * The channels a notice may take, chosen by the player's settings: webhooks (the outbox), Web
 * Push (at once, never in quiet hours) and email (a digest that waits out quiet hours). Every
 * channel is fed by the same notices, so what one says the others can say too, and none says more.
 * A commit's notices to one player (an inbox change: YOUR_TURN with GAME_OVER, say) read the
 * player once (settings.ts forNotice), not once a notice and again in each channel.
 */
import type { Aggregate } from '../app/aggregate.js';
import type { Notice } from './index.js';
import { isQuiet } from './quiet-hours.js';
import type { PushSubscription } from './push/subscriptions.js';
import { allows, type Channel, type NotificationSettingsStore, type Recipient } from './settings.js';
import type { Webhook } from './webhooks.js';

/** Anything that takes notices; `agg` is the game at the notices' commit. */
export interface NoticeSink {
  notify(notice: Notice, agg: Aggregate): Promise<void>;
}

/** What takes webhook notices (the Notifier): `hooks`, the player's as just read, if they were. */
export interface WebhookSink {
  notify(notice: Notice, agg: Aggregate, hooks?: Webhook[]): Promise<void>;
}

/** A channel: what it does with one player's notices that the player's settings let through. */
export type ChannelSink = (notices: Notice[], recipient: Recipient, agg: Aggregate) => Promise<void>;

export class NotificationChannels implements NoticeSink {
  constructor(
    private readonly settings: Pick<NotificationSettingsStore, 'forNotice'>,
    private readonly sinks: Partial<Record<Channel, ChannelSink>>,
    private readonly log: { error(details: object, message: string): void },
  ) {}

  async notify(notice: Notice, agg: Aggregate): Promise<void> {
    return this.notifyAll([notice], agg);
  }

  /** Notices of one commit, in order: each player is read once, and each channel hears that player's notices it takes. */
  async notifyAll(notices: readonly Notice[], agg: Aggregate): Promise<void> {
    for (const player of new Set(notices.map((n) => n.player))) {
      const recipient = await this.settings.forNotice(player);
      const theirs = notices.filter((n) => n.player === player);
      const chosen = (Object.entries(this.sinks) as [Channel, ChannelSink][]).map(([channel, sink]) => [channel, sink, theirs.filter((n) => allows(recipient.settings, channel, n.type))] as const).filter(([, , taken]) => taken.length);
      // One channel failing (a push service down) must not keep the others from their notices.
      await Promise.all(chosen.map(([channel, sink, taken]) => sink(taken, recipient, agg).catch((e: unknown) => this.log.error({ err: e, channel, player, gameId: agg.id }, 'notification channel failed'))));
    }
  }
}

/** The webhook channel: the Notifier, behind the player's settings, given the hooks just read. */
export const webhookChannel =
  (notifier: WebhookSink): ChannelSink =>
  async (notices, recipient, agg) => {
    for (const notice of notices) await notifier.notify(notice, agg, recipient.hooks);
  };

/** The push channel: a message at once, none in quiet hours (it would be stale by morning). */
export const pushChannel =
  (send: (notice: Notice, subscriptions: PushSubscription[]) => Promise<unknown>, now: () => number): ChannelSink =>
  async (notices, { settings, push }) => {
    if (push.length === 0 || isQuiet(settings.quietHours, now())) return;
    for (const notice of notices) await send(notice, push);
  };

/** Notices that schedule the digest: a game awaits the player. */
const AWAITING: readonly Notice['type'][] = ['YOUR_TURN', 'DEADLINE_WARNING', 'GAME_STARTED'];

/** The email channel: a game awaiting the player schedules the digest (once for the notices together); the digest tells the rest. */
export const emailChannel =
  (schedule: (player: string, settings: Recipient['settings'], now: number, digest: Recipient['digest']) => Promise<void>, now: () => number): ChannelSink =>
  async (notices, { settings, digest }) => {
    const awaiting = notices.find((n) => AWAITING.includes(n.type));
    if (awaiting) await schedule(awaiting.player, settings, now(), digest);
  };
