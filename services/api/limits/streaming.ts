/**
 * The NDJSON streams (rest/streams.routes.ts) stay open for as long as a game runs: counted like a
 * request in flight they would take a client's and the server's request slots for good. They
 * are bounded by their own count per client address instead, like WebSockets.
 */
import type { FastifyRequest } from 'fastify';
import { routeUrl } from './route.js';

/** Whether the request is for one of the NDJSON streams (decided on the route matched). */
export const isStream = (req: FastifyRequest) => {
  const route = routeUrl(req);
  return route.startsWith('/v1/') && route.endsWith('/stream');
};
