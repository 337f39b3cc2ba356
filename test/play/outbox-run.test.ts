/**
 * The once-a-minute outbox run on AWS (Dispatcher.sendDue, the timer function): one read finds at
 * most 200 due deliveries and one attempt per receiver, 64 at most, starts at once. The run must
 * keep going (start what it found as lanes free, read again while reads come back full) until
 * nothing is due or its time is up, or the deployment sends 64 deliveries a minute
 * (docs/capacity.md, what saturates first). An in-memory outbox stands in for the table; the
 * receivers' hooks are gone, so each attempt settles at once by dropping its delivery.
 */
import { describe, expect, it } from 'vitest';
import { Dispatcher } from '../../services/notifications/dispatcher.js';
import type { Delivery, Outbox } from '../../services/notifications/outbox.js';
import type { Webhooks } from '../../services/notifications/webhooks.js';

function queue(receivers: number, each: number) {
  const items: Delivery[] = [];
  for (let r = 0; r < receivers; r++) for (let i = 0; i < each; i++) items.push({ id: `d${r}-${i}`, player: `p${r}`, webhookId: 'w', body: '{}', attempt: 0, dueAt: i, tries: [] });
  items.sort((a, b) => a.dueAt - b.dueAt);
  const leased = new Set<string>();
  const outbox = {
    due: async (_now: number, limit: number) => items.slice(0, limit),
    lease: async (d: Delivery) => !leased.has(d.id),
    done: async (d: Delivery) => void items.splice(items.indexOf(d), 1),
  };
  return { items, leased, outbox: outbox as unknown as Outbox };
}
const goneHooks = { list: async () => [] } as unknown as Webhooks;

describe('the outbox run (sendDue)', () => {
  it('sends everything due in one run, past one read and past 64 in flight, one attempt per receiver at a time', async () => {
    const q = queue(300, 3); // 900 due: more than a read (200) and than the lanes (64)
    const sent = await new Dispatcher(q.outbox, goneHooks).sendDue();
    expect(sent).toBe(900);
    expect(q.items).toHaveLength(0);
  });

  it('stops starting once its time is up', async () => {
    const q = queue(300, 1);
    let clock = 0;
    const d = new Dispatcher(q.outbox, goneHooks, { now: () => clock++ });
    const sent = await d.sendDue(0); // its time is up after the first read
    expect(sent).toBe(64);
    expect(q.items).toHaveLength(300 - 64);
  });

  it('attempts a delivery once a run: those another sender holds wait for the next run, without spinning', async () => {
    const q = queue(250, 1);
    for (const d of q.items) q.leased.add(d.id); // another sender holds every one
    const sent = await new Dispatcher(q.outbox, goneHooks).sendDue();
    expect(sent).toBe(200); // each of the first read's started once; the rest were never reached past them
    expect(q.items).toHaveLength(250);
  });
});
