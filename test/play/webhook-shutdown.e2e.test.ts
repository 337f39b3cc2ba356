/**
 * Stopping the server waits for the webhook attempts under way: their writes (the hook's health,
 * the delivery done) land before `stop` resolves, so nothing reaches the store after it closes
 * (the bug: a delivery finishing after shutdown wrote to a closed database).
 */
import { describe, expect, it } from 'vitest';
import { createAndJoin, registerPlayer } from '../kit/players.js';
import { useServer } from '../kit/server.js';
import { until, useReceiver } from '../kit/webhook-receiver.js';

const server = useServer({ webhooks: { pollMs: 3_600_000, privateAddresses: true } });
// Every delivery is held until released: the attempt is under way when the server stops.
const receiver = useReceiver(() => null);

describe('webhook shutdown', () => {
  it('stop waits for the attempt under way: no store call after it resolves', async () => {
    const [ann, bob] = [await registerPlayer(server, 'Ann'), await registerPlayer(server, 'Bob')];
    expect((await server.gql('mutation($u: String!) { addWebhook(url: $u, events: [YOUR_TURN]) { id } }', { u: receiver.url }, ann.token)).errors).toBeUndefined();
    const id = await createAndJoin(server, { game: 'scout', seats: 2 }, [bob]);
    await server.gql('mutation($id: ID!) { joinGame(gameId: $id, name: "Ann") { seat } }', { id }, ann.token);
    await until(() => receiver.received.length === 1);
    let stopped = false;
    const callsAfterStop: string[] = [];
    server.client.middlewareStack.add((next, context) => async (args) => {
      if (stopped) callsAfterStop.push(context.commandName as string);
      return next(args);
    }, { step: 'initialize', name: 'callsAfterStop' });
    // As the app's close does: the reactions first (their checkpoints are saved until they stop), then play-by-turn.
    const { reactions } = server as unknown as { reactions: { stop(): Promise<void> } };
    const stopping = reactions.stop().then(() => server.play.stop()).then(() => (stopped = true));
    await new Promise((r) => setTimeout(r, 100));
    receiver.release(); // the attempt succeeds now: its writes follow
    await stopping;
    await new Promise((r) => setTimeout(r, 300));
    expect(callsAfterStop).toEqual([]);
  });
});
