/**
 * Parlor as it runs on AWS, in one process, for the capacity model: the http, ws, stream and timer
 * handlers wired as on Lambda (services/handlers/env.ts), each on a counted DynamoDB client, over
 * the embedded DynamoDB in a child process (so this process's CPU time is the handlers' alone)
 * with the table exactly as the CDK stack defines it. Stand-ins: an in-process API Gateway that
 * counts the frames posted to connections, and a webhook receiver on loopback.
 *
 * Every invocation is one at a time and scoped (function, game, phase), so each DynamoDB
 * operation, API Gateway message and webhook delivery is attributed to what caused it.
 */
import './env.js';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { CreateTableCommand, QueryCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { APIGatewayProxyEventV2, Context, DynamoDBStreamEvent } from 'aws-lambda';
import type { AnyGame } from '../../services/engine/core/index.js';
import { fastRng, randomBot } from '../../services/engine/core/index.js';
import { createParlor, type Parlor } from '../../services/handlers/env.js';
import { httpHandler, type HttpHandler } from '../../services/handlers/http.js';
import { streamHandler } from '../../services/handlers/stream.js';
import { wsHandler, type WebSocketEvent } from '../../services/handlers/ws.js';
import { realtime } from '../../services/handlers/ws/realtime.js';
import type { Gateway } from '../../services/handlers/ws/gateway.js';
import { Dispatcher } from '../../services/notifications/dispatcher.js';
import { Outbox } from '../../services/notifications/outbox.js';
import { localClient } from '../../services/store/embedded.js';
import { gamePk, tableDefinition } from '../../services/store/schema.js';
import { resolveLimits } from '../../services/api/limits/settings.js';
import { Meter } from './meter.js';

export type Fn = 'http' | 'ws' | 'stream' | 'timer';
/** What an invocation was for: seating a game, a move, a WebSocket client's own frames, sending webhooks, finding a game (seeks, quick play). */
export type Phase = 'setup' | 'move' | 'ws' | 'delivery' | 'match';

export interface Invocation {
  fn: Fn;
  phase: Phase;
  game: string;
  cpuMs: number;
  wallMs: number;
}

/** A frame API Gateway carried: to a client (PostToConnection) or from one (a route invocation). */
export interface Message {
  direction: 'out' | 'in';
  phase: Phase;
  bytes: number;
}

export const TABLE = 'parlor';
const context = { functionName: 'capacity', awsRequestId: 'capacity', invokedFunctionArn: 'arn:aws:lambda:local:0:function:capacity', memoryLimitInMB: '1769' } as Context;

/**
 * The embedded DynamoDB in a child process; its endpoint. CAPACITY_DYNAMO_SCRIPT: a JavaScript build of
 * dynamo-child.ts to run instead (npm test's bundle: ~0.4 s of CPU to start against ~1.2 s through tsx).
 */
async function dynamoChild(): Promise<{ endpoint: string; child: ChildProcess }> {
  const built = process.env.CAPACITY_DYNAMO_SCRIPT;
  const args = built ? [built] : ['--import', 'tsx', fileURLToPath(new URL('./dynamo-child.ts', import.meta.url))];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  const endpoint = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /^endpoint (\S+)$/m.exec(out);
      if (m) resolve(m[1]!);
    });
    child.once('exit', (code) => reject(new Error(`the embedded DynamoDB exited (${code})`)));
  });
  return { endpoint, child };
}

export class CapacityWorld {
  readonly meter: Meter;
  readonly invocations: Invocation[] = [];
  readonly messages: Message[] = [];
  /** Webhook deliveries the receiver got. */
  deliveries = 0;
  /** CPU ms the stream function spent sending subscribers their updates. */
  fanoutCpuMs = 0;
  /** DynamoDB requests (calls, not items), by function and phase. */
  readonly requests = new Map<string, number>();
  private scope: { fn: Fn; phase: Phase; game: string } | undefined;
  private http!: HttpHandler;
  private ws!: (event: WebSocketEvent) => Promise<unknown>;
  private stream!: ReturnType<typeof streamHandler>;
  private dispatcher!: Dispatcher;
  private oracle!: Parlor;
  private hookUrl = '';
  private receiver!: Server;
  private clients: DynamoDBClient[] = [];
  private connections = 0;
  /** The highest version each game's stream has been handed. */
  private streamed = new Map<string, number>();

  private constructor(
    private readonly child: ChildProcess,
    readonly endpoint: string,
    private readonly games: readonly AnyGame[] | undefined,
  ) {
    const shadow = localClient(endpoint);
    this.clients.push(shadow);
    this.meter = new Meter(tableDefinition(TABLE), shadow);
  }

  static async start(games?: readonly AnyGame[]): Promise<CapacityWorld> {
    const { endpoint, child } = await dynamoChild();
    const world = new CapacityWorld(child, endpoint, games);
    await world.setUp();
    return world;
  }

  /** Whether operations are priced (off: a pass that only times the handlers). */
  metering = true;

  private counted(): DynamoDBClient {
    const client = localClient(this.endpoint);
    this.clients.push(client);
    client.middlewareStack.add(
      (next) => async (args) => {
        const s = this.scope;
        if (s) this.requests.set(`${s.fn}:${s.phase}`, (this.requests.get(`${s.fn}:${s.phase}`) ?? 0) + 1);
        return next(args);
      },
      { step: 'initialize', name: 'capacityRequests' },
    );
    this.meter.attach(client, () => this.metering);
    return client;
  }

  private async setUp(): Promise<void> {
    const admin = localClient(this.endpoint);
    this.clients.push(admin);
    await admin.send(new CreateTableCommand(tableDefinition(TABLE)));
    const secret = randomBytes(32).toString('base64url');
    const signingSecret = async () => secret;
    const parlorOf = () => createParlor({ client: this.counted(), tableName: TABLE, games: this.games, signingSecret });
    this.oracle = createParlor({ client: admin, tableName: TABLE, games: this.games, signingSecret });
    // API Gateway's management API, in process: each post is one message to a client.
    const gateway: Gateway = {
      post: async (_connectionId, data) => {
        const type = (JSON.parse(data) as { type?: string }).type;
        if (type === 'error' || type === 'connection_error') throw new Error(`the ws function refused a client: ${data}`);
        this.messages.push({ direction: 'out', phase: this.scope?.phase ?? 'ws', bytes: Buffer.byteLength(data) });
        return 'sent';
      },
      close: async () => {},
    };
    const limits = resolveLimits({});
    this.ws = wsHandler(realtime(parlorOf(), limits, () => gateway), { endpoint: 'https://ws.capacity.local/prod' });
    const streamRt = realtime(parlorOf(), limits, () => gateway);
    // The fan-out's own CPU, apart from the rest of the batch (one game at a time here, so nothing else runs meanwhile).
    const toSubscribers = streamRt.fanout.toSubscribers.bind(streamRt.fanout);
    streamRt.fanout.toSubscribers = async (...args: Parameters<typeof toSubscribers>) => {
      const cpu = process.cpuUsage();
      try {
        return await toSubscribers(...args);
      } finally {
        const used = process.cpuUsage(cpu);
        this.fanoutCpuMs += (used.user + used.system) / 1000;
      }
    };
    this.stream = streamHandler(streamRt, gateway);
    this.http = await httpHandler(parlorOf());
    const timer = parlorOf();
    // The timer function's outbox run (services/handlers/timer.ts), allowed to reach the loopback receiver.
    this.dispatcher = new Dispatcher(new Outbox(timer.client, TABLE), timer.play.webhooks, { privateAddresses: true, log: { error: () => {} } });
    this.receiver = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        this.deliveries++;
        res.statusCode = 204;
        res.end();
      });
    });
    await new Promise<void>((r) => this.receiver.listen(0, '127.0.0.1', r));
    this.hookUrl = `http://127.0.0.1:${(this.receiver.address() as AddressInfo).port}/hook`;
  }

  /** One Lambda invocation: timed (CPU and wall) and its operations scoped. */
  private async invoke<T>(fn: Fn, phase: Phase, game: string, work: () => Promise<T>): Promise<T> {
    this.scope = { fn, phase, game };
    const cpu = process.cpuUsage();
    const t0 = performance.now();
    try {
      return await this.meter.run({ fn, game, phase }, work);
    } finally {
      const used = process.cpuUsage(cpu);
      this.invocations.push({ fn, phase, game, cpuMs: (used.user + used.system) / 1000, wallMs: performance.now() - t0 });
      this.scope = undefined;
    }
  }

  /** A request from `ip`: each player has an address of their own, as real players do (the app limits requests per address). */
  private async gql(phase: Phase, game: string, ip: string, query: string, variables: Record<string, unknown>, token?: string): Promise<any> {
    const event: APIGatewayProxyEventV2 = {
      version: '2.0',
      routeKey: '$default',
      rawPath: '/graphql',
      rawQueryString: '',
      headers: { host: 'api.capacity.local', 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      requestContext: {
        accountId: '0',
        apiId: 'api',
        domainName: 'api.capacity.local',
        domainPrefix: 'api',
        http: { method: 'POST', path: '/graphql', protocol: 'HTTP/1.1', sourceIp: ip, userAgent: 'capacity' },
        requestId: 'r',
        routeKey: '$default',
        stage: '$default',
        time: '',
        timeEpoch: 0,
      },
      body: JSON.stringify({ query, variables }),
      isBase64Encoded: false,
    };
    const res = await this.invoke('http', phase, game, () => this.http(event, context));
    const body = JSON.parse(res.body);
    if (body.errors) throw new Error(`${query.slice(0, 40)}…: ${JSON.stringify(body.errors)}`);
    return body.data;
  }

  private async frame(phase: Phase, game: string, routeKey: string, connectionId: string, message?: unknown): Promise<void> {
    const body = message === undefined ? undefined : JSON.stringify(message);
    this.messages.push({ direction: 'in', phase, bytes: body ? Buffer.byteLength(body) : 0 });
    await this.invoke('ws', phase, game, () =>
      this.ws({
        requestContext: { routeKey, connectionId, domainName: 'ws.capacity.local', stage: 'prod', connectedAt: Date.now(), requestTimeEpoch: Date.now() },
        headers: routeKey === '$connect' ? { 'Sec-WebSocket-Protocol': 'graphql-transport-ws' } : undefined,
        body,
      }),
    );
  }

  /** DynamoDB Streams hands the stream function the commits since the last batch (one batch: no others are waiting), then the minute's outbox run. */
  private async afterCommit(phase: Phase, label: string, game: string): Promise<void> {
    const after = this.streamed.get(game) ?? 0;
    const r = await this.oracle.client.send(
      new QueryCommand({ TableName: TABLE, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': { S: gamePk(game) } }, ConsistentRead: true }),
    );
    const fresh = (r.Items ?? []).filter((i) => Number(i.version?.N) > after);
    if (fresh.length) {
      const event: DynamoDBStreamEvent = {
        Records: fresh.map((item, n) => ({
          eventID: `${game}-${n}`,
          eventName: 'INSERT',
          eventSource: 'aws:dynamodb',
          awsRegion: 'us-east-1',
          dynamodb: { Keys: { pk: item.pk!, sk: item.sk! } as any, NewImage: item as any, SequenceNumber: `${Date.now()}${n}`, StreamViewType: 'NEW_IMAGE' },
        })),
      };
      this.streamed.set(game, Math.max(...fresh.map((i) => Number(i.version!.N))));
      const out = await this.invoke('stream', phase, label, () => this.stream(event));
      if (out.batchItemFailures.length) throw new Error(`the stream function failed on ${game}`);
    }
    const before = this.deliveries;
    const sent = await this.invoke('timer', 'delivery', label, () => this.dispatcher.sendDue());
    if (this.deliveries - before !== sent) throw new Error(`${sent} deliveries attempted, ${this.deliveries - before} received`);
  }

  /**
   * One game from start to end as its players would play it on AWS: two registered players, each
   * with a webhook for their turn and a WebSocket subscription to the game; every move over HTTP,
   * followed by the stream function's batch and the outbox run. Returns the moves played.
   */
  async playGame(game: string, seats: number, seed: number, maxMoves = Infinity): Promise<{ id: string; moves: number }> {
    // Every operation is labelled with the game it was for, from the players' registration on.
    const label = `g${seed}`;
    const players: { name: string; token: string; ip: string }[] = [];
    for (let s = 0; s < seats; s++) {
      const name = `cap${seed}p${s}`;
      const ip = `198.18.${seed % 256}.${s + 1}`; // the benchmarking range (RFC 2544)
      const r = await this.gql('setup', label, ip, 'mutation($n: String!) { registerPlayer(name: $n) { token } }', { n: name });
      players.push({ name, token: r.registerPlayer.token, ip });
      await this.gql('setup', label, ip, 'mutation($u: String!) { addWebhook(url: $u, events: [YOUR_TURN]) { id } }', { u: this.hookUrl }, r.registerPlayer.token);
    }
    const created = await this.gql('setup', label, players[0]!.ip, 'mutation($i: CreateGameInput!) { createGame(input: $i) { game { id } } }', { i: { game, seats, seed: `capacity-${seed}` } }, players[0]!.token);
    const id = created.createGame.game.id as string;
    await this.afterCommit('setup', label, id);
    const tokens: string[] = [];
    for (const p of players) {
      const j = await this.gql('setup', label, p.ip, 'mutation($id: ID!, $n: String!) { joinGame(gameId: $id, name: $n) { token } }', { id, n: p.name }, p.token);
      tokens.push(j.joinGame.token);
      await this.afterCommit('setup', label, id);
    }
    // Every seat watches the game over the WebSocket API.
    const sockets: string[] = [];
    for (const token of tokens) {
      const c = `cap-${++this.connections}`;
      sockets.push(c);
      await this.frame('ws', label, '$connect', c);
      await this.frame('ws', label, '$default', c, { type: 'connection_init', payload: { authorization: `Bearer ${token}` } });
      await this.frame('ws', label, '$default', c, { id: 'g', type: 'subscribe', payload: { query: 'subscription($id: ID!) { gameUpdated(gameId: $id) { version status { toMove over } legalMoves view { __typename } } }', variables: { id } } });
    }
    const rng = fastRng(seed);
    let moves = 0;
    for (;;) {
      const agg = await this.oracle.service.load(id);
      if (agg.state.ended || moves >= maxMoves) break;
      const toMove = agg.table.status(agg.state).toMove;
      const seat = toMove[rng.int(toMove.length)]!;
      const move = randomBot(agg.table.view(agg.state, seat), agg.table.legalMoves(agg.state, seat), rng);
      await this.gql('move', label, players[seat]!.ip, 'mutation($id: ID!, $move: JSON!) { submitMove(gameId: $id, move: $move) { game { version } } }', { id, move }, tokens[seat]);
      moves++;
      await this.afterCommit('move', label, id);
    }
    for (const c of sockets) await this.frame('ws', label, '$disconnect', c);
    return { id, moves };
  }

  /**
   * Finding a game, for matchmaking's sharded sets: `seeks` seeks each opened by one registered
   * player and accepted by another (it fills and its game starts), then `pairs` pairs of players
   * entering one quick-play pool (the second entry seats both). Over HTTP as on AWS, each player
   * from an address of its own. Labels: `seek<i>` and `pool<i>`, so each one's operations are its own.
   */
  async findGames(seeks: number, pairs: number, seed: number): Promise<void> {
    // Registration is labelled apart: it is no part of finding a game.
    const register = async (_label: string, name: string, ip: string) => ({ ip, token: (await this.gql('match', 'register', ip, 'mutation($n: String!) { registerPlayer(name: $n) { token } }', { n: name })).registerPlayer.token as string });
    const ip = (n: number) => `198.19.${Math.floor(n / 250) % 256}.${(n % 250) + 1}`; // the benchmarking range's second half (RFC 2544)
    for (let i = 0; i < seeks; i++) {
      const label = `seek${i}`;
      const [opener, taker] = [await register(label, `s${seed}o${i}`, ip(2 * i)), await register(label, `s${seed}t${i}`, ip(2 * i + 1))];
      const opened = await this.gql('match', label, opener.ip, 'mutation($i: SeekInput!) { openSeek(input: $i) { id } }', { i: { game: 'scout', seats: 2 } }, opener.token);
      const taken = await this.gql('match', label, taker.ip, 'mutation($id: ID!) { acceptSeek(id: $id) { status gameId } }', { id: opened.openSeek.id }, taker.token);
      if (taken.acceptSeek.status !== 'FILLED') throw new Error(`seek ${opened.openSeek.id} did not fill`);
    }
    for (let i = 0; i < pairs; i++) {
      const label = `pool${i}`;
      const [a, b] = [await register(label, `q${seed}a${i}`, ip(2 * seeks + 2 * i)), await register(label, `q${seed}b${i}`, ip(2 * seeks + 2 * i + 1))];
      const input = { game: 'scout', seats: 2 };
      await this.gql('match', label, a.ip, 'mutation($i: QuickPlayInput!) { playNow(input: $i) { gameId } }', { i: input }, a.token);
      const seated = await this.gql('match', label, b.ip, 'mutation($i: QuickPlayInput!) { playNow(input: $i) { gameId } }', { i: input }, b.token);
      if (!seated.playNow.gameId) throw new Error(`quick-play pair ${i} was not seated`);
    }
  }

  async close(): Promise<void> {
    for (const c of this.clients) c.destroy();
    await new Promise<void>((r) => (this.receiver.close(() => r()), this.receiver.closeAllConnections()));
    this.child.kill();
  }
}
