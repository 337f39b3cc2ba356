/**
 * A client address may hold only `socketsPerClient` WebSockets open (issue 26 finding 7): the
 * next upgrade is refused with HTTP 429 RATE_LIMITED, and closing one frees its slot. Real
 * server, real sockets on loopback.
 */
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { highCard } from '../kit/high-card.js';
import { useServer } from '../kit/server.js';

const server = useServer({ games: [highCard], limits: { socketsPerClient: 3 } });

type Outcome = { open: WebSocket } | { refused: number; body: string };
function connect(): Promise<Outcome> {
  const socket = new WebSocket(server.url.replace('http', 'ws') + '/graphql', 'graphql-transport-ws');
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve({ open: socket }));
    socket.once('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c));
      res.on('end', () => resolve({ refused: res.statusCode ?? 0, body }));
    });
    socket.once('error', reject);
  });
}
const closed = (socket: WebSocket) => new Promise((resolve) => (socket.once('close', resolve), socket.close()));

describe('WebSockets per client address', () => {
  it('refuses the upgrade over the cap with 429 RATE_LIMITED, even for upgrades racing each other, and frees a slot when a socket closes', async () => {
    const outcomes = await Promise.all(Array.from({ length: 6 }, connect));
    const open = outcomes.flatMap((o) => ('open' in o ? [o.open] : []));
    const refused = outcomes.flatMap((o) => ('refused' in o ? [o] : []));
    expect(open).toHaveLength(3);
    expect(refused.map((r) => [r.refused, JSON.parse(r.body).errors[0].extensions.code])).toEqual(Array(3).fill([429, 'RATE_LIMITED']));
    await closed(open[0]!);
    const again = await connect();
    expect('open' in again).toBe(true);
    for (const s of [...open.slice(1), (again as { open: WebSocket }).open]) await closed(s);
  });
});
