/**
 * The real thing for api tests: embedded DynamoDB on loopback, the service, the Fastify app
 * listening on a loopback port, and clients that speak HTTP and graphql-ws to it.
 */
import { createRequire } from 'node:module';
import { afterAll, beforeAll } from 'vitest';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import type { FastifyInstance } from 'fastify';
import { createLocalParlor, type LocalParlorOptions } from '../../services/local.js';
import type { ParlorService } from '../../services/app/service.js';
import { loopbackClient } from './loopback-client.js';
import { send } from './http.js';
import { ensureTable, startEmbeddedDynamo, type EmbeddedDynamo } from '../../services/store/index.js';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { Limits } from '../../services/api/limits/settings.js';

/**
 * Tests play whole games from one address in seconds: rate limits out of their way unless a test sets them.
 * The development tools (GraphiQL, /docs, introspection, the start-up checks of the SDL and the route
 * schemas) cost ~0.3 s of CPU per server: off, as in production, unless a test sets `devTools: true`
 * (the tests of those doors, of the OpenAPI document and of the schema's checks: test/api/contract.test.ts).
 * The page runs on production's default: it reads the types it draws by `__type(name:)`, which production answers.
 */
const TEST_LIMITS: Partial<Limits> = { perClientPerMinute: 1e6, perTokenPerMinute: 1e6, createsPerMinute: 1e6, joinsPerMinute: 1e6, registrationsPerHour: 1e6, seatsInOpenGames: 1e6, requestsInFlightPerClient: 1e6, requestsInFlight: 1e6, devTools: false };
import type { PlayByTurn } from '../../services/play-by-turn.js';
import type { EntryRules } from '../../services/tournaments/rules.js';

/**
 * Bots decide on the test's own thread unless a test asks for the worker pool (npm start's default):
 * a worker thread's start costs about a second of CPU per server. test/bots/pool*.e2e.test.ts and
 * the tournament tests run the pool.
 */
const TEST_BOTS = { workers: 0 };

/** Test players all join from one address: tournament entry limits out of their way unless a test sets them. */
const TEST_ENTRY_RULES: EntryRules = { entrantsPerAddress: 1e6, entrantsPerDevice: 1e6, linkedInDuplicate: 'ALLOW', ratedMinAccountDays: 0, ratedMinGames: 0 };

export interface GraphQLResponse<T = any> {
  data?: T;
  errors?: { message: string; extensions?: { code?: string } }[];
}

export interface TestServer {
  url: string;
  app: FastifyInstance;
  service: ParlorService;
  play: PlayByTurn;
  client: DynamoDBClient;
  gql<T = any>(query: string, variables?: Record<string, unknown>, token?: string): Promise<GraphQLResponse<T>>;
  rest(method: string, path: string, body?: unknown, token?: string): Promise<{ status: number; body: any }>;
  ws(token?: string): Client;
  /** Subscriptions the server has registered so far (listening on its pubsub). */
  subscriptions: number;
  /**
   * Resolves once the server has registered `n` subscriptions in all. graphql-ws acknowledges no
   * subscribe: a test that needs the server listening before it acts waits for this, not a sleep.
   */
  subscribed(n: number, timeoutMs?: number): Promise<void>;
}

/**
 * The subscriptions each server has registered, by its HTTP server. mercurius keeps its pubsub inside
 * the app's GraphQL plugin, out of a test's reach; each subscription's context resolves `subscribe`
 * once the listener is on, and knows its Fastify instance: counted here, for `subscribed`.
 */
interface Registered {
  n: number;
  waiting: { n: number; resolve: () => void }[];
}
const COUNTS = Symbol.for('parlor.test.subscriptions');
const counts: WeakMap<object, Registered> = ((globalThis as Record<symbol, unknown>)[COUNTS] ??= new WeakMap()) as WeakMap<object, Registered>;
const subscriptionsOf = (http: object): Registered => counts.get(http) ?? (counts.set(http, { n: 0, waiting: [] }), counts.get(http)!);
{
  const { SubscriptionContext } = createRequire(import.meta.url)('mercurius/lib/subscriber.js') as { SubscriptionContext: { prototype: Record<string | symbol, any> } };
  const proto = SubscriptionContext.prototype;
  if (!proto[COUNTS]) {
    const original = proto.subscribe as (...args: unknown[]) => Promise<unknown>;
    proto.subscribe = async function (this: { fastify: FastifyInstance }, ...args: unknown[]) {
      const queue = await original.apply(this, args);
      const c = subscriptionsOf(this.fastify.server);
      c.n++;
      for (const w of c.waiting.filter((w) => c.n >= w.n)) w.resolve();
      return queue;
    };
    proto[COUNTS] = true;
  }
}

export function useServer(options: Pick<LocalParlorOptions, 'games' | 'clock' | 'signingSecret' | 'webhooks' | 'notifications' | 'limits' | 'logger' | 'accounts' | 'checkpointMs' | 'ratedMinMoves' | 'ratedLinkedSeats' | 'fairRatings' | 'bots' | 'matchSettings' | 'modules' | 'web'> & { entryRules?: Partial<EntryRules> } = {}): TestServer {
  const server = {} as TestServer & { dynamo: EmbeddedDynamo; sockets: Client[] };
  beforeAll(async () => {
    server.dynamo = await startEmbeddedDynamo();
    server.client = loopbackClient(server.dynamo.endpoint);
    await ensureTable(server.client, 'parlor');
    Object.assign(server, await createLocalParlor({ client: server.client, tableName: 'parlor', ...options, limits: { ...TEST_LIMITS, ...options.limits }, entryRules: { ...TEST_ENTRY_RULES, ...options.entryRules }, bots: { ...TEST_BOTS, ...options.bots } }));
    server.url = await server.app.listen({ port: 0, host: '127.0.0.1' });
    server.sockets = [];
  });
  afterAll(async () => {
    for (const s of server.sockets ?? []) await s.dispose();
    await server.app?.close();
    server.client?.destroy();
    await server.dynamo?.close();
  });
  // node:http on kept-alive connections, not fetch: ~0.8 ms less CPU a request (./http.ts).
  server.gql = async (query, variables, token) => {
    const res = await send(`${server.url}/graphql`, 'POST', { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, JSON.stringify({ query, variables }));
    return JSON.parse(res.text) as GraphQLResponse;
  };
  server.rest = async (method, path, body, token) => {
    const res = await send(`${server.url}${path}`, method, { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) }, body === undefined ? undefined : JSON.stringify(body));
    return { status: res.status, body: res.text ? JSON.parse(res.text) : null };
  };
  Object.defineProperty(server, 'subscriptions', { get: () => (server.app ? subscriptionsOf(server.app.server).n : 0) });
  server.subscribed = (n, timeoutMs = 10_000) => {
    const c = subscriptionsOf(server.app.server);
    if (c.n >= n) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the server registered ${c.n} of ${n} subscriptions`)), timeoutMs);
      c.waiting.push({ n, resolve: () => (clearTimeout(timer), resolve()) });
    });
  };
  server.ws = (token) => {
    const client = createClient({
      url: server.url.replace('http', 'ws') + '/graphql',
      webSocketImpl: WebSocket,
      connectionParams: token ? { authorization: `Bearer ${token}` } : {},
      retryAttempts: 0,
    });
    server.sockets.push(client);
    return client;
  };
  return server;
}

/** Collects a subscription's messages; `next(n)` waits until n have arrived. */
export function subscribe<T = any>(client: Client, query: string, variables: Record<string, unknown>) {
  const messages: GraphQLResponse<T>[] = [];
  const waiters: { n: number; resolve: () => void }[] = [];
  let failure: unknown = null;
  const dispose = client.subscribe<T>(
    { query, variables },
    {
      next: (m) => {
        messages.push(m as GraphQLResponse<T>);
        for (const w of waiters.filter((w) => messages.length >= w.n)) w.resolve();
      },
      error: (e) => {
        failure = e;
        for (const w of waiters) w.resolve();
      },
      complete: () => {},
    },
  );
  return {
    messages,
    get failure() {
      return failure;
    },
    dispose,
    until(n: number, timeoutMs = 10_000): Promise<GraphQLResponse<T>[]> {
      if (messages.length >= n || failure) return Promise.resolve(messages);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`only ${messages.length} of ${n} messages`)), timeoutMs);
        waiters.push({ n, resolve: () => (clearTimeout(timer), resolve(messages)) });
      });
    },
  };
}
