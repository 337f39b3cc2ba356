/**
 * The server's close does not wait on connections that carry nothing. Node's `server.close()`
 * (and Fastify's `forceCloseConnections: 'idle'`) closes only the keep-alive connections idle at
 * that instant: one a client opened but never sent a request on (undici opens a spare when
 * requests overlap, e.g. an NDJSON stream cut while a join was answered), or one whose request was
 * still being answered, stays open after, and `app.close()` waits for it until the client or the
 * headers timeout drops it. Here: at close, connections with no request under way end at once,
 * and the others as soon as their last answer is out. WebSocket connections are left to their
 * own close (the graphql-ws server ends them with a close code).
 */
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

export function endQuietConnectionsAtClose(app: FastifyInstance) {
  const sockets = new Set<Socket>();
  const busy = new Map<Socket, number>(); // answers under way on each connection
  let closing = false;
  const endSoon = (s: Socket) => {
    if (busy.has(s) || s.destroyed) return;
    s.end(() => s.destroy()); // the last answer's bytes go out first
  };
  app.server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.once('close', () => {
      sockets.delete(s);
      busy.delete(s);
    });
  });
  app.server.on('upgrade', (req) => sockets.delete(req.socket as Socket));
  app.server.on('request', (req, res) => {
    const s = req.socket as Socket;
    busy.set(s, (busy.get(s) ?? 0) + 1);
    res.once('close', () => {
      const left = (busy.get(s) ?? 1) - 1;
      if (left > 0) busy.set(s, left);
      else busy.delete(s);
      if (closing && sockets.has(s)) endSoon(s);
    });
  });
  app.addHook('preClose', async () => {
    closing = true;
    for (const s of sockets) endSoon(s);
  });
}
