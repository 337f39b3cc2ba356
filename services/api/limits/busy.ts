/**
 * Back-pressure: a bound on the requests this process has in flight at once, every client
 * together (`requestsInFlight`). Past ~50 clients one Node thread only queues more work than it
 * finishes (throughput falls, GC rises): a request over the bound is refused at once with HTTP 503
 * `BUSY` and `Retry-After: 1`, before its body is read or anything runs, so the requests already
 * taken finish at the speed of a loaded-but-not-drowning server. A slot is given back when the
 * answer is finished or its connection closes. WebSocket upgrades (bounded by socketsPerClient)
 * and `/health` are not counted.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from './http.js';
import type { Limits } from './settings.js';

const exempt = (req: FastifyRequest) => req.url === '/health' || req.raw.headers.upgrade?.toLowerCase() === 'websocket';

export function backPressure(app: FastifyInstance, limits: Limits): void {
  let inFlight = 0;
  const release = () => void inFlight--;
  app.addHook('onRequest', (req: FastifyRequest, reply: FastifyReply, done) => {
    if (exempt(req)) return done();
    if (inFlight >= limits.requestsInFlight) {
      reply.header('retry-after', '1');
      return sendError(req, reply, 503, 'BUSY', `the server is busy (${limits.requestsInFlight} requests in flight): retry in a second`);
    }
    inFlight++;
    // 'close' comes once for every answer: sent in full, or cut off with its connection.
    reply.raw.once('close', release);
    done();
  });
}
