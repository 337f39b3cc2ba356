/**
 * A cap on the requests one client address has in flight at once (`requestsInFlightPerClient`):
 * a client cannot take the event loop by sending many expensive requests side by side. Over it,
 * the request is refused at once with HTTP 429 `RATE_LIMITED` and `Retry-After: 1`. A slot is
 * taken when the request arrives (before its body is read: a body sent slowly holds its slot) and
 * given back when its answer is finished or its connection closes. Only the API counts (routes
 * `/graphql` and `/v1…`, decided on the route matched, so no spelling of the URL moves a request
 * in or out): the page and its static files are cheap and a browser fetches many at once.
 * WebSocket upgrades and the NDJSON streams are bounded by `socketsPerClient` instead.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from './http.js';
import type { Limits } from './settings.js';
import { isStream } from './streaming.js';
import { routeUrl } from './route.js';
import { afterAnswer } from './after-answer.js';

const isUpgrade = (req: FastifyRequest) => req.raw.headers.upgrade?.toLowerCase() === 'websocket';
const isApi = (req: FastifyRequest) => {
  const route = routeUrl(req);
  return route === '/graphql' || route === '/v1' || route.startsWith('/v1/');
};

export function inFlightPerClient(app: FastifyInstance, limits: Limits): void {
  const held = new Map<string, number>();
  // Synchronous: no promise per request.
  app.addHook('onRequest', (req: FastifyRequest, reply: FastifyReply, done) => {
    if (isUpgrade(req) || !isApi(req) || isStream(req)) return done();
    const ip = req.ip;
    const n = held.get(ip) ?? 0;
    if (n >= limits.requestsInFlightPerClient) {
      reply.header('retry-after', '1');
      return sendError(req, reply, 429, 'RATE_LIMITED', `at most ${limits.requestsInFlightPerClient} requests in flight per client address`);
    }
    held.set(ip, n + 1);
    // 'close' comes once for every answer: sent in full, or cut off with its connection.
    afterAnswer(reply.raw, () => {
      const left = (held.get(ip) ?? 1) - 1;
      if (left > 0) held.set(ip, left);
      else held.delete(ip); // the map holds only addresses with a request in flight
    });
    done();
  });
}
