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
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Limits } from './settings.js';
import { bearer } from '../errors.js';
import { WindowCounts } from './rate.js';
import { routeUrl } from './route.js';
import { clientNetwork } from '../../app/seat-marks.js';
import type { AddressCounts } from '../../app/address-counts.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Keys each per-minute count remembers. */
const KEYS = 10_000;

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
 * whitespace), so "bearer", "BEARER" or a tab do not buy a fresh allowance. A long one is hashed:
 * a long header cannot make the limiter's memory grow. Seat and player tokens are far shorter,
 * so a request does not pay for a SHA-256 (issue 33 item 5).
 */
const MAX_TOKEN_KEY = 512;
const tokenKey = (req: FastifyRequest) => {
  const token = bearer(req.headers.authorization)!;
  return token.length <= MAX_TOKEN_KEY ? token : `sha256:${createHash('sha256').update(token).digest('base64url')}`;
};

/**
 * Whether a request is a POST to one of the REST `routes` or a GraphQL document naming `field`. By route, not raw URL: a query string changes nothing.
 * `within` are substrings one of which every match of `field` holds: most documents (every move) hold none, and are passed without running the pattern.
 */
const postsTo =
  (routes: string[], within: readonly string[], field: RegExp) =>
  (req: FastifyRequest): boolean => {
    if (req.method !== 'POST') return false;
    const route = routeUrl(req);
    if (routes.includes(route)) return true;
    if (route !== '/graphql') return false;
    const query = String((req.body as { query?: unknown } | undefined)?.query ?? '');
    return within.some((w) => query.includes(w)) && field.test(query);
  };

/**
 * Whether a request creates a game or a tournament, or may start a game through matchmaking (a seek
 * or a challenge opened, a bot challenged, a quick-play entry: each a game once filled, by a second
 * account as easily as by anyone); counted against createsPerMinute, GraphQL or REST.
 */
export const createsGame = postsTo(
  ['/v1/games', '/v1/tournaments', '/v1/seeks', '/v1/players/:id/challenge', '/v1/bots/challenge', '/v1/quick-play'],
  ['create', 'openSeek', 'challenge', 'playNow'],
  /\b(create(Game|Tournament)|openSeek|challengePlayer|challengeBot|playNow)\b/,
);

/** Whether a request takes a seat (GraphQL or REST); counted against joinsPerMinute. */
export const joinsGame = postsTo(['/v1/games/:id/join'], ['joinGame'], /\bjoinGame\b/);

/**
 * Whether a request is a REST move with a token: counted against movesPerClientPerMinute instead of
 * the address's general allowance (by route, known before the body is read).
 */
export const restMove = (req: FastifyRequest): boolean => req.method === 'POST' && routeUrl(req) === '/v1/games/:id/moves' && hasToken(req);

/** Whether a request registers a player (GraphQL or REST); counted against registrationsPerHour. */
export const registersPlayer = postsTo(['/v1/players'], ['registerPlayer'], /\bregisterPlayer\b/);

/** Whether a request tries a device link code (GraphQL or REST); counted against deviceLinkTriesPerMinute. */
export const triesDeviceLink = postsTo(['/v1/device-links/redeem'], ['redeemDeviceLink'], /\bredeemDeviceLink\b/);

declare module 'fastify' {
  interface FastifyInstance {
    /** Counts a request that never reached a route against its client's allowance; true when over it. */
    overClientLimit(ip: string): boolean;
  }
}

/**
 * The Fastify option for errors raised before routing (a malformed URL): such a request runs no
 * route hook, so it is counted against its client's allowance here (else it would be free).
 */
export const frameworkErrors = (app: () => FastifyInstance) =>
  async function frameworkErrors(error: FastifyError, req: FastifyRequest, reply: FastifyReply) {
    if (app().overClientLimit(req.ip)) return sendError(req, reply, 429, 'RATE_LIMITED', 'too many requests');
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
  async function httpLimits(app: FastifyInstance, { without = new Set(), shared, ...limits }: Limits & { without?: ReadonlySet<string>; shared?: AddressCounts }) {
    // No origin allowed (the default): no CORS plugin, whose hook would add nothing to any answer.
    if (limits.corsOrigins.length) await app.register(cors, { origin: limits.corsOrigins, methods: ['GET', 'POST', 'DELETE', 'OPTIONS'], exposedHeaders: ['parlor-token', 'parlor-next-cursor'] });

    app.decorateRequest('parlorRoute', null); // routeUrl's memo, declared so every request has the same shape
    // Per minute, each count by its own key: at most 10,000 keys each (the oldest window goes first), so memory is bounded.
    const counts = (max: number) => new WindowCounts(max, MINUTE, KEYS);
    const perClient = counts(limits.perClientPerMinute);
    const perToken = counts(limits.perTokenPerMinute);
    // A REST move has its own per-address allowance: playing fast does not starve reads.
    const moves = counts(limits.movesPerClientPerMinute);
    // Registrations per address per hour, with a code of their own: a page says why, and when to come back.
    // Each count: who it applies to, its kind (the shared count's key), its limit and window, this process's own count, a refusal's code and reason.
    type Counted = { applies: (req: FastifyRequest) => boolean; kind: string; max: number; windowMs: number; own: WindowCounts; code?: string; why?: string };
    const counted = (applies: Counted['applies'], kind: string, max: number, windowMs = MINUTE, code?: string, why?: string): Counted => ({ applies, kind, max, windowMs, own: new WindowCounts(max, windowMs, KEYS), code, why });
    const afterBody: Counted[] = [
      counted(createsGame, 'create', limits.createsPerMinute),
      counted(joinsGame, 'join', limits.joinsPerMinute),
      counted(triesDeviceLink, 'device-link', limits.deviceLinkTriesPerMinute),
      counted(registersPlayer, 'register', limits.registrationsPerHour, HOUR, 'REGISTRATION_LIMIT', `at most ${limits.registrationsPerHour} players are registered from one client address an hour`),
    ];
    const tooMany = (req: FastifyRequest, reply: FastifyReply, wait: number, code = 'RATE_LIMITED', why = 'too many requests') => {
      reply.header('retry-after', String(wait));
      return sendError(req, reply, 429, code, `${why}; retry in ${wait} seconds`);
    };
    // The per-client count, for requests no route sees (malformed URLs, subscriptions on an open socket).
    app.decorate('overClientLimit', (ip: string) => perClient.hit(ip, Date.now()) > 0);

    const headers = securityHeaders();
    const withHeaders = !without.has('securityHeaders');
    const limited = !without.has('rateLimits');
    // One synchronous hook for every request, routes, 404s and WebSocket upgrades alike: the security
    // headers, then the address's allowance (a REST move's own), then the seat or player token's.
    app.addHook('onRequest', (req, reply, done) => {
      if (withHeaders) reply.headers(headers);
      if (limited) {
        const now = Date.now();
        const wait = restMove(req) ? moves.hit(req.ip, now) : perClient.hit(req.ip, now);
        if (wait > 0) return tooMany(req, reply, wait);
        if (hasToken(req)) {
          const tokenWait = perToken.hit(tokenKey(req), now);
          if (tokenWait > 0) return tooMany(req, reply, tokenWait);
        }
      }
      done();
    });
    // Creations, joins, registrations and device link tries, once the body (a GraphQL document) is read.
    // Each counts by network (an IPv6 client holds a whole /64), across every process where the store
    // keeps the counts (`shared`: AWS), else in this process (npm start, its table's only writer).
    if (limited)
      app.addHook('preHandler', (req, reply, done) => {
        if (req.method !== 'POST') return done();
        // Most POSTs (every move) match none: nothing is allocated for them.
        let due: Counted[] | undefined;
        for (const c of afterBody) if (c.applies(req)) (due ??= []).push(c);
        if (!due) return done();
        const network = clientNetwork(req.ip);
        if (!shared) {
          for (const { own, code, why } of due) {
            const wait = own.hit(network, Date.now());
            if (wait > 0) return tooMany(req, reply, wait, code, why);
          }
          return done();
        }
        void (async () => {
          for (const { kind, max, windowMs, own, code, why } of due) {
            // The store out of reach: this process's own count stands in, rather than no limit or no service.
            const wait = await shared.hit(kind, req.ip, max, windowMs, Date.now()).catch((err: unknown) => (req.log.warn({ err }, 'shared limit count failed; counted in this process'), own.hit(network, Date.now())));
            if (wait > 0) return tooMany(req, reply, wait, code, why);
          }
          done();
        })();
      });

    // The cost limit keeps answers small; this is the backstop for what it cannot foresee (long histories).
    if (!without.has('responseSize'))
      app.addHook('onSend', (req, reply, payload, done) => {
        // A string's UTF-8 bytes are at most 3 a UTF-16 unit: most answers are known small without counting them.
        if (!isGraphql(req) || typeof payload !== 'string' || payload.length * 3 <= limits.maxResponseBytes || Buffer.byteLength(payload) <= limits.maxResponseBytes) return done(null, payload);
        req.log.warn({ bytes: Buffer.byteLength(payload) }, 'GraphQL response over the size limit');
        reply.status(400);
        done(null, JSON.stringify(errorBody(req, 'BAD_INPUT', `the response is over ${limits.maxResponseBytes} bytes: ask for fewer fields`)));
      });

    // An unknown route is counted against its client like any request (by the onRequest hook above).
    app.setNotFoundHandler((req, reply) => sendError(req, reply, 404, 'NOT_FOUND', `no route ${req.method} ${req.url.slice(0, 200)}`));
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
