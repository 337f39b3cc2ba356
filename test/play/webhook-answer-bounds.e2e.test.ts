/**
 * A webhook attempt is bounded as a whole exchange (time and bytes): a receiver that answers
 * 200 and then drips its body, or sends an endless one, has its socket closed by the server
 * within the attempt's time, instead of holding it (and the server's CPU) for as long as it likes.
 */
import { describe, expect, it } from 'vitest';
import { createAndJoin, registerPlayer } from '../kit/players.js';
import { useServer, type TestServer } from '../kit/server.js';
import { until, useStreamingReceiver } from '../kit/webhook-receiver.js';

const server = useServer({ webhooks: { backoff: [60_000], maxFailures: 5, timeoutMs: 300, privateAddresses: true } });
const dripping = useStreamingReceiver((write) => {
  const timer = setInterval(() => write(Buffer.from('.')), 20);
  return () => clearInterval(timer);
});
const flooding = useStreamingReceiver((write, onDrain) => {
  const chunk = Buffer.alloc(64 * 1024, 'x');
  let stopped = false;
  const pump = () => {
    while (!stopped && write(chunk));
    if (!stopped) onDrain(pump);
  };
  setImmediate(pump);
  return () => void (stopped = true);
});

async function hookOnTurn(s: TestServer, url: string, who: string) {
  const [a, b] = [await registerPlayer(s, who), await registerPlayer(s, `${who}'s rival`)];
  await s.gql('mutation($u: String!) { addWebhook(url: $u, events: [YOUR_TURN]) { id } }', { u: url }, a.token);
  await createAndJoin(s, { game: 'scout', seats: 2 }, [a, b]);
  return async () => (await s.gql('query { me { webhooks { failures lastError } } }', {}, a.token)).data.me.webhooks[0];
}

describe('a webhook attempt is bounded in time and bytes', () => {
  it('closes the socket of a receiver that answers 200 and drips its body past the deadline, and counts it as timed out', async () => {
    const hook = await hookOnTurn(server, dripping.url, 'Dee');
    await until(() => dripping.closed >= 1, 5000);
    expect(dripping.received).toBe(1);
    await until(async () => (await hook()).failures >= 1, 5000);
    expect(await hook()).toEqual({ failures: 1, lastError: 'timed out' });
  });

  it('reads at most a few KiB of an endless body, then closes the socket; the 200 still counts as delivered', async () => {
    const hook = await hookOnTurn(server, flooding.url, 'Flo');
    await until(() => flooding.closed >= 1, 5000);
    expect(flooding.received).toBe(1);
    // What the receiver wrote before the close is what the sockets' buffers took, not an endless stream.
    expect(flooding.written).toBeLessThan(64 * 1024 * 1024);
    expect(await hook()).toEqual({ failures: 0, lastError: null });
  });
});
