/**
 * The webhook dispatcher's lanes (services/notifications/receiver-lanes.ts): one attempt at a time
 * per receiver, and at most `max` attempts (sockets) in flight over all receivers, so many slow
 * receivers cannot open sockets without bound. The dispatcher asks `free` before each attempt.
 */
import { describe, expect, it } from 'vitest';
import { ReceiverLanes } from '../../services/notifications/receiver-lanes.js';

const never = () => new Promise<void>(() => {});

describe('receiver lanes', () => {
  it('never more than `max` attempts in flight over all receivers: a further receiver waits until one settles', async () => {
    const lanes = new ReceiverLanes(2);
    let finish = () => {};
    lanes.run('receiver-a', 'delivery-1', () => new Promise<void>((resolve) => (finish = resolve)), () => {});
    lanes.run('receiver-b', 'delivery-2', never, () => {});
    expect(lanes.inFlight).toBe(2);
    expect(lanes.free('receiver-c', 'delivery-3'), 'a third receiver, with 2 of 2 in flight').toBe(false);
    finish();
    await lanes.anySettled();
    expect(lanes.free('receiver-c', 'delivery-3'), 'one settled: room again').toBe(true);
  });

  it('one attempt at a time per receiver, and per delivery', () => {
    const lanes = new ReceiverLanes(64);
    lanes.run('receiver-a', 'delivery-1', never, () => {});
    expect(lanes.free('receiver-a', 'delivery-2'), 'the same receiver').toBe(false);
    expect(lanes.free('receiver-b', 'delivery-1'), 'the same delivery elsewhere').toBe(false);
    expect(lanes.free('receiver-b', 'delivery-2')).toBe(true);
  });
});
