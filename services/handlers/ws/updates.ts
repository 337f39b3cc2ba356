/**
 * The subscriptions outside mercurius: the same composed schema and the same resolvers the
 * Fastify app serves, run by graphql-js. `start` is what mercurius does on a `subscribe`
 * message (validate, run the subscribe resolver with the connection's token, which names the
 * topic it listens to; for `gameUpdated`, produce the first result: the game now); `render`
 * runs a game subscriber's own selection set against a later version of the game, as its seat
 * sees it, and `renderEntry` a `myGames` subscriber's against a changed inbox entry.
 */
import type { DocumentNode, ExecutionResult, GraphQLError, GraphQLFieldResolver, GraphQLFormattedError, GraphQLSchema } from 'graphql';
// The build the document checks (api/limits/documents.ts) and mercurius use: one realm for the schema.
import cjs from '../../api/limits/graphql-cjs.cjs';
import { sizeProblem, subscriptionProblem } from '../../api/limits/documents.js';
import type { Limits } from '../../api/limits/settings.js';
import type { Viewer } from '../../engine/core/index.js';
import type { Aggregate } from '../../app/aggregate.js';
import type { Credential, ParlorService } from '../../app/service.js';
import { buildParlorSchema } from '../../api/graphql/schema.js';
import type { GameHandle } from '../../api/graphql/resolvers.js';
import { allResolvers } from '../../api/graphql/all-resolvers.js';
import { playerTopic } from '../../api/graphql/play-by-turn.resolvers.js';
import type { InboxEntry } from '../../players/inbox.js';
import type { PlayApi } from '../../play-by-turn.js';
import type { ApiPart } from '../../api/parts.js';
import { logger } from '../observability.js';
import type { SubscribePayload } from '../../api/limits/graphql-transport-ws.js';

const { execute, getOperationAST, isObjectType, isScalarType, parse, subscribe } = cjs.graphql;
const PLAYER_TOPIC = playerTopic('');
const badInput = (message: string): Started => ({ ok: false, errors: [{ message, extensions: { code: 'BAD_INPUT' } }] });

/** A subscription that passed: its pubsub topic (resolvers.ts `topic`, play-by-turn's `playerTopic`), and for a game the game now. */
export type Started =
  | { ok: true; kind: 'game'; topic: string; gameId: string; seat: Viewer; version: number; first: ExecutionResult }
  | { ok: true; kind: 'player'; topic: string; player: string }
  | { ok: false; errors: GraphQLFormattedError[] };

/** What the resolvers see: the caller's credential (start), or the seat already checked (render). */
interface UpdateContext {
  token?: Credential;
  seat?: Viewer;
  /** The game the subscription's first event carried. */
  seen?: Aggregate;
  /** The topic the subscribe resolver listened to. */
  topic?: string;
  pubsub: { subscribe(topic: string): Promise<AsyncIterableIterator<never>> };
}

/** Later changes reach subscribers through DynamoDB Streams, not through this process: the topic is only noted. */
const noUpdates = (ctx?: UpdateContext) => ({
  subscribe: async (topic: string) => {
    if (ctx) ctx.topic = topic;
    return (async function* () {})() as AsyncIterableIterator<never>;
  },
});

export class GameUpdates {
  private readonly schema: GraphQLSchema;
  private readonly documents = new Map<string, DocumentNode>();

  constructor(
    private readonly service: ParlorService,
    play: PlayApi,
    private readonly limits: Limits,
    parts: readonly ApiPart[] = [],
  ) {
    const all = allResolvers(service, play, parts) as Record<string, any>;
    const { subscribe: subscribeToGame, resolve } = all.Subscription.gameUpdated as { subscribe: GraphQLFieldResolver<unknown, UpdateContext>; resolve: GraphQLFieldResolver<Aggregate, UpdateContext> };
    all.Subscription = {
      ...all.Subscription,
      gameUpdated: {
        subscribe: subscribeToGame,
        resolve: (agg: Aggregate, args: unknown, ctx: UpdateContext, info: any): GameHandle | Promise<GameHandle> => {
          ctx.seen = agg;
          return ctx.seat === undefined ? (resolve(agg, args, ctx, info) as Promise<GameHandle>) : { agg, viewer: ctx.seat };
        },
      },
    };
    this.schema = withResolvers(buildParlorSchema(service.games, limits.devTools, parts), all);
  }

  /**
   * Checks and starts a subscription for the holder of `token`; for a game the first result is
   * the game now. The document is held to the local server's limits (size, parser tokens, the
   * spec's and Parlor's validation rules, cost), with the same messages.
   */
  async start(operation: SubscribePayload, token: Credential): Promise<Started> {
    const tooLong = sizeProblem(operation.query, this.limits);
    if (tooLong) return badInput(tooLong);
    let document: DocumentNode;
    try {
      document = this.document(operation.query);
    } catch (e) {
      return { ok: false, errors: formatErrors([e as GraphQLError]) };
    }
    const problem = subscriptionProblem(this.schema, document, operation.variables, this.limits);
    if (problem) return badInput(problem);
    const op = getOperationAST(document, operation.operationName ?? undefined);
    if (op?.operation !== 'subscription') return badInput('only subscriptions are served over WebSocket: send queries and mutations over HTTP');
    const ctx = { token } as UpdateContext;
    ctx.pubsub = noUpdates(ctx);
    const stream = await subscribe({ schema: this.schema, document, variableValues: operation.variables, operationName: operation.operationName, contextValue: ctx });
    if (!(Symbol.asyncIterator in stream)) return { ok: false, errors: formatErrors(stream.errors ?? []) };
    const first = await stream.next();
    await stream.return?.();
    const agg = ctx.seen;
    const topic = ctx.topic;
    if (!first.done && agg && topic) return { ok: true, kind: 'game', topic, gameId: agg.id, seat: this.service.seatOf(agg, token), version: agg.version, first: formatResult(first.value) };
    // myGames has no first result: the inbox's next change is its first message (as locally).
    if (first.done && topic?.startsWith(PLAYER_TOPIC)) return { ok: true, kind: 'player', topic, player: topic.slice(PLAYER_TOPIC.length) };
    return { ok: false, errors: [{ message: 'the subscription produced no first result', extensions: { code: 'INTERNAL' } }] };
  }

  /** The subscriber's operation run against `agg`, as `seat` sees it. */
  async render(operation: SubscribePayload, agg: Aggregate, seat: Viewer): Promise<ExecutionResult> {
    return this.run(operation, agg, { seat, pubsub: noUpdates() });
  }

  /** A myGames subscriber's operation run against its player's changed inbox entry (its games as the player's seats see them). */
  async renderEntry(operation: SubscribePayload, entry: InboxEntry): Promise<ExecutionResult> {
    return this.run(operation, entry, { token: { player: entry.player }, pubsub: noUpdates() });
  }

  private async run(operation: SubscribePayload, rootValue: unknown, ctx: UpdateContext): Promise<ExecutionResult> {
    const result = await execute({ schema: this.schema, document: this.document(operation.query), rootValue, contextValue: ctx, variableValues: operation.variables, operationName: operation.operationName });
    return formatResult(result);
  }

  /** Parsed once per execution environment (a few distinct queries per client app; at most 100 of at most maxQueryChars each). */
  private document(query: string): DocumentNode {
    let doc = this.documents.get(query);
    if (!doc) {
      doc = parse(query, { maxTokens: this.limits.maxQueryTokens });
      if (this.documents.size >= 100) this.documents.delete(this.documents.keys().next().value!);
      this.documents.set(query, doc);
    }
    return doc;
  }
}

/** The schema with mercurius-style resolvers set on it ({ Type: { field: fn | { subscribe, resolve } }, Scalar: GraphQLScalarType }). */
function withResolvers(schema: GraphQLSchema, all: Record<string, any>): GraphQLSchema {
  for (const [typeName, fields] of Object.entries(all)) {
    const type = schema.getType(typeName);
    // A scalar may come from graphql's other build (graphql-scalars under Node): only its functions are taken.
    if (isScalarType(type) && typeof fields?.serialize === 'function') {
      Object.assign(type, { serialize: fields.serialize, parseValue: fields.parseValue, parseLiteral: fields.parseLiteral });
    } else if (isObjectType(type)) {
      const defined = type.getFields();
      for (const [name, r] of Object.entries(fields as Record<string, any>)) {
        const field = defined[name];
        if (!field) throw new Error(`resolver ${typeName}.${name} has no field in the schema`);
        if (typeof r === 'function') field.resolve = r;
        else Object.assign(field, { subscribe: r.subscribe, resolve: r.resolve });
      }
    }
  }
  return schema;
}

function formatResult(result: ExecutionResult): ExecutionResult {
  return result.errors?.length ? { ...result, errors: formatErrors(result.errors) as any } : result;
}

/**
 * Every error carries a stable code, as the Fastify app's errorFormatter gives it: the
 * service's own, BAD_INPUT for malformed operations, INTERNAL (with the cause logged) otherwise.
 */
export function formatErrors(errors: readonly GraphQLError[]): GraphQLFormattedError[] {
  return errors.map((e) => {
    if (typeof e.extensions?.code === 'string') return e.toJSON();
    const malformed = !e.path;
    if (!malformed) logger.error('resolver failed', { error: e.originalError ?? e });
    return {
      message: malformed ? e.message : 'internal error',
      ...(e.locations ? { locations: e.locations } : {}),
      ...(e.path ? { path: e.path } : {}),
      extensions: { code: malformed ? 'BAD_INPUT' : 'INTERNAL' },
    };
  });
}
