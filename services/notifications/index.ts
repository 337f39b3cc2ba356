/**
 * Notifications: what happens in a game that a player asked to hear of (YOUR_TURN when a game
 * starts waiting for them, DEADLINE_WARNING with a quarter of their time left, GAME_OVER),
 * put in the outbox for each of their webhooks that wants it. The body carries no hidden
 * information: `{ type, gameId, seat, version, deadline }`.
 */
import { createHash } from 'node:crypto';
import type { InboxChange } from '../players/inbox.js';
import type { Outbox } from './outbox.js';
import type { WebhookEvent, Webhooks } from './webhooks.js';

export interface Notice {
  type: WebhookEvent;
  player: string;
  gameId: string;
  seat: number;
  version: number;
  deadline: string | null;
}

export class Notifier {
  constructor(
    private readonly webhooks: Webhooks,
    private readonly outbox: Outbox,
    private readonly now: () => number,
    private readonly sent: () => void = () => {},
  ) {}

  /** The notices an inbox change means. */
  static fromInbox({ entry, nowAwaiting, previous }: InboxChange): Notice[] {
    const base = { player: entry.player, gameId: entry.gameId, seat: entry.seat, version: entry.version, deadline: entry.deadline };
    const out: Notice[] = [];
    if (nowAwaiting) out.push({ type: 'YOUR_TURN', ...base });
    if (entry.over && !previous?.over) out.push({ type: 'GAME_OVER', ...base, deadline: null });
    if (entry.rematchOffered && !previous?.rematchOffered) out.push({ type: 'REMATCH_OFFERED', ...base, deadline: null });
    return out;
  }

  async notify(notice: Notice): Promise<void> {
    const hooks = (await this.webhooks.list(notice.player)).filter((h) => !h.disabled && h.events.includes(notice.type));
    const { player: _p, ...body } = notice;
    for (const hook of hooks) {
      // One id per (hook, event): a replayed projection enqueues the same delivery id again, never a new one.
      const id = `msg_${createHash('sha256').update(`${hook.id}:${notice.type}:${notice.gameId}:${notice.version}:${notice.seat}:${notice.deadline}`).digest('base64url').slice(0, 24)}`;
      await this.outbox.put({ id, player: notice.player, webhookId: hook.id, body: JSON.stringify(body), attempt: 0, dueAt: this.now(), tries: [] });
    }
    if (hooks.length) this.sent();
  }
}
