/**
 * MESSAGE notifications: for each message a commit holds, every other registered player of the
 * game who has not muted its sender hears that a message arrived. The notice is the usual
 * `{ type, gameId, seat, version, deadline }`: never the text, so nothing of the game (or of
 * the chat) travels outside. A projection, so it runs in-process locally and from Streams on
 * AWS; replays enqueue the same delivery ids (notifications/index.ts), never new ones.
 */
import type { Projection } from '../app/projections.js';
import type { MessageSent } from '../app/app-events.js';
import type { Aggregate } from '../app/aggregate.js';
import type { Notice } from '../notifications/index.js';

export function messageNotices(notify: (notice: Notice, agg: Aggregate) => Promise<void>): Projection {
  return {
    name: 'message-notices',
    async apply(agg, commit) {
      for (const e of commit.events as { type: string }[]) {
        if (e.type !== 'MessageSent') continue;
        const from = (e as MessageSent).seat;
        for (const [key, player] of Object.entries(agg.app.players)) {
          const seat = Number(key);
          if (seat === from || player === agg.app.players[from] || (agg.app.chat?.muted[seat] ?? []).includes(from)) continue;
          await notify({ type: 'MESSAGE', player, gameId: agg.id, seat, version: commit.version, deadline: null }, agg);
        }
      }
    },
  };
}
