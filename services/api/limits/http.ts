/**
 * The HTTP doors of the app: security headers, CORS, rate limits per client address and per
 * seat token, and one error shape ({ error: { code, message } }, or GraphQL's `errors` on
 * /graphql) for what Fastify itself refuses: unknown routes, malformed URLs, bodies too large.
 * Registered first, without encapsulation, so it covers every route the app adds later.
 */
import { createHash } from 'node:crypto';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import mercurius from 'mercurius';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Limits } from './settings.js';
import { bearer } from '../errors.js';

const MINUTE = 60_000;

/** The WebSocket API's origin when the page's socket lives elsewhere (AWS), for connect-src. */
function socketOrigin(): string[] {
  const url = process.env.WEBSOCKET_URL;
  return url ? [new URL(url).origin] : [];
}

/** The body an error gets: GraphQL's shape on /graphql, the REST shape elsewhere. */
export function errorBody(req: FastifyRequest, code: string, message: string): object {
  return isGraphql(req) ? { data: null, errors: [{ message, extensions: { code } }] } : { error: { code, message } };
}

export function sendError(req: FastifyRequest, reply: FastifyReply, status: number, code: string, message: string) {
  return reply.status(status).send(errorBody(req, code, message));
}

const isGraphql = (req: FastifyRequest) => req.url === '/graphql' || req.url.startsWith('/graphql?');

const hasToken = (req: FastifyRequest) => typeof req.headers.authorization === 'string' && req.headers.authorization !== '';

/**
 * The per-token key is the token as the app reads it (`bearer`: scheme in any case, any
 * whitespace), so "bearer", "BEARER" or a tab do not buy a fresh allowance. Hashed: a long
 * header cannot make the limiter's memory grow.
 */
const tokenKey = (req: FastifyRequest) => `token:${createHash('sha256').update(bearer(req.headers.authorization)!).digest('base64url')}`;

/** Whether a request is a POST to one of the REST `routes` or a GraphQL document naming `field`. By route, not raw URL: a query string changes nothing. */
const postsTo =
  (routes: string[], field: RegExp) =>
  (req: FastifyRequest): boolean =>
    req.method === 'POST' && (routes.includes(req.routeOptions.url ?? '') || (req.routeOptions.url === '/graphql' && field.test(String((req.body as { query?: unknown } | undefined)?.query ?? ''))));

/** Whether a request creates a game or a tournament (GraphQL or REST); counted against createsPerMinute. */
export const createsGame = postsTo(['/v1/games', '/v1/tournaments'], /\bcreate(Game|Tournament)\b/);

/** Whether a request takes a seat (GraphQL or REST); counted against joinsPerMinute. */
export const joinsGame = postsTo(['/v1/games/:id/join'], /\bjoinGame\b/);

/**
 * Whether a request is a REST move with a token: counted against movesPerClientPerMinute instead of
 * the address's general allowance (by route, known before the body is read).
 */
export const restMove = (req: FastifyRequest): boolean => req.method === 'POST' && req.routeOptions.url === '/v1/games/:id/moves' && hasToken(req);

/** Whether a request tries a device link code (GraphQL or REST); counted against deviceLinkTriesPerMinute. */
export const triesDeviceLink = postsTo(['/v1/device-links/redeem'], /\bredeemDeviceLink\b/);

declare module 'fastify' {
  interface FastifyInstance {
    /** Counts a request that never reached a route against its client's allowance; true when over it. */
    overClientLimit(ip: string): Promise<boolean>;
  }
}

/**
 * The Fastify option for errors raised before routing (a malformed URL): such a request runs no
 * route hook, so it is counted against its client's allowance here (else it would be free).
 */
export const frameworkErrors = (app: () => FastifyInstance) =>
  async function frameworkErrors(error: FastifyError, req: FastifyRequest, reply: FastifyReply) {
    if (await app().overClientLimit(req.ip)) return sendError(req, reply, 429, 'RATE_LIMITED', 'too many requests');
    const status = error.statusCode === 413 ? 413 : 400;
    return sendError(req, reply, status, 'BAD_INPUT', error.code === 'FST_ERR_BAD_URL' ? 'malformed URL' : error.message);
  };

/**
 * helmet's security headers, worked out once: they do not depend on the request, and helmet
 * (through @fastify/helmet) would rebuild them, parsing the CSP, on every request.
 */
export function securityHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = { setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = value), removeHeader: () => {} };
  helmet({
    // GraphiQL and the OpenAPI UI are pages of their own with inline styles; everything is same-origin.
    // npm start serves plain HTTP on loopback: no upgrade of its own requests to https.
    // On AWS the web page's socket is the WebSocket API's own address (WEBSOCKET_URL, see services/web).
    contentSecurityPolicy: {
      directives: { 'style-src': ["'self'", "'unsafe-inline'"], 'img-src': ["'self'", 'data:'], 'connect-src': ["'self'", ...socketOrigin()], 'upgrade-insecure-requests': null },
    },
  })({} as never, res as never, () => {});
  return headers;
}

export const httpLimits = fp(
  async function httpLimits(app: FastifyInstance, limits: Limits) {
    const headers = securityHeaders();
    app.addHook('onRequest', (_req, reply, done) => {
      reply.headers(headers);
      done();
    });
    // No origin allowed (the default): no CORS plugin, whose hook would add nothing to any answer.
    if (limits.corsOrigins.length) await app.register(cors, { origin: limits.corsOrigins, methods: ['GET', 'POST', 'DELETE', 'OPTIONS'], exposedHeaders: ['parlor-token', 'parlor-next-cursor'] });

    // An error mercurius's own handler (on /graphql) also reads: it keeps the code and the status.
    const tooMany = (_req: FastifyRequest, ctx: { after: string }) => new mercurius.ErrorWithProps(`too many requests; retry in ${ctx.after}`, { code: 'RATE_LIMITED' }, 429);
    await app.register(rateLimit, {
      global: true,
      max: limits.perClientPerMinute,
      timeWindow: MINUTE,
      keyGenerator: (req) => `ip:${req.ip}`,
      // A REST move has its own per-address allowance (below): playing fast does not starve reads.
      allowList: (req) => restMove(req),
      errorResponseBuilder: tooMany,
      // At most this many keys are remembered (least recently used go first): the limiter's memory is bounded.
      cache: 10_000,
    });
    // The plugin runs one limiter per request: the per-token and per-creation counts are checked by
    // hand, and only for the requests they count (the limiter's own allow list would run it for all).
    const limiter = (options: Parameters<FastifyInstance['createRateLimit']>[0], counts: (req: FastifyRequest) => boolean) => {
      // No allow list: the global one (REST moves) would otherwise carry over and exempt moves here too.
      const check = app.createRateLimit({ timeWindow: MINUTE, allowList: [], ...options });
      return async (req: FastifyRequest) => {
        if (!counts(req)) return;
        const r = await check(req);
        if (!r.isAllowed && r.isExceeded) throw tooMany(req, { after: `${r.ttlInSeconds} seconds` });
      };
    };
    // The per-client count itself (same store and key as the routes' hook), for requests no route sees.
    const perClient = app.createRateLimit();
    app.decorate('overClientLimit', async (ip: string) => {
      const r = await perClient({ ip, routeOptions: {} } as unknown as FastifyRequest);
      return !r.isAllowed && r.isExceeded;
    });
    app.addHook('onRequest', limiter({ max: limits.perTokenPerMinute, keyGenerator: tokenKey }, hasToken));
    app.addHook('onRequest', limiter({ max: limits.movesPerClientPerMinute, keyGenerator: (req) => `move:${req.ip}` }, restMove));
    app.addHook('preHandler', limiter({ max: limits.createsPerMinute, keyGenerator: (req) => `create:${req.ip}` }, createsGame));
    app.addHook('preHandler', limiter({ max: limits.joinsPerMinute, keyGenerator: (req) => `join:${req.ip}` }, joinsGame));
    app.addHook('preHandler', limiter({ max: limits.deviceLinkTriesPerMinute, keyGenerator: (req) => `device-link:${req.ip}` }, triesDeviceLink));

    // The cost limit keeps answers small; this is the backstop for what it cannot foresee (long histories).
    app.addHook('onSend', async (req, reply, payload) => {
      if (!isGraphql(req) || typeof payload !== 'string' || Buffer.byteLength(payload) <= limits.maxResponseBytes) return payload;
      req.log.warn({ bytes: Buffer.byteLength(payload) }, 'GraphQL response over the size limit');
      reply.status(400);
      return JSON.stringify(errorBody(req, 'BAD_INPUT', `the response is over ${limits.maxResponseBytes} bytes: ask for fewer fields`));
    });

    // An unknown route is counted against its client like any request (the plugin only hooks real routes).
    app.setNotFoundHandler({ preHandler: app.rateLimit() }, (req, reply) => sendError(req, reply, 404, 'NOT_FOUND', `no route ${req.method} ${req.url.slice(0, 200)}`));
    app.setErrorHandler((e: FastifyError, req, reply) => {
      const status = e.statusCode ?? 500;
      if (status === 429) return sendError(req, reply, 429, 'RATE_LIMITED', e.message);
      if (status >= 500) {
        req.log.error({ err: e }, 'request failed');
        return sendError(req, reply, 500, 'INTERNAL', 'internal error');
      }
      return sendError(req, reply, status === 413 ? 413 : 400, 'BAD_INPUT', e.message);
    });
  },
  { name: 'parlor-http-limits' },
);
