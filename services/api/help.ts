/**
 * Answers for a newcomer who knocks on the wrong door: `GET /v1` lists the REST routes, and
 * `GET /graphql` without a query says how to ask (mercurius would answer "Unknown query").
 * Registered before the routes, without encapsulation, so it sees every route as it is added.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { sendError } from './limits/http.js';

const HOW_TO_ASK =
  'Send a GraphQL query: POST /graphql with a JSON body {"query": "...", "variables": {...}}, or GET /graphql?query=... for queries; ' +
  'subscriptions use WebSocket (graphql-transport-ws) on /graphql. The schema is schema.graphql in the repository; GraphiQL is at /graphiql when development tools are on.';

export const help = fp(
  async function help(app: FastifyInstance) {
    const routes: string[] = [];
    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith('/v1/') || route.url === '/v1/') return;
      for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push(`${method} ${route.url}`);
    });
    app.get('/v1', { schema: { hide: true } }, async () => ({ routes: [...new Set(routes)].sort(), docs: '/docs', graphql: '/graphql' }));

    // Synchronous: every request passes here, and an async hook costs each of them a promise (issue 33 item 5).
    app.addHook('onRequest', (req, reply, done) => {
      if (req.method !== 'GET' || req.headers.upgrade || (req.url !== '/graphql' && !req.url.startsWith('/graphql?')) || new URL(req.url, 'http://x').searchParams.has('query')) return done();
      sendError(req, reply, 400, 'BAD_INPUT', HOW_TO_ASK);
    });
  },
  { name: 'parlor-help' },
);
