/**
 * Notifications: what happens in a game that a player asked to hear of (the event types are in
 * events.ts), put in the outbox for each of their webhooks that wants it. The body is
 * payload.ts's: public facts of the game only, never a view or a hidden card.
 */
import { createHash } from 'node:crypto';
import type { Aggregate } from '../app/aggregate.js';
import type { InboxChange } from '../players/inbox.js';
import type { Delivery, Outbox } from './outbox.js';
import { webhookPayload, type Notice } from './payload.js';
import type { Webhook, Webhooks } from './webhooks.js';

export type { Notice } from './payload.js';

export class Notifier {
  constructor(
    private readonly webhooks: Webhooks,
    private readonly outbox: Outbox,
    private readonly now: () => number,
    /** Hears of each notice's deliveries once they are in the outbox (the local poller starts them). */
    private readonly sent: (deliveries: Delivery[]) => void = () => {},
    /** The web client's address, for the payload's link (default: the PUBLIC_URL setting). */
    private readonly publicUrl: string | undefined = process.env.PUBLIC_URL || undefined,
  ) {}

  /** The notices an inbox change means. */
  static fromInbox({ entry, nowAwaiting, previous, commit }: InboxChange): Notice[] {
    const base = { player: entry.player, gameId: entry.gameId, seat: entry.seat, version: entry.version, deadline: entry.deadline };
    const out: Notice[] = [];
    for (const e of commit.events as { type: string; seat?: number; deadline?: string }[]) {
      if (e.type === 'TimedOut') out.push({ type: 'TIMED_OUT', ...base, seat: e.seat!, deadline: e.deadline! });
      // The others may answer the claim (services/clocks/claim.ts); the timed-out seat has its TIMED_OUT.
      if (e.type === 'TimeoutClaimOpened' && e.seat !== entry.seat) out.push({ type: 'TIMEOUT_CLAIM', ...base, seat: e.seat!, deadline: null });
      if (e.type === 'SeatResigned') out.push({ type: 'RESIGNED', ...base, seat: e.seat!, deadline: null });
    }
    if (nowAwaiting) out.push({ type: 'YOUR_TURN', ...base });
    if (entry.over && !previous?.over) out.push({ type: 'GAME_OVER', ...base, deadline: null });
    if (entry.rematchOffered && !previous?.rematchOffered) out.push({ type: 'REMATCH_OFFERED', ...base, deadline: null });
    return out;
  }

  /**
   * Enqueues the notice for each of the player's hooks that wants it; `agg` is the game at the
   * notice's commit; `listed`: the player's hooks as just read (else they are read here).
   */
  async notify(notice: Notice, agg: Aggregate, listed?: Webhook[]): Promise<void> {
    const hooks = (listed ?? (await this.webhooks.list(notice.player))).filter((h) => !h.disabled && h.events.includes(notice.type));
    if (!hooks.length) return;
    const body = JSON.stringify(webhookPayload(notice, agg, this.publicUrl));
    const deliveries: Delivery[] = [];
    for (const hook of hooks) {
      // One id per (hook, event): a replayed projection enqueues the same delivery id again, never a new one.
      const id = `msg_${createHash('sha256').update(`${hook.id}:${notice.type}:${notice.gameId}:${notice.version}:${notice.seat}:${notice.deadline}`).digest('base64url').slice(0, 24)}`;
      const delivery: Delivery = { id, player: notice.player, webhookId: hook.id, body, attempt: 0, dueAt: this.now(), tries: [] };
      await this.outbox.put(delivery);
      deliveries.push(delivery);
    }
    this.sent(deliveries);
  }
}
