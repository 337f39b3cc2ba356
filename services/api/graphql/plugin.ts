/**
 * GraphQL over HTTP and WebSocket (graphql-transport-ws), as a Fastify plugin.
 */
import type { FastifyInstance } from 'fastify';
import mercurius from 'mercurius';
import type { GraphQLError } from 'graphql';
import type { ParlorService } from '../../app/service.js';
import { bearer } from '../errors.js';
import { composeSchema } from './schema.js';
import { resolvers, topic, type ParlorContext } from './resolvers.js';
import { analyticsResolvers } from './analytics.js';
import { graphqlOptions, installGraphqlLimits } from '../limits/graphql.js';
import type { Limits } from '../limits/settings.js';
import { subscriptionSlot } from '../limits/websocket.js';

export async function graphqlPlugin(app: FastifyInstance, opts: { service: ParlorService; limits: Limits }) {
  await app.register(mercurius, {
    schema: composeSchema(opts.service.games),
    resolvers: resolvers(opts.service),
    ...graphqlOptions(opts.limits),
    context: (request) => ({ token: bearer(request.headers.authorization) }),
    subscription: {
      wsDefaultSubprotocol: 'graphql-transport-ws',
      // The seat token travels in connection_init: { authorization: "Bearer …" } or { token: "…" }.
      onConnect: ({ payload }: { payload?: Record<string, unknown> }) => ({
        token: typeof payload?.token === 'string' ? payload.token : bearer(payload?.authorization ?? payload?.Authorization),
      }),
    },
    errorFormatter: (execution, ctx) => {
      const formatted = mercurius.defaultErrorFormatter(execution, ctx);
      const errors = (formatted.response.errors ?? []).map((e) => withCode(e as GraphQLError, ctx as ParlorContext));
      return { ...formatted, response: { ...formatted.response, errors } };
    },
  });
  app.graphql.defineResolvers(analyticsResolvers(opts.service));
  installGraphqlLimits(app, opts.limits);
  app.graphql.addHook('preSubscriptionExecution', subscriptionSlot(opts.limits));
  // Subscribers on this process hear of every commit made through it.
  opts.service.onCommit((agg) => app.graphql.pubsub.publish({ topic: topic(agg.id), payload: agg }));
}

/** Every error carries a stable code: the service's, BAD_INPUT for malformed queries, INTERNAL otherwise. */
function withCode(e: GraphQLError, ctx: ParlorContext) {
  const code = e.extensions?.code;
  if (typeof code === 'string') return e;
  const malformed = !e.path; // parse / validation / variable errors happen before any resolver runs
  if (!malformed) ctx.reply?.log?.error({ err: e.originalError ?? e }, 'resolver failed');
  return {
    message: malformed ? e.message : 'internal error',
    locations: e.locations,
    path: e.path,
    extensions: { code: malformed ? 'BAD_INPUT' : 'INTERNAL' },
  };
}
