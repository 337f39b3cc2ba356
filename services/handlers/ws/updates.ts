/**
 * The `gameUpdated` subscription outside mercurius: the same composed schema and the same
 * resolvers the Fastify app serves, run by graphql-js. `start` is what mercurius does on a
 * `subscribe` message (validate, run the subscribe resolver with the connection's token,
 * produce the first result: the game now); `render` runs the subscriber's own selection set
 * against a later version of the game, as its seat sees it.
 */
import {
  buildSchema,
  execute,
  getOperationAST,
  GraphQLObjectType,
  GraphQLScalarType,
  GraphQLSchema,
  parse,
  subscribe,
  validate,
  type DocumentNode,
  type ExecutionResult,
  type GraphQLError,
  type GraphQLFieldResolver,
  type GraphQLFormattedError,
} from 'graphql';
import type { Viewer } from '../../engine/core/index.js';
import type { Aggregate } from '../../app/aggregate.js';
import type { Credential, ParlorService } from '../../app/service.js';
import { composeSchema } from '../../api/graphql/schema.js';
import { resolvers, type GameHandle } from '../../api/graphql/resolvers.js';
import { logger } from '../observability.js';
import type { SubscribePayload } from '../../api/limits/graphql-transport-ws.js';

export type Started =
  | { ok: true; gameId: string; seat: Viewer; version: number; first: ExecutionResult }
  | { ok: false; errors: GraphQLFormattedError[] };

/** What the resolvers see: the caller's credential (start), or the seat already checked (render). */
interface UpdateContext {
  token?: Credential;
  seat?: Viewer;
  /** The game the subscription's first event carried. */
  seen?: Aggregate;
  pubsub: { subscribe(topic: string): Promise<AsyncIterableIterator<never>> };
}

const noUpdates = {
  // Later versions reach subscribers through DynamoDB Streams, not through this process.
  subscribe: async () => (async function* () {})() as AsyncIterableIterator<never>,
};

export class GameUpdates {
  private readonly schema: GraphQLSchema;
  private readonly documents = new Map<string, DocumentNode>();

  constructor(private readonly service: ParlorService) {
    const all = resolvers(service) as Record<string, any>;
    const { subscribe: subscribeToGame, resolve } = all.Subscription.gameUpdated as { subscribe: GraphQLFieldResolver<unknown, UpdateContext>; resolve: GraphQLFieldResolver<Aggregate, UpdateContext> };
    all.Subscription = {
      gameUpdated: {
        subscribe: subscribeToGame,
        resolve: (agg: Aggregate, args: unknown, ctx: UpdateContext, info: any): GameHandle | Promise<GameHandle> => {
          ctx.seen = agg;
          return ctx.seat === undefined ? (resolve(agg, args, ctx, info) as Promise<GameHandle>) : { agg, viewer: ctx.seat };
        },
      },
    };
    this.schema = executableSchema(composeSchema(service.games), all);
  }

  /** Checks and starts a subscription for the holder of `token`; the first result is the game now. */
  async start(operation: SubscribePayload, token: Credential): Promise<Started> {
    let document: DocumentNode;
    try {
      document = this.document(operation.query);
    } catch (e) {
      return { ok: false, errors: formatErrors([e as GraphQLError]) };
    }
    const invalid = validate(this.schema, document);
    if (invalid.length) return { ok: false, errors: formatErrors(invalid) };
    const op = getOperationAST(document, operation.operationName ?? undefined);
    if (op?.operation !== 'subscription') {
      return { ok: false, errors: [{ message: 'only subscriptions are served over WebSocket: send queries and mutations over HTTP', extensions: { code: 'BAD_INPUT' } }] };
    }
    const ctx: UpdateContext = { token, pubsub: noUpdates };
    const stream = await subscribe({ schema: this.schema, document, variableValues: operation.variables, operationName: operation.operationName, contextValue: ctx });
    if (!(Symbol.asyncIterator in stream)) return { ok: false, errors: formatErrors(stream.errors ?? []) };
    const first = await stream.next();
    await stream.return?.();
    const agg = ctx.seen;
    if (first.done || !agg) return { ok: false, errors: [{ message: 'the subscription produced no first result', extensions: { code: 'INTERNAL' } }] };
    return { ok: true, gameId: agg.id, seat: this.service.seatOf(agg, token), version: agg.version, first: formatResult(first.value) };
  }

  /** The subscriber's operation run against `agg`, as `seat` sees it. */
  async render(operation: SubscribePayload, agg: Aggregate, seat: Viewer): Promise<ExecutionResult> {
    const ctx: UpdateContext = { seat, pubsub: noUpdates };
    const result = await execute({ schema: this.schema, document: this.document(operation.query), rootValue: agg, contextValue: ctx, variableValues: operation.variables, operationName: operation.operationName });
    return formatResult(result);
  }

  /** Parsed once per execution environment (a few distinct queries per client app). */
  private document(query: string): DocumentNode {
    let doc = this.documents.get(query);
    if (!doc) {
      doc = parse(query);
      if (this.documents.size >= 100) this.documents.delete(this.documents.keys().next().value!);
      this.documents.set(query, doc);
    }
    return doc;
  }
}

/** A schema from SDL and mercurius-style resolvers ({ Type: { field: fn | { subscribe, resolve } }, Scalar: GraphQLScalarType }). */
function executableSchema(sdl: string, all: Record<string, any>): GraphQLSchema {
  const schema = buildSchema(sdl);
  for (const [typeName, fields] of Object.entries(all)) {
    const type = schema.getType(typeName);
    if (type instanceof GraphQLScalarType && fields instanceof GraphQLScalarType) {
      Object.assign(type, { serialize: fields.serialize, parseValue: fields.parseValue, parseLiteral: fields.parseLiteral });
    } else if (type instanceof GraphQLObjectType) {
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
