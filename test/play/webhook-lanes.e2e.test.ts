/**
 * Deliveries to different receivers never wait on each other: each receiver (hook) is a lane of
 * its own, so receivers that never answer hold only their own deliveries, and another player's
 * YOUR_TURN goes out while theirs are still in flight.
 */
import { describe, expect, it } from 'vitest';
import { createAndJoin, registerPlayer } from '../kit/players.js';
import { useServer, type TestServer } from '../kit/server.js';
import { until, useReceiver } from '../kit/webhook-receiver.js';

// The attempt's deadline is far beyond the test: a slow delivery is still in flight at its end.
const server = useServer({ webhooks: { backoff: [60_000], timeoutMs: 60_000, privateAddresses: true } });
let hold = true;
const slow = useReceiver(() => (hold ? null : 204));
const fast = useReceiver(() => 204);

async function turnsTo(s: TestServer, url: string, who: string, games: number) {
  const [a, b] = [await registerPlayer(s, who), await registerPlayer(s, `${who}'s rival`)];
  await s.gql('mutation($u: String!) { addWebhook(url: $u, events: [YOUR_TURN]) { id } }', { u: url }, a.token);
  for (let i = 0; i < games; i++) await createAndJoin(s, { game: 'scout', seats: 2 }, [a, b]);
}

describe('webhook deliveries: one lane per receiver', () => {
  it('a receiver that never answers does not delay another receiver: the fast one gets all its deliveries while the slow ones still hold their first', async () => {
    for (let i = 0; i < 5; i++) await turnsTo(server, slow.url, `Slow ${i}`, 2);
    await until(() => slow.received.length >= 5);
    await turnsTo(server, fast.url, 'Quick', 3);
    await until(() => fast.received.length >= 3);
    // Each slow receiver holds its first attempt (never answered, not timed out); its second waits in its own lane.
    expect(slow.received.length).toBe(5);
    // Let the held attempts (and the second ones behind them) end before the store closes.
    hold = false;
    slow.release();
    await until(() => slow.received.length >= 10);
    await server.play.dispatcher.idle();
    expect(fast.received.map((r) => JSON.parse(r.body).type)).toEqual(['YOUR_TURN', 'YOUR_TURN', 'YOUR_TURN']);
  });
});
