/**
 * Each webhook delivery keeps its own retry schedule. Four deliveries that fail half a second apart
 * are each retried one backoff after their own failure — not the first at its time and the
 * others at the next idle poll (the bug: one remembered retry time, forgotten once it was sent).
 */
import { describe, expect, it } from 'vitest';
import { createAndJoin, registerPlayer } from '../kit/players.js';
import { useServer } from '../kit/server.js';
import { until, useReceiver } from '../kit/webhook-receiver.js';

const BACKOFF = [1_500, 3_000];
// The idle poll is an hour away: only the retry schedule can bring a failed delivery back.
const server = useServer({ webhooks: { backoff: BACKOFF, maxFailures: 10, pollMs: 3_600_000, privateAddresses: true } });
// Each delivery's first attempt fails, its retry succeeds.
const receiver = useReceiver((n) => (receiver.received.slice(0, n).some((r) => r.headers['webhook-id'] === receiver.received[n]!.headers['webhook-id']) ? 204 : 500));

describe('webhook retries', () => {
  it('each delivery is retried after its own backoff: four failing half a second apart all come back on schedule', async () => {
    const [ann, bob] = [await registerPlayer(server, 'Ann'), await registerPlayer(server, 'Bob')];
    expect((await server.gql('mutation($u: String!) { addWebhook(url: $u, events: [YOUR_TURN]) { id } }', { u: receiver.url }, ann.token)).errors).toBeUndefined();
    const ids = await Promise.all([0, 1, 2, 3].map(() => createAndJoin(server, { game: 'scout', seats: 2 }, [bob])));
    // Ann takes the last seat of each, half a second apart: the games start (SCOUT opens with every seat to move), a YOUR_TURN each.
    // Each failure is then further from the previous one than a retry takes: one retry sent never brings the next along.
    for (const id of ids) {
      await server.gql('mutation($id: ID!) { joinGame(gameId: $id, name: "Ann") { seat } }', { id }, ann.token);
      await until(() => receiver.received.length > ids.indexOf(id));
      await new Promise((r) => setTimeout(r, 500));
    }
    const attempts = () => {
      const byId = new Map<string, typeof receiver.received>();
      for (const r of receiver.received) byId.set(r.headers['webhook-id'] as string, [...(byId.get(r.headers['webhook-id'] as string) ?? []), r]);
      return byId;
    };
    await until(() => [...attempts().values()].filter((a) => a.length === 2).length === 4, 20_000);
    for (const [id, [first, retry]] of attempts()) expect(retry!.at - first!.at, id).toBeGreaterThanOrEqual(BACKOFF[0]! - 5);
    expect(receiver.received).toHaveLength(8); // one failure and one success each, nothing more
  });
});
