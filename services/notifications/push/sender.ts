/**
 * Sends a notice to each of a player's push subscriptions: the message encrypted for the
 * subscription (RFC 8291, aes128gcm) by `web-push`, signed with the server's VAPID key (RFC 8292,
 * push/vapid.ts), POSTed to the browser's push service (RFC 8030) through the same SSRF-guarded
 * poster webhooks use. A push service answering 404 or 410 says the subscription is gone: it is
 * removed. A push is worth something only at the moment, so a failed one is logged, not retried.
 */
import { createHash } from 'node:crypto';
import { webhookPoster, type Poster } from '../post.js';
import type { PushSubscription, PushSubscriptions } from './subscriptions.js';
import type { PushMessage } from './message.js';
import { vapidAuthorization, type VapidKeys } from './vapid.js';

/** How long a push service keeps an undelivered message (the device may be off): half a day. */
const TTL_SECONDS = 12 * 3600;

export interface PushSenderOptions {
  /** Deliver to loopback and private addresses (tests and a local stand-in); default false. */
  privateAddresses?: boolean;
  timeoutMs?: number;
  log?: { error(details: object, message: string): void };
}

export class PushSender {
  private readonly post: Poster;
  private readonly log: NonNullable<PushSenderOptions['log']>;

  constructor(
    private readonly subscriptions: PushSubscriptions,
    private readonly keys: () => Promise<VapidKeys>,
    options: PushSenderOptions = {},
  ) {
    this.post = webhookPoster({ privateAddresses: options.privateAddresses ?? false, timeoutMs: options.timeoutMs ?? 10_000 });
    this.log = options.log ?? { error: (d, m) => console.error(m, d) };
  }

  /** Sends the message `compose` makes to each of a player's subscriptions; returns how many push services accepted it. */
  async send(subs: readonly PushSubscription[], compose: () => Promise<PushMessage>): Promise<number> {
    if (subs.length === 0) return 0; // most players: no message composed, no game loaded
    const [keys, message] = await Promise.all([this.keys(), compose()]);
    const results = await Promise.all(subs.map((s) => this.sendOne(s, message, keys)));
    return results.filter(Boolean).length;
  }

  private async sendOne(sub: PushSubscription, message: PushMessage, keys: VapidKeys): Promise<boolean> {
    let error: string | null;
    try {
      // web-push (with its encryption, ~17 KiB) loads on the first push sent, not at a cold start.
      const { default: webpush } = await import('web-push');
      const req = webpush.generateRequestDetails({ endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } }, JSON.stringify(message), {
        headers: { Authorization: await vapidAuthorization(keys, sub.endpoint, Date.now()) },
        TTL: TTL_SECONDS,
        // A newer message about the same game replaces one the device has not fetched yet.
        topic: createHash('sha256').update(message.tag).digest('base64url').slice(0, 32),
      });
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k.toLowerCase(), String(v)]));
      error = await this.post(req.endpoint, headers, req.body as Buffer);
    } catch (e) {
      error = (e as Error).message; // a subscription whose keys do not encrypt
    }
    if (error === null) return true;
    if (error === 'HTTP 404' || error === 'HTTP 410') await this.subscriptions.remove(sub.player, sub.id);
    else this.log.error({ subscription: sub.id, player: sub.player, error }, 'push not delivered');
    return false;
  }
}
