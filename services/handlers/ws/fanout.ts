/**
 * Sends a game's new version to its subscribers, each its own seat's view, each version at
 * most once and never after a newer one (`Connections.claim`). A connection API Gateway
 * answers 410 Gone for is forgotten with all its subscriptions.
 */
import type { Aggregate } from '../../app/aggregate.js';
import { count } from '../observability.js';
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
    const subs = await this.connections.subscribers(agg.id);
    const results = await Promise.allSettled(subs.map((sub) => this.deliver(sub, agg, gateway)));
    const failed = results.flatMap((r) => (r.status === 'rejected' ? [r.reason] : []));
    if (failed.length) throw new AggregateError(failed, `${failed.length} of ${subs.length} updates of game ${agg.id} failed`);
    return results.map((r) => (r as PromiseFulfilledResult<Delivery>).value);
  }

  async deliver(sub: Subscriber, agg: Aggregate, gateway: Gateway): Promise<Delivery> {
    if (!(await this.connections.claim(sub, agg.version))) return 'skipped';
    try {
      const result = await this.updates.render(sub.operation, agg, sub.seat);
      if ((await gateway.post(sub.connectionId, encode({ type: 'next', id: sub.id, payload: result }))) === 'gone') {
        await this.connections.close(sub.connectionId);
        count('StaleConnectionsDropped');
        return 'gone';
      }
      count('UpdatesSent');
      return 'sent';
    } catch (e) {
      await this.connections.release(sub, agg.version);
      throw e;
    }
  }
}
