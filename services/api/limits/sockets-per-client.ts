/**
 * A cap on the WebSockets one client address holds open (`socketsPerClient`): over it, the
 * upgrade is refused with HTTP 429 `RATE_LIMITED` before any socket is made. A slot is taken
 * when the upgrade request passes and given back when its TCP connection closes, which is when
 * the WebSocket ends or, if the upgrade fails, when its refusal is sent: the count stays exact
 * even for upgrades racing each other.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from './http.js';
import type { Limits } from './settings.js';

const isUpgrade = (req: FastifyRequest) => req.raw.headers.upgrade?.toLowerCase() === 'websocket';

export function socketsPerClient(app: FastifyInstance, limits: Limits): void {
  const open = new Map<string, number>();
  app.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
    if (!isUpgrade(req)) return;
    const held = open.get(req.ip) ?? 0;
    if (held >= limits.socketsPerClient) return sendError(req, reply, 429, 'RATE_LIMITED', `at most ${limits.socketsPerClient} WebSockets open per client address`);
    open.set(req.ip, held + 1);
    req.raw.socket.once('close', () => {
      const left = (open.get(req.ip) ?? 1) - 1;
      if (left > 0) open.set(req.ip, left);
      else open.delete(req.ip); // the map holds only addresses with a socket open
    });
  });
}
