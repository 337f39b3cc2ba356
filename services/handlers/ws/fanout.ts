/**
 * Sends a game's new version to its subscribers, each its own seat's view, each version at
 * most once and never after a newer one (`Connections.claim`); and a player's changed inbox
 * entry to the player's `myGames` subscribers. A connection API Gateway answers 410 Gone for
 * is forgotten with all its subscriptions.
 */
import type { Aggregate } from '../../app/aggregate.js';
import { topic } from '../../api/graphql/resolvers.js';
import { playerTopic } from '../../api/graphql/play-by-turn.resolvers.js';
import type { InboxEntry } from '../../players/inbox.js';
import { count, logger } from '../observability.js';
import type { Connections, Subscriber } from './connections.js';
import type { Gateway } from './gateway.js';
import { encode } from './protocol.js';
import type { GameUpdates } from './updates.js';

export type Delivery = 'sent' | 'skipped' | 'gone';

export class Fanout {
  constructor(
    private readonly connections: Connections,
    private readonly updates: GameUpdates,
  ) {}

  /** `agg` to every subscriber of its game; throws (after trying all) if any send failed for another reason than Gone. */
  async toSubscribers(agg: Aggregate, gateway: Gateway): Promise<Delivery[]> {
    const subs = await this.connections.subscribers(topic(agg.id));
    const results = await Promise.allSettled(subs.map((sub) => this.deliver(sub, agg, gateway)));
    const failed = results.flatMap((r) => (r.status === 'rejected' ? [r.reason] : []));
    if (failed.length) throw new AggregateError(failed, `${failed.length} of ${subs.length} updates of game ${agg.id} failed`);
    return results.map((r) => (r as PromiseFulfilledResult<Delivery>).value);
  }

  async deliver(sub: Subscriber, agg: Aggregate, gateway: Gateway): Promise<Delivery> {
    if (!(await this.connections.claim(sub, agg.version))) return 'skipped';
    try {
      return await this.post(sub, await this.updates.render(sub.operation, agg, sub.seat), gateway);
    } catch (e) {
      await this.connections.release(sub, agg.version);
      throw e;
    }
  }

  /**
   * A changed inbox entry to its player's subscribers. The inbox projection calls this once,
   * after it wrote the entry; a replayed batch finds the entry written and calls nothing, so a
   * failed send is logged, not retried (the client can read `me { games }` again).
   */
  async toPlayer(entry: InboxEntry, gateway: Gateway): Promise<void> {
    const subs = await this.connections.subscribers(playerTopic(entry.player));
    const results = await Promise.allSettled(subs.map(async (sub) => this.post(sub, await this.updates.renderEntry(sub.operation, entry), gateway)));
    for (const r of results) if (r.status === 'rejected') logger.error('an inbox update was not sent', { gameId: entry.gameId, error: r.reason as Error });
  }

  private async post(sub: Subscriber, payload: Awaited<ReturnType<GameUpdates['render']>>, gateway: Gateway): Promise<Delivery> {
    if ((await gateway.post(sub.connectionId, encode({ type: 'next', id: sub.id, payload }))) === 'gone') {
      await this.connections.close(sub.connectionId);
      count('StaleConnectionsDropped');
      return 'gone';
    }
    count('UpdatesSent');
    return 'sent';
  }
}
