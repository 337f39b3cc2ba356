/**
 * A burst of subscriptions on one socket gets exactly its allowance (issue 26 finding 11): with
 * 20 slots, 25 subscribes sent at once run 20 and refuse 5 (BAD_INPUT), decided in the order
 * they arrive; before, refusals raced the slots they freed and only 18 ran. Real server, raw socket.
 */
import { describe, expect, it } from 'vitest';
import { highCard } from '../kit/high-card.js';
import { initialisedSocket } from '../kit/raw-socket.js';
import { useServer } from '../kit/server.js';
import { until } from '../kit/webhook-receiver.js';

const server = useServer({ games: [highCard] });

describe('subscriptions per socket under a burst', () => {
  it('25 subscribes sent at once: the first 20 run, the last 5 are refused with BAD_INPUT', async () => {
    const created = await server.gql('mutation { createGame(input: { game: "high-card", seats: 2 }) { game { id } } }');
    const id = created.data.createGame.game.id;
    const { socket, got } = await initialisedSocket(server);
    const query = `subscription { gameUpdated(gameId: "${id}") { version } }`;
    for (let i = 0; i < 25; i++) socket.send(JSON.stringify({ id: `s${i}`, type: 'subscribe', payload: { query } }));
    const ids = (type: string) => [...new Set(got.filter((m) => m.type === type).map((m) => m.id))].sort((a, b) => Number(a!.slice(1)) - Number(b!.slice(1)));
    await until(() => ids('next').length + ids('error').length >= 25);
    expect(ids('next')).toEqual(Array.from({ length: 20 }, (_, i) => `s${i}`));
    expect(ids('error')).toEqual(['s20', 's21', 's22', 's23', 's24']);
    expect(got.find((m) => m.type === 'error')?.payload?.[0]?.extensions?.code).toBe('BAD_INPUT');
    socket.close();
  });
});
