/**
 * The AWS parts stood in for on loopback, the rest real: the embedded DynamoDB with the
 * game table, the handlers wired to it as on Lambda, and a fake API Gateway that records
 * what each connection is sent (PostToConnection), closes (DeleteConnection), answers 410
 * for connections marked gone, fails the next N posts with 500 on request, and can carry
 * real WebSocket clients.
 */
import './env.js';
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { QueryCommand, type AttributeValue, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { APIGatewayProxyEventV2, Context, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { afterAll, beforeAll, expect } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import type { AnyGame } from '../../services/engine/core/index.js';
import { createParlor, type Parlor, type ParlorOptions } from '../../services/handlers/env.js';
import { httpHandler, type HttpHandler } from '../../services/handlers/http.js';
import { timerHandler } from '../../services/handlers/timer.js';
import { streamHandler } from '../../services/handlers/stream.js';
import { wsHandler, type WebSocketEvent, type WebSocketResult } from '../../services/handlers/ws.js';
import { resolveLimits, type Limits } from '../../services/api/limits/settings.js';
import { Connections } from '../../services/handlers/ws/connections.js';
import { realtime } from '../../services/handlers/ws/realtime.js';
import { managementApi } from '../../services/handlers/ws/gateway.js';
import { OWNER_INDEX_READERS, TABLE_ACTIONS } from '../../services/handlers/permissions.js';
import { MODULES } from '../../services/modules/index.js';
import { tableActionsOf } from '../../services/modules/module.js';
import { localClient } from '../../services/store/embedded.js';
import { gamePk } from '../../services/store/schema.js';
import { lakeRun } from '../../services/handlers/export.js';
import { useEmbeddedDynamo } from '../kit/dynamo.js';
import { highCard } from '../kit/high-card.js';
import { createAndSeat, type SeatedGame } from '../kit/seat.js';

export const STAGE = 'test';

/** API Gateway as far as the handlers see it: the management API, and optionally real sockets. */
export class FakeApiGateway {
  readonly server: Server;
  /** Frames posted to each connection, parsed. */
  readonly sent = new Map<string, any[]>();
  readonly closed = new Set<string>();
  /** Connections that answer 410 Gone. */
  readonly gone = new Set<string>();
  /** How many of the next posts fail with 500 (a transient error). */
  failing = 0;
  readonly sockets = new Map<string, WebSocket>();
  endpoint = '';
  /** Route invocations not finished yet (API Gateway does not wait for them; closing the stand-in does). */
  private readonly running = new Set<Promise<unknown>>();
  /** Subscribe frames the routes have finished handling (graphql-ws acknowledges none: tests wait on this). */
  subscribesHandled = 0;

  constructor() {
    // Errors as API Gateway sends them: the SDK reads the error's name from x-amzn-ErrorType.
    this.server = createServer(
      (req, res) => void this.manage(req).then(([status, body, errorType]) => res.writeHead(status, errorType ? { 'x-amzn-errortype': errorType, 'content-type': 'application/json' } : {}).end(body)),
    );
  }

  async listen(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.endpoint = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/${STAGE}`;
    return this;
  }

  async close(): Promise<void> {
    const closed = [...this.sockets.values()].map((s) => new Promise((r) => (s.once('close', r), s.terminate())));
    await Promise.all(closed); // each one's $disconnect is under way
    while (this.running.size) await Promise.allSettled([...this.running]);
    this.server.closeAllConnections();
    await new Promise((r) => this.server.close(r));
  }

  messages(connectionId: string): any[] {
    return this.sent.get(connectionId) ?? [];
  }

  /** Waits until `connectionId` has been sent at least `n` frames. */
  async until(connectionId: string, n: number, timeoutMs = 5000): Promise<any[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.messages(connectionId).length < n) {
      if (Date.now() > deadline) throw new Error(`${connectionId} got ${this.messages(connectionId).length} of ${n} frames`);
      await new Promise((r) => setTimeout(r, 10));
    }
    return this.messages(connectionId);
  }

  /** Serves WebSocket clients on this server, passing their frames to the routes as API Gateway would. */
  carrySockets(route: (event: WebSocketEvent) => Promise<WebSocketResult>): void {
    let next = 0;
    const connectionIds = new WeakMap<IncomingMessage, string>();
    const results = new WeakMap<IncomingMessage, WebSocketResult>();
    const connectedAt = new Map<string, number>();
    // As API Gateway stamps every route event: when the socket opened, when this frame arrived.
    const event = (routeKey: string, connectionId: string, extra: Partial<WebSocketEvent> = {}): WebSocketEvent => ({
      requestContext: { routeKey, connectionId, domainName: '127.0.0.1', stage: STAGE, connectedAt: connectedAt.get(connectionId), requestTimeEpoch: Date.now() },
      ...extra,
    });
    const invoke = (e: WebSocketEvent) => {
      const subscribe = e.body?.includes('"subscribe"') ?? false;
      const run = route(e).finally(() => (this.running.delete(run), subscribe && this.subscribesHandled++));
      this.running.add(run);
    };
    const wss = new WebSocketServer({
      noServer: true,
      // The subprotocol is whatever $connect echoed.
      handleProtocols: (_offered, req) => results.get(req)?.headers?.['Sec-WebSocket-Protocol'] ?? false,
    });
    this.server.on('upgrade', async (req, socket, head) => {
      const connectionId = `sock-${++next}`;
      connectionIds.set(req, connectionId);
      connectedAt.set(connectionId, Date.now());
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
      const result = await route(event('$connect', connectionId, { headers }));
      results.set(req, result);
      if (result.statusCode !== 200) return socket.end('HTTP/1.1 400 Bad Request\r\n\r\n');
      wss.handleUpgrade(req, socket, head, (ws) => {
        this.sockets.set(connectionId, ws);
        // API Gateway invokes the route per frame, without waiting for the previous one.
        ws.on('message', (data) => invoke(event('$default', connectionId, { body: data.toString() })));
        ws.on('close', () => {
          this.sockets.delete(connectionId);
          invoke(event('$disconnect', connectionId));
          connectedAt.delete(connectionId);
        });
      });
    });
  }

  private async manage(req: IncomingMessage): Promise<[number, string, string?]> {
    const m = /^\/([^/]+)\/@connections\/([^/?]+)/.exec(req.url ?? '');
    if (!m || m[1] !== STAGE) return [404, '{"message":"Not Found"}', 'NotFoundException'];
    const connectionId = decodeURIComponent(m[2]!);
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    if (this.gone.has(connectionId) || this.closed.has(connectionId)) return [410, '{"message":"Gone"}', 'GoneException'];
    if (req.method === 'POST' && this.failing > 0) {
      this.failing--;
      return [500, '{"message":"Internal server error"}', 'InternalServerErrorException'];
    }
    if (req.method === 'POST') {
      const frame = Buffer.concat(chunks).toString('utf8');
      if (Buffer.byteLength(frame) > 128 * 1024) return [413, '{"message":"Request Entity Too Large"}', 'PayloadTooLargeException'];
      this.sent.set(connectionId, [...this.messages(connectionId), JSON.parse(frame)]);
      this.sockets.get(connectionId)?.send(frame);
      return [200, ''];
    }
    if (req.method === 'DELETE') {
      this.closed.add(connectionId);
      // DeleteConnection carries no code: API Gateway closes normally (its $disconnect says 1000, "Connection Closed Normally").
      this.sockets.get(connectionId)?.close(1000);
      return [204, ''];
    }
    return [405, ''];
  }
}

type HandlerName = keyof typeof TABLE_ACTIONS;

export interface AwsWorld {
  /** For the tests' own set-up and reads (its calls are not recorded). */
  parlor: Parlor;
  /** The DynamoDB actions each handler has called, as IAM names them ("dynamodb:PutItem"). */
  used: Record<HandlerName, Set<string>>;
  /** The table's indexes each handler has queried (the stack grants them to OWNER_INDEX_READERS alone). */
  indexes: Record<HandlerName, Set<string>>;
  /** The scheduled analytics export (services/handlers/export.ts) over every game since `since`. */
  exportRun(since: string): Promise<unknown>;
  /** Connections and subscriptions as the table holds them (reads not recorded). */
  connections: Connections;
  gateway: FakeApiGateway;
  http: HttpHandler;
  ws: (event: WebSocketEvent) => Promise<WebSocketResult>;
  stream: ReturnType<typeof streamHandler>;
  /** The timer function (deadlines from EventBridge Scheduler, the outbox each minute). */
  timer: ReturnType<typeof timerHandler>;
  /** The DynamoDB Streams records (INSERT, NEW_IMAGE) of a game's commits from `after` on, as the table holds them. */
  commitRecords(gameId: string, after?: number): Promise<DynamoDBRecord[]>;
  /** A Streams event for the commits of a game from `after` on. */
  streamEvent(gameId: string, after?: number): Promise<DynamoDBStreamEvent>;
}

/** Everything for one test file; the toy game by default, so tests do not depend on the real games. */
export function useAws(options: { games?: readonly AnyGame[]; limits?: Partial<Limits> } & Pick<ParlorOptions, 'ratedMinMoves' | 'ratedLinkedSeats' | 'fairRatings' | 'now'> = {}): AwsWorld {
  const db = useEmbeddedDynamo();
  const world = {} as AwsWorld;
  let sequence = 1000;
  const clients: DynamoDBClient[] = [];
  beforeAll(async () => {
    world.gateway = await new FakeApiGateway().listen();
    const games = options.games ?? [highCard];
    // One signing secret for every function, as they share the Secrets Manager secret on AWS.
    const secret = randomBytes(32).toString('base64url');
    const signingSecret = async () => secret;
    // Every read of the lobby asks the table: the tests read it right after the stream function projects
    // (another function's write, which the kept page of LOBBY_CACHE_MS would hide: test/store/lobby-cache.test.ts).
    const fair = { ratedMinMoves: options.ratedMinMoves, ratedLinkedSeats: options.ratedLinkedSeats, fairRatings: options.fairRatings, now: options.now, lobbyCacheMs: 0 };
    world.parlor = createParlor({ client: db.client, tableName: db.tableName, games, signingSecret, ...fair });
    world.used = { http: new Set(), ws: new Set(), stream: new Set(), timer: new Set(), export: new Set() };
    world.indexes = { http: new Set(), ws: new Set(), stream: new Set(), timer: new Set(), export: new Set() };
    // Each handler on a client of its own that records the operations it calls.
    const recorded = (name: HandlerName) => {
      const client = localClient(db.server.endpoint);
      client.middlewareStack.add((next, context) => (args) => {
        world.used[name].add(`dynamodb:${String(context.commandName).replace(/Command$/, '')}`);
        const index = (args.input as { IndexName?: string }).IndexName;
        if (index) world.indexes[name].add(index);
        return next(args);
      }, {
        step: 'initialize',
        name: 'recordActions',
      });
      clients.push(client);
      return client;
    };
    const parlorOf = (name: HandlerName) => createParlor({ client: recorded(name), tableName: db.tableName, games, signingSecret, ...fair });
    // The scheduled export's run, as its handler makes it, with the files it would upload dropped.
    const exportClient = recorded('export');
    world.exportRun = (since) => lakeRun(exportClient, db.tableName, async () => {}, since);
    world.connections = new Connections(db.client, db.tableName);
    const limits = resolveLimits(options.limits);
    world.ws = wsHandler(realtime(parlorOf('ws'), limits), { endpoint: world.gateway.endpoint });
    world.stream = streamHandler(realtime(parlorOf('stream'), limits), managementApi(world.gateway.endpoint));
    world.http = await httpHandler(parlorOf('http'));
    world.timer = timerHandler(parlorOf('timer'));
  });
  afterAll(async () => {
    await world.gateway?.close();
    for (const c of clients) c.destroy();
  });
  world.commitRecords = async (gameId, after = 0) => {
    const r = await db.client.send(
      new QueryCommand({ TableName: db.tableName, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': { S: gamePk(gameId) } }, ConsistentRead: true }),
    );
    return (r.Items ?? [])
      .filter((item) => Number(item.version?.N) > after)
      .map((item: Record<string, AttributeValue>) => ({
        eventID: String(++sequence),
        eventName: 'INSERT',
        eventSource: 'aws:dynamodb',
        awsRegion: 'local',
        dynamodb: { Keys: { pk: item.pk!, sk: item.sk! } as any, NewImage: item as any, SequenceNumber: String(sequence), StreamViewType: 'NEW_IMAGE' },
      }));
  };
  world.streamEvent = async (gameId, after) => ({ Records: await world.commitRecords(gameId, after) });
  return world;
}

export const context = { functionName: 'test', awsRequestId: 'req-1', invokedFunctionArn: 'arn:aws:lambda:local:0:function:test', memoryLimitInMB: '512' } as Context;

/** A hand-made HTTP API (payload 2.0) event, as the `$default` stage sends it (no stage prefix in the path). */
export function httpEvent(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): APIGatewayProxyEventV2 {
  const [rawPath, rawQueryString = ''] = path.split('?') as [string, string?];
  return {
    version: '2.0',
    routeKey: '$default',
    rawPath,
    rawQueryString,
    headers: { host: 'api.example.com', ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
    queryStringParameters: rawQueryString ? Object.fromEntries(new URLSearchParams(rawQueryString)) : undefined,
    requestContext: {
      accountId: '0',
      apiId: 'api',
      domainName: 'api.example.com',
      domainPrefix: 'api',
      http: { method, path: rawPath, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'test' },
      requestId: 'r',
      routeKey: '$default',
      stage: '$default',
      time: '',
      timeEpoch: 0,
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    isBase64Encoded: false,
  };
}

/** A hand-made WebSocket route event. */
export function wsEvent(routeKey: '$connect' | '$default' | '$disconnect', connectionId: string, body?: unknown, headers?: Record<string, string>): WebSocketEvent {
  return {
    requestContext: { routeKey, connectionId, domainName: 'ws.example.com', stage: STAGE },
    headers,
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  };
}

/**
 * Every DynamoDB action the handlers call is one their role grants (the stack grants TABLE_ACTIONS and the modules' needs).
 * It drives each handler itself — a game created, joined and played over HTTP, a subscriber's
 * whole WebSocket life, the commits streamed — so it sees real calls even when it runs alone;
 * whatever the file's earlier tests called is checked too.
 */
export async function expectOnlyGrantedActions(world: AwsWorld): Promise<void> {
  const MOVE = 'mutation($id: ID!, $move: JSON!) { submitMove(gameId: $id, move: $move) { game { version } } }';
  const { id, tokens } = await createAndSeat((q, v, t) => gql(world, q, v, t), { game: 'high-card', seats: 2 });
  const connection = `least-privilege-${id}`;
  await world.ws(wsEvent('$connect', connection, undefined, { 'Sec-WebSocket-Protocol': 'graphql-transport-ws' }));
  await world.ws(wsEvent('$default', connection, { type: 'connection_init', payload: { authorization: `Bearer ${tokens[0]}` } }));
  await world.ws(wsEvent('$default', connection, { id: 's', type: 'subscribe', payload: { query: 'subscription($id: ID!) { gameUpdated(gameId: $id) { version } }', variables: { id } } }));
  expect((await gql(world, MOVE, { id, move: { type: 'choose', swap: true } }, tokens[1])).errors).toBeUndefined();
  expect(await world.stream(await world.streamEvent(id))).toEqual({ batchItemFailures: [] });
  // A deadline that fires late (the game moved on since version 1) changes nothing; the minute's outbox run.
  expect(await world.timer({ kind: 'timeout', gameId: id, seat: 0, version: 1, deadline: new Date(0).toISOString(), at: 0 })).toEqual({ changed: false });
  expect(await world.timer({ outbox: true })).toEqual({ sent: 0, digests: 0 });
  await world.exportRun(new Date(0).toISOString());
  await world.ws(wsEvent('$default', connection, { id: 's', type: 'complete' }));
  await world.ws(wsEvent('$disconnect', connection));
  expect(world.gateway.messages(connection).map((m) => m.type)).toEqual(['connection_ack', 'next', 'next']);
  for (const name of Object.keys(TABLE_ACTIONS) as HandlerName[]) {
    const granted = new Set<string>(tableActionsOf(name, TABLE_ACTIONS, MODULES));
    expect(world.used[name].size, `${name} called DynamoDB`).toBeGreaterThan(0);
    expect([...world.used[name]].filter((a) => !granted.has(a)), `${name} called actions its role lacks`).toEqual([]);
    if (!OWNER_INDEX_READERS.includes(name)) expect([...world.indexes[name]], `${name} queried an index its role lacks`).toEqual([]);
  }
}

/** GraphQL over the http handler. */
export async function gql(world: AwsWorld, query: string, variables?: Record<string, unknown>, token?: string): Promise<any> {
  const res = await world.http(httpEvent('POST', '/graphql', { query, variables }, token ? { authorization: `Bearer ${token}` } : {}), context);
  return JSON.parse(res.body);
}

/** A toy game with every seat taken: its id and the seat tokens. */
export const newGame = (world: AwsWorld, seats = 2, seed?: string): Promise<SeatedGame> => createAndSeat(world.parlor.service, { game: 'high-card', seats, seed });
