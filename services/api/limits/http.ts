/**
 * The HTTP doors of the app: security headers, CORS, rate limits per client address and per
 * seat token, and one error shape ({ error: { code, message } }, or GraphQL's `errors` on
 * /graphql) for what Fastify itself refuses: unknown routes, malformed URLs, bodies too large.
 * Registered first, without encapsulation, so it covers every route the app adds later.
 */
import { createHash } from 'node:crypto';
import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Limits } from './settings.js';

const MINUTE = 60_000;

/** The body an error gets: GraphQL's shape on /graphql, the REST shape elsewhere. */
export function errorBody(req: FastifyRequest, code: string, message: string): object {
  return isGraphql(req) ? { data: null, errors: [{ message, extensions: { code } }] } : { error: { code, message } };
}

export function sendError(req: FastifyRequest, reply: FastifyReply, status: number, code: string, message: string) {
  return reply.status(status).send(errorBody(req, code, message));
}

const isGraphql = (req: FastifyRequest) => req.url === '/graphql' || req.url.startsWith('/graphql?');

/** Rate-limit keys are hashed: a long header cannot make the limiter's memory grow. */
const tokenKey = (req: FastifyRequest) => {
  const header = req.headers.authorization;
  return typeof header === 'string' && header !== '' ? `token:${createHash('sha256').update(header).digest('base64url')}` : '';
};

/** Whether a request creates a game (GraphQL or REST); counted against createsPerMinute. */
export const createsGame = (req: FastifyRequest): boolean =>
  req.method === 'POST' && (req.url === '/v1/games' || (isGraphql(req) && /\bcreateGame\b/.test(String((req.body as { query?: unknown } | undefined)?.query ?? ''))));

/** The Fastify option for errors raised before routing (a malformed URL, an unparsable body). */
export function frameworkErrors(error: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode === 413 ? 413 : 400;
  return sendError(req, reply, status, 'BAD_INPUT', error.code === 'FST_ERR_BAD_URL' ? 'malformed URL' : error.message);
}

export const httpLimits = fp(
  async function httpLimits(app: FastifyInstance, limits: Limits) {
    await app.register(helmet, {
      // GraphiQL and the OpenAPI UI are pages of their own with inline styles; everything is same-origin.
      contentSecurityPolicy: { directives: { 'style-src': ["'self'", "'unsafe-inline'"], 'img-src': ["'self'", 'data:'] } },
    });
    await app.register(cors, { origin: limits.corsOrigins.length ? limits.corsOrigins : false, methods: ['GET', 'POST', 'OPTIONS'] });

    const tooMany = (req: FastifyRequest, ctx: { after: string }) => ({
      statusCode: 429,
      ...errorBody(req, 'RATE_LIMITED', `too many requests; retry in ${ctx.after}`),
    });
    await app.register(rateLimit, {
      global: true,
      max: limits.perClientPerMinute,
      timeWindow: MINUTE,
      keyGenerator: (req) => `ip:${req.ip}`,
      errorResponseBuilder: tooMany,
      // At most this many keys are remembered (least recently used go first): the limiter's memory is bounded.
      cache: 10_000,
    });
    app.addHook(
      'onRequest',
      app.rateLimit({ max: limits.perTokenPerMinute, timeWindow: MINUTE, keyGenerator: tokenKey, allowList: (_req, key) => key === '', errorResponseBuilder: tooMany }),
    );
    app.addHook(
      'preHandler',
      app.rateLimit({ max: limits.createsPerMinute, timeWindow: MINUTE, keyGenerator: (req) => `create:${req.ip}`, allowList: (req) => !createsGame(req), errorResponseBuilder: tooMany }),
    );

    app.setNotFoundHandler((req, reply) => sendError(req, reply, 404, 'NOT_FOUND', `no route ${req.method} ${req.url.slice(0, 200)}`));
    app.setErrorHandler((e: FastifyError, req, reply) => {
      const status = e.statusCode ?? 500;
      if (status === 429) {
        const { statusCode: _status, ...body } = e as unknown as { statusCode: number };
        return reply.status(429).send(body); // the rate limiter's answer, built by tooMany
      }
      if (status >= 500) {
        req.log.error({ err: e }, 'request failed');
        return sendError(req, reply, 500, 'INTERNAL', 'internal error');
      }
      return sendError(req, reply, status === 413 ? 413 : 400, 'BAD_INPUT', e.message);
    });
  },
  { name: 'parlor-http-limits' },
);
