/**
 * A webhook delivery a stopped (or crashed) run left in the outbox is sent by the next start: the
 * start's sweep reads the outbox shards that are marked (one call when none is: store/shard-marks.ts),
 * and a delivery's shard is marked before the delivery is written. The idle poll here is an hour
 * away, so only the start's sweep can send it.
 */
import { describe, expect, it } from 'vitest';
import { createLocalParlor } from '../../services/local.js';
import { Outbox } from '../../services/notifications/outbox.js';
import { Webhooks } from '../../services/notifications/webhooks.js';
import { useEmbeddedDynamo } from '../kit/dynamo.js';
import { until, useReceiver } from '../kit/webhook-receiver.js';

const db = useEmbeddedDynamo();
const receiver = useReceiver();

describe('a webhook delivery left pending', () => {
  it('is sent by the next start, and the one after finds nothing left to send', async () => {
    const hook = await new Webhooks(db.client, db.tableName).add('p1', receiver.url, ['YOUR_TURN']);
    // What a run killed after enqueuing (before sending) leaves behind.
    await new Outbox(db.client, db.tableName).put({ id: 'msg_left_by_a_crash', player: 'p1', webhookId: hook.id, body: '{"type":"YOUR_TURN"}', attempt: 0, dueAt: Date.now() - 1_000, tries: [] });
    const start = () => createLocalParlor({ client: db.client, tableName: db.tableName, signingSecret: 's', bots: { workers: 0 }, webhooks: { pollMs: 3_600_000, privateAddresses: true } });
    const first = await start();
    try {
      await until(() => receiver.received.length === 1);
      expect(receiver.received[0]!.headers['webhook-id']).toBe('msg_left_by_a_crash');
      await first.play.dispatcher.idle();
    } finally {
      await first.app.close();
    }
    const second = await start();
    await new Promise((r) => setTimeout(r, 300));
    await second.app.close();
    expect(receiver.received).toHaveLength(1);
  });
});
