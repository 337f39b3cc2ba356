/**
 * A subscribe followed at once by its complete (issue 26, finding 11) ends quietly: no `error`
 * message, the socket stays open, and the slot is free again, even for pairs sent in one burst.
 * Real server, raw socket.
 */
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { highCard } from '../kit/high-card.js';
import { initialisedSocket } from '../kit/raw-socket.js';
import { useServer } from '../kit/server.js';
import { until } from '../kit/webhook-receiver.js';

const server = useServer({ games: [highCard], limits: { subscriptionsPerSocket: 3 } });

describe('subscribe, then complete at once', () => {
  it('answers no error, keeps the socket open, and frees the slot', async () => {
    const created = await server.gql('mutation { createGame(input: { game: "high-card", seats: 2 }) { game { id } } }');
    const query = `subscription { gameUpdated(gameId: "${created.data.createGame.game.id}") { version } }`;
    const { socket, got } = await initialisedSocket(server);
    // Ten pairs in one burst: more than the 3 slots, so a slot not given back would refuse the later ones.
    for (let i = 0; i < 10; i++) {
      socket.send(JSON.stringify({ id: `q${i}`, type: 'subscribe', payload: { query } }));
      socket.send(JSON.stringify({ id: `q${i}`, type: 'complete' }));
    }
    // Then three that stay: each runs (its first `next` arrives).
    for (let i = 0; i < 3; i++) socket.send(JSON.stringify({ id: `s${i}`, type: 'subscribe', payload: { query } }));
    await until(() => new Set(got.filter((m) => m.type === 'next' && m.id?.startsWith('s')).map((m) => m.id)).size === 3);
    expect(got.filter((m) => m.type === 'error')).toEqual([]);
    expect(socket.readyState).toBe(WebSocket.OPEN);
    socket.close();
  });
});
