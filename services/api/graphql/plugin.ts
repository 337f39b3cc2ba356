/**
 * GraphQL over HTTP and WebSocket (graphql-transport-ws), as a Fastify plugin.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import mercurius from 'mercurius';
import type { GraphQLError } from 'graphql';
import type { ParlorService } from '../../app/service.js';
import { bearer } from '../errors.js';
import { buildParlorSchema } from './schema.js';
import { topic, type ParlorContext } from './context.js';
import { allResolvers } from './all-resolvers.js';
import { analyticsResolvers } from './analytics.js';
import { graphqlOptions, installGraphqlLimits } from '../limits/graphql.js';
import type { Limits } from '../limits/settings.js';
import { subscriptionSlot } from '../limits/websocket.js';
import { connectionToken } from '../limits/graphql-transport-ws.js';
import { playerTopic } from './play-by-turn.resolvers.js';
import { seekTopic } from './matchmaking.js';
import type { PlayApi } from '../../play-by-turn.js';
import type { ApiPart } from '../parts.js';
import { RENEWED_TOKEN_HEADER } from '../../players/index.js';
import { isPlayerToken } from '../../players/tokens.js';

export async function graphqlPlugin(app: FastifyInstance, opts: { service: ParlorService; play: PlayApi; limits: Limits; subscriptions: boolean; parts?: readonly ApiPart[]; withoutLimits?: boolean }) {
  // Over HTTP a renewed player token comes back in a header; a socket keeps the token it connected with.
  const credential = async (token: string | undefined, reply?: FastifyReply) => ({ token: await opts.play.players.credential(token, reply && ((fresh) => reply.header(RENEWED_TOKEN_HEADER, fresh))), bearer: token });
  await app.register(mercurius, {
    schema: buildParlorSchema(opts.service.games, opts.limits.devTools, opts.parts),
    resolvers: allResolvers(opts.service, opts.play, opts.parts),
    ...graphqlOptions(opts.limits),
    context: (request, reply) => {
      const token = bearer(request.headers.authorization);
      // A seat token, or none, is the credential as sent (Players.credential hands it back as is):
      // no promise chain for it on every move (issue 33 item 5). Only a player token is verified.
      return token === undefined || !isPlayerToken(token) ? { token, bearer: token } : credential(token, reply);
    },
    subscription: opts.subscriptions && {
      wsDefaultSubprotocol: 'graphql-transport-ws',
      // The seat or player token travels in connection_init: { authorization: "Bearer …" } or { token: "…" }.
      onConnect: ({ payload }: { payload?: Record<string, unknown> }) => credential(connectionToken(payload)),
    },
    errorFormatter: (execution, ctx) => {
      const formatted = mercurius.defaultErrorFormatter(execution, ctx);
      const errors = (formatted.response.errors ?? []).map((e) => withCode(e as GraphQLError, ctx as ParlorContext));
      // Refused for load (the store's line was full): 503 with Retry-After, as back-pressure answers.
      if (errors.some((e) => e.extensions?.code === 'BUSY')) {
        (ctx as ParlorContext).reply?.header('retry-after', '1');
        return { statusCode: 503, response: { ...formatted.response, errors } };
      }
      return { ...formatted, response: { ...formatted.response, errors } };
    },
  });
  app.graphql.defineResolvers(analyticsResolvers(opts.service));
  if (!opts.withoutLimits) installGraphqlLimits(app, opts.limits, opts.service.now); // left out only by the write-path bench (app.ts)
  if (!opts.subscriptions) return;
  app.graphql.addHook('preSubscriptionExecution', subscriptionSlot(opts.limits, (ip) => app.overClientLimit(ip)));
  // A socket's token is checked again at each subscription: a device signed out since it connected is refused.
  app.graphql.addHook('preSubscriptionExecution', async (_schema, _document, context) => {
    const ctx = context as ParlorContext;
    if (ctx.bearer !== undefined) ctx.token = await opts.play.players.credential(ctx.bearer);
  });
  // Subscribers on this process hear of every commit made through it.
  opts.service.onCommit((agg) => app.graphql.pubsub.publish({ topic: topic(agg.id), payload: agg }));
  opts.play.players.inbox.onChange(({ entry }) => app.graphql.pubsub.publish({ topic: playerTopic(entry.player), payload: entry }));
  // Listed seeks' changes, per game type and for all (a challenge by name is no one else's business).
  opts.play.matchmaking.onSeek((seek) => {
    if (seek.for !== undefined) return;
    for (const t of [seekTopic(seek.game), seekTopic(null)]) app.graphql.pubsub.publish({ topic: t, payload: seek });
  });
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
