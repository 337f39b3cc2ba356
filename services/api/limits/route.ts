/**
 * The route a request matched, read once. Fastify's `request.routeOptions` builds a new object of
 * a dozen fields on every read, and the limits read the route several times per request (in
 * flight, back-pressure, streams, moves, creations, joins): ~12 objects a move (issue 33 item 5).
 */
import type { FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** The matched route's URL pattern ('' for none), once read (`routeUrl`). */
    parlorRoute?: string | null;
  }
}

/** The URL pattern of the route `req` matched ('' when none did: a 404), read once per request. */
export const routeUrl = (req: FastifyRequest): string => (req.parlorRoute ??= req.routeOptions.url ?? '');
