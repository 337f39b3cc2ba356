/**
 * The channels a notice may take, chosen by the player's settings: webhooks (the outbox), Web
 * Push (at once, never in quiet hours) and email (a digest that waits out quiet hours). Every
 * channel is fed by the same notices, so what one says the others can say too, and none says more.
 */
import type { Aggregate } from '../app/aggregate.js';
import type { Notice } from './index.js';
import { isQuiet } from './quiet-hours.js';
import type { PushSubscription } from './push/subscriptions.js';
import { allows, type Channel, type NotificationSettings, type NotificationSettingsStore } from './settings.js';

/** Anything that takes notices (the webhook Notifier is one); `agg` is the game at the notice's commit. */
export interface NoticeSink {
  notify(notice: Notice, agg: Aggregate): Promise<void>;
}

/** A channel: what it does with a notice the player's settings let through. */
export type ChannelSink = (notice: Notice, settings: NotificationSettings, push: PushSubscription[], agg: Aggregate) => Promise<void>;

export class NotificationChannels implements NoticeSink {
  constructor(
    private readonly settings: NotificationSettingsStore,
    private readonly sinks: Partial<Record<Channel, ChannelSink>>,
    private readonly log: { error(details: object, message: string): void },
  ) {}

  async notify(notice: Notice, agg: Aggregate): Promise<void> {
    const { settings, push } = await this.settings.forNotice(notice.player);
    const chosen = (Object.entries(this.sinks) as [Channel, ChannelSink][]).filter(([channel]) => allows(settings, channel, notice.type));
    // One channel failing (a push service down) must not keep the others from their notice.
    await Promise.all(chosen.map(([channel, sink]) => sink(notice, settings, push, agg).catch((e: unknown) => this.log.error({ err: e, channel, player: notice.player, gameId: notice.gameId }, 'notification channel failed'))));
  }
}

/** The webhook channel: the Notifier as it was, now behind the player's settings. */
export const webhookChannel = (notifier: NoticeSink): ChannelSink => (notice, _settings, _push, agg) => notifier.notify(notice, agg);

/** The push channel: a message at once, none in quiet hours (it would be stale by morning). */
export const pushChannel =
  (send: (notice: Notice, subscriptions: PushSubscription[]) => Promise<unknown>, now: () => number): ChannelSink =>
  async (notice, settings, push) => {
    if (push.length > 0 && !isQuiet(settings.quietHours, now())) await send(notice, push);
  };

/** The email channel: a game awaiting the player schedules the digest; the digest tells the rest. */
export const emailChannel =
  (schedule: (player: string, settings: NotificationSettings, now: number) => Promise<void>, now: () => number): ChannelSink =>
  async (notice, settings) => {
    if (notice.type === 'YOUR_TURN' || notice.type === 'DEADLINE_WARNING' || notice.type === 'GAME_STARTED') await schedule(notice.player, settings, now());
  };
