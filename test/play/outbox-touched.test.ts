/**
 * The local poller reads only the outbox shards put to since it last saw them empty (Outbox.due's
 * `touched`), and is kicked once a notice's puts have landed. A read that races a put, querying the
 * shard before the item lands, must not forget the shard: the kick after the put reads it again.
 * It once did (the put counted itself before it landed), and the delivery waited for the idle poll,
 * a minute of real time: test/play/webhook-payloads.e2e.test.ts timed out under load.
 * The put is held in flight by ordering (a middleware on the client), not by timing.
 */
import { describe, expect, it } from 'vitest';
import { Outbox, type Delivery } from '../../services/notifications/outbox.js';
import { useEmbeddedDynamo } from '../kit/dynamo.js';

const db = useEmbeddedDynamo();

describe('the outbox read of touched shards', () => {
  it('a read that queries the shard while a put is in flight does not drop it: the next read finds the delivery', async () => {
    let held!: () => void;
    const reached = new Promise<void>((reach) => {
      const gate = new Promise<void>((open) => (held = open));
      // The delivery's own PutItem waits (not the shard's mark, which has no body).
      db.client.middlewareStack.add((next) => async (args) => {
        const item = (args.input as { Item?: Record<string, unknown> }).Item;
        if (item && 'body' in item) (reach(), await gate);
        return next(args);
      }, { step: 'initialize', name: 'holdDeliveryPut' });
    });
    const outbox = new Outbox(db.client, db.tableName);
    const delivery: Delivery = { id: 'msg_race', player: 'p1', webhookId: 'w1', body: '{}', attempt: 0, dueAt: 1_000, tries: [] };

    const put = outbox.put(delivery);
    await reached;
    expect(await outbox.due(2_000, 25, true)).toEqual([]); // the item has not landed
    held();
    await put;
    db.client.middlewareStack.remove('holdDeliveryPut');
    expect(await outbox.due(2_000, 25, true)).toEqual([delivery]); // the kick's read
  });
});
