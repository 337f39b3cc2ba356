/**
 * The local poller starts the deliveries its process has just put into the outbox (`offer`)
 * without reading the outbox: a read at each enqueue cost ~2.8 shard Queries a delivery. A read
 * under way when an offer comes must not drop it (the read replaces what waits, and its Query may
 * have run before the offered put landed): the delivery is started anyway, with no further read.
 * The read is held in flight by ordering (a middleware on the client), not by timing.
 */
import { describe, expect, it, vi } from 'vitest';
import { Dispatcher, pollOutbox } from '../../services/notifications/dispatcher.js';
import { Outbox, type Delivery } from '../../services/notifications/outbox.js';
import type { Webhooks } from '../../services/notifications/webhooks.js';
import { OUTBOX_SHARDS, shardOf } from '../../services/store/shards.js';
import { useEmbeddedDynamo } from '../kit/dynamo.js';
import { countCalls } from '../kit/call-counter.js';

const db = useEmbeddedDynamo();

const delivery = (id: string, player: string): Delivery => ({ id, player, webhookId: 'w1', body: '{}', attempt: 0, dueAt: 1_000, tries: [] });
/** Hooks that are gone: each attempt lists its player's hooks (recorded here) and drops the delivery. */
function goneHooks() {
  const attempted: string[] = [];
  return { attempted, webhooks: { list: async (player: string) => (attempted.push(player), []) } as unknown as Webhooks };
}
/** Counts the outbox-shard Queries made on the client until `stop` (the kit's call counter). */
function countOutboxQueries() {
  const calls = countCalls(db.client);
  return { get n() { return calls.byKind.get('QueryCommand OUTBOX#') ?? 0; }, stop: calls.stop };
}
/** Ids of deliveries in distinct outbox shards (by index). */
function idsInShards(prefix: string, n: number): string[] {
  const ids: string[] = [];
  const shards = new Set<number>();
  for (let i = 0; ids.length < n; i++) if (!shards.has(shardOf(`${prefix}${i}`, OUTBOX_SHARDS))) (shards.add(shardOf(`${prefix}${i}`, OUTBOX_SHARDS)), ids.push(`${prefix}${i}`));
  return ids;
}

describe('deliveries offered to the local poller', () => {
  it('are started without a read of the outbox', async () => {
    const outbox = new Outbox(db.client, db.tableName);
    const hooks = goneHooks();
    const dispatcher = new Dispatcher(outbox, hooks.webhooks, { now: () => 2_000 });
    // The poller's first round reads the outbox (every shard: the hourly full read); it ends before counting starts.
    const startDue = dispatcher.startDue.bind(dispatcher);
    let startRead: Promise<number> | undefined;
    dispatcher.startDue = (...args) => (startRead ??= startDue(...args));
    const poller = pollOutbox(dispatcher, 3_600_000, () => 2_000);
    await vi.waitUntil(() => startRead !== undefined, { interval: 5 });
    await startRead;
    const queries = countOutboxQueries();
    try {
      const offered = idsInShards('msg_offer', 3).map((id) => delivery(id, `p-${id}`));
      for (const d of offered) await outbox.put(d);
      poller.offer(offered);
      await new Promise((r) => setTimeout(r, 0));
      await dispatcher.idle();
      expect(hooks.attempted.sort()).toEqual(offered.map((d) => d.player).sort());
      expect(queries.n).toBe(0);
    } finally {
      queries.stop();
      await poller.stop();
    }
    expect(await outbox.due(3_000, 25)).toEqual([]);
  });

  it('one offered while a read is under way is started too, with no further read', async () => {
    const outbox = new Outbox(db.client, db.tableName);
    const hooks = goneHooks();
    const dispatcher = new Dispatcher(outbox, hooks.webhooks, { now: () => 2_000 });
    const [before, during] = idsInShards('msg_race', 2).map((id, i) => delivery(id, `racer-${i}`));
    await outbox.put(before!); // its shard is marked: the read below queries it, and only it
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let reached!: () => void;
    const reading = new Promise<void>((r) => (reached = r));
    db.client.middlewareStack.add((next, context) => async (args) => {
      if (context.commandName === 'QueryCommand') (reached(), await held);
      return next(args);
    }, { step: 'initialize', name: 'holdOutboxRead' });
    let queries: ReturnType<typeof countOutboxQueries> | undefined;
    try {
      const read = dispatcher.startDue();
      await reading;
      // Put into another shard while the read waits, and offered: the read, when its Query runs, does not look there.
      await outbox.put(during!);
      dispatcher.offer([during!]);
      release();
      await read;
      queries = countOutboxQueries();
      await dispatcher.idle();
      expect(hooks.attempted.sort()).toEqual(['racer-0', 'racer-1']);
      expect(queries.n).toBe(0);
    } finally {
      db.client.middlewareStack.remove('holdOutboxRead');
      queries?.stop();
    }
    expect(await outbox.due(3_000, 25)).toEqual([]);
  });
});
