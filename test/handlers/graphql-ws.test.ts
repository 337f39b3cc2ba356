/**
 * A real `graphql-ws` client, the same conversation against the local server (mercurius)
 * and against the Lambda handlers: its socket frames go to the ws handler as $default
 * events, PostToConnection comes back down the socket, and moves reach subscribers through
 * the stream handler fed with the commits' Streams records.
 */
import './env.js';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { highCard } from '../kit/high-card.js';
import { createAndSeat } from '../kit/seat.js';
import { subscribe, useServer } from '../kit/server.js';
import { gql, newGame, useAws, expectOnlyGrantedActions } from './kit.js';

/** Small enough to reach in a test, the same on both servers. */
const limits = { subscriptionsPerSocket: 2, connectionInitMs: 400, maxAliases: 10, maxCost: 400, maxQueryChars: 4000 };
const local = useServer({ games: [highCard], limits });
const aws = useAws({ limits });
beforeAll(() => aws.gateway.carrySockets(aws.ws));

const clients: Client[] = [];
afterAll(async () => {
  for (const c of clients) await c.dispose();
});

const VIEW = 'id version seat status { toMove over } view { ... on HighCardView { hand chosen revealed } } legalMoves';
const SUB = `subscription($id: ID!) { gameUpdated(gameId: $id) { ${VIEW} } }`;
const MOVE = `mutation($id: ID!, $move: JSON!) { submitMove(gameId: $id, move: $move) { game { version } } }`;
const swap = { type: 'choose', swap: false };

interface Target {
  name: string;
  url(): string;
  /** GraphQL over HTTP to this server. */
  gql(query: string, variables?: Record<string, unknown>, token?: string): Promise<{ data?: any; errors?: unknown[] }>;
  newGame(): Promise<{ id: string; tokens: string[] }>;
  /** Plays a move over HTTP; on AWS also delivers the new commit's Streams records. */
  move(id: string, token: string): Promise<void>;
  /** The code of the error that refused a subscription, as it reached the client. */
  refusalCode(sub: ReturnType<typeof subscribe>): Promise<string | undefined>;
  /** Subscribes the server has handled so far (graphql-ws acknowledges none). */
  subscriptions(): number;
}

/**
 * The frames of the next connection the handlers close. graphql-ws clients give up on a
 * connection_error without reading it, and the handler's DeleteConnection may land just after.
 */
async function nextClosedConnection(before: ReadonlySet<string>): Promise<unknown[]> {
  let refused: string | undefined;
  for (let i = 0; i < 200 && !refused; i++, await new Promise((r) => setTimeout(r, 10))) refused = [...aws.gateway.closed].find((c) => !before.has(c));
  return aws.gateway.messages(refused!);
}
let closedBefore = new Set<string>();

const targets: Target[] = [
  {
    name: 'local server (mercurius)',
    url: () => local.url.replace('http', 'ws') + '/graphql',
    gql: (q, v, token) => local.gql(q, v, token),
    newGame: () => createAndSeat(local.gql, { game: 'high-card', seats: 2 }),
    async move(id, token) {
      expect((await local.gql(MOVE, { id, move: swap }, token)).errors).toBeUndefined();
    },
    // mercurius acknowledges the connection and refuses the subscription with a GraphQL error.
    refusalCode: async (sub) => (sub.failure as { extensions?: { code?: string } }[] | null)?.[0]?.extensions?.code,
    subscriptions: () => local.subscriptions,
  },
  {
    name: 'Lambda handlers (API Gateway stand-in)',
    url: () => aws.gateway.endpoint.replace('http', 'ws'),
    gql: (q, v, token) => gql(aws, q, v, token),
    newGame: () => newGame(aws),
    async move(id, token) {
      const before = (await aws.parlor.service.load(id)).version;
      expect((await gql(aws, MOVE, { id, move: swap }, token)).errors).toBeUndefined();
      expect(await aws.stream(await aws.streamEvent(id, before))).toEqual({ batchItemFailures: [] });
    },
    async refusalCode() {
      const [frame] = (await nextClosedConnection(closedBefore)) as { type: string; payload?: { extensions?: { code?: string } } }[];
      return frame?.type === 'connection_error' ? frame.payload?.extensions?.code : undefined;
    },
    subscriptions: () => aws.gateway.subscribesHandled,
  },
];

function client(t: Target, token?: string, pongs?: { n: number }) {
  const c = createClient({
    url: t.url(),
    webSocketImpl: WebSocket,
    connectionParams: token ? { authorization: `Bearer ${token}` } : {},
    retryAttempts: 0,
    keepAlive: pongs ? 50 : 0,
    on: { pong: () => pongs && pongs.n++ },
  });
  clients.push(c);
  return c;
}

/**
 * A raw graphql-transport-ws socket: what a client that breaks the protocol sends. `closed` is
 * why the server closed it, as the client can tell: the close frame's code and reason, or, on
 * AWS (DeleteConnection closes with 1000), the connection_error frame sent just before.
 */
function rawSocket(url: string) {
  const socket = new WebSocket(url, 'graphql-transport-ws');
  const received: any[] = [];
  socket.on('message', (data) => received.push(JSON.parse(String(data))));
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on('close', (code, reason) => {
      const said = received.at(-1)?.type === 'connection_error' ? received.at(-1).payload : undefined;
      resolve(code >= 4000 || !said ? { code, reason: reason.toString() } : { code: said.extensions?.closeCode, reason: said.message });
    }),
  );
  const opened = new Promise<void>((resolve) => socket.on('open', () => resolve()));
  return { socket, received, closed, opened, send: (m: unknown) => socket.send(typeof m === 'string' ? m : JSON.stringify(m)) };
}

async function eventually(done: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
  for (const deadline = Date.now() + timeoutMs; !done(); await new Promise((r) => setTimeout(r, 10))) if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
}

describe.each(targets)('graphql-transport-ws rules on the $name', (t) => {
  it('a socket that sends no connection_init within the init window is closed with 4408; one acknowledged in time stays open', async () => {
    const silent = rawSocket(t.url());
    const acknowledged = rawSocket(t.url());
    await Promise.all([silent.opened, acknowledged.opened]);
    acknowledged.send({ type: 'connection_init', payload: {} });
    await eventually(() => acknowledged.received.some((m) => m.type === 'connection_ack'), 'connection_ack');
    await new Promise((r) => setTimeout(r, limits.connectionInitMs + 100));
    // Locally a timer has closed it by now; on AWS its next frame, even a connection_init, is answered so.
    if (silent.socket.readyState === WebSocket.OPEN) silent.send({ type: 'connection_init', payload: {} });
    expect(await silent.closed).toEqual({ code: 4408, reason: 'Connection initialisation timeout' });
    expect(silent.received.map((m) => m.type)).not.toContain('connection_ack');
    acknowledged.send({ type: 'ping' });
    await eventually(() => acknowledged.received.some((m) => m.type === 'pong'), 'pong');
    expect(acknowledged.socket.readyState).toBe(WebSocket.OPEN);
    acknowledged.socket.close();
  });

  it('subscribe before connection_init closes with 4401 Unauthorized', async () => {
    const { id } = await t.newGame();
    const ws = rawSocket(t.url());
    await ws.opened;
    ws.send({ id: '1', type: 'subscribe', payload: { query: SUB, variables: { id } } });
    expect(await ws.closed).toEqual({ code: 4401, reason: 'Unauthorized' });
    expect(ws.received.filter((m) => m.type === 'next')).toEqual([]);
  });

  it('a second connection_init closes with 4429; a second subscribe with an id in use closes with 4409', async () => {
    const { id } = await t.newGame();
    const twice = rawSocket(t.url());
    await twice.opened;
    twice.send({ type: 'connection_init', payload: {} });
    await eventually(() => twice.received.some((m) => m.type === 'connection_ack'), 'connection_ack');
    twice.send({ type: 'connection_init', payload: {} });
    expect(await twice.closed).toEqual({ code: 4429, reason: 'Too many initialisation requests' });

    const reused = rawSocket(t.url());
    await reused.opened;
    reused.send({ type: 'connection_init', payload: {} });
    await eventually(() => reused.received.some((m) => m.type === 'connection_ack'), 'connection_ack');
    const subscribeAs = (subId: string) => reused.send({ id: subId, type: 'subscribe', payload: { query: SUB, variables: { id } } });
    subscribeAs('same');
    await eventually(() => reused.received.some((m) => m.type === 'next' && m.id === 'same'), 'the first result');
    subscribeAs('same');
    expect(await reused.closed).toEqual({ code: 4409, reason: 'Subscriber for same already exists' });
  });

  it('a non-string authorization or token in connection_init closes with 4400 and says why (not a spectator view)', async () => {
    const cases = [
      [{ authorization: { token: 'x' } }, 'authorization must be a string: "Bearer <token>"'],
      [{ Authorization: ['Bearer x'] }, 'authorization must be a string: "Bearer <token>"'],
      [{ token: 42 }, 'token must be a string'],
    ] as const;
    for (const [payload, reason] of cases) {
      const ws = rawSocket(t.url());
      await ws.opened;
      ws.send({ type: 'connection_init', payload });
      expect(await ws.closed, JSON.stringify(payload)).toEqual({ code: 4400, reason });
    }
  });

  it('a malformed message closes with 4400', async () => {
    const bad = ['not json', '[]', { type: 'dance' }, { type: 'subscribe', id: 'x' }, { type: 'subscribe', payload: { query: SUB } }, { type: 'complete' }, { type: 'connection_init', payload: 'x' }];
    for (const message of bad) {
      const ws = rawSocket(t.url());
      await ws.opened;
      ws.send(message);
      expect(await ws.closed, JSON.stringify(message)).toEqual({ code: 4400, reason: 'Invalid message received' });
    }
  });

  it(`a connection holds at most ${limits.subscriptionsPerSocket} subscriptions: the next is refused with BAD_INPUT, ending one frees its slot`, async () => {
    const { id } = await t.newGame();
    const c = client(t);
    const a = subscribe(c, SUB, { id });
    const b = subscribe(c, SUB, { id });
    await Promise.all([a.until(1), b.until(1)]);
    const over = subscribe(c, SUB, { id });
    await over.until(1).catch(() => undefined);
    expect(over.messages).toEqual([]);
    expect(over.failure).toMatchObject([{ message: `at most ${limits.subscriptionsPerSocket} subscriptions per connection`, extensions: { code: 'BAD_INPUT' } }]);
    a.dispose();
    // Ending one is not acknowledged either: until the server has taken the complete, the next is still refused.
    let next = subscribe(c, SUB, { id });
    for (const deadline = Date.now() + 5000; ; next = subscribe(c, SUB, { id })) {
      await next.until(1).catch(() => undefined);
      if (next.messages.length || Date.now() > deadline) break;
      expect(next.failure).toMatchObject([{ extensions: { code: 'BAD_INPUT' } }]);
    }
    const [first] = await next.until(1);
    expect(first?.data.gameUpdated.version).toBe(3);
    b.dispose();
    next.dispose();
  });

  it('a subscription is held to the query limits (length, aliases, cost), refused with BAD_INPUT before it runs', async () => {
    const { id } = await t.newGame();
    const c = client(t);
    const fields = (n: number, field: string) => Array.from({ length: n }, (_, i) => `f${i}: ${field}`).join(' ');
    const cases: [string, RegExp][] = [
      [`subscription($id: ID!) { gameUpdated(gameId: $id) { version ${' '.repeat(limits.maxQueryChars)} } }`, /^a query has at most 4000 characters$/],
      [`subscription($id: ID!) { gameUpdated(gameId: $id) { ${fields(limits.maxAliases + 1, 'version')} } }`, /^at most 10 aliases per request$/],
      [`subscription($id: ID!) { gameUpdated(gameId: $id) { ${fields(5, 'history { __typename }')} } }`, /^query cost \d+ is over the limit of 400$/],
    ];
    for (const [query, refusal] of cases) {
      const sub = subscribe(c, query, { id });
      await sub.until(1).catch(() => undefined);
      expect(sub.messages, query.slice(0, 80)).toEqual([]);
      const [error] = sub.failure as { message: string; extensions?: { code?: string } }[];
      expect(error?.message).toMatch(refusal);
      expect(error?.extensions?.code).toBe('BAD_INPUT');
    }
  });
});

describe.each(targets)('graphql-ws client against the $name', (t) => {
  it('subscribes as a seat, sees the game now and then each move, as its own seat', async () => {
    const { id, tokens } = await t.newGame();
    const pongs = { n: 0 };
    const mine = subscribe(client(t, tokens[1], pongs), SUB, { id });
    const watcher = subscribe(client(t), SUB, { id });
    const [now] = await mine.until(1);
    await watcher.until(1);
    expect(now!.data.gameUpdated).toMatchObject({ seat: 1, version: 3, status: { toMove: [0, 1] }, view: { chosen: [false, false] } });
    expect(now!.data.gameUpdated.view.hand).toBeTypeOf('number');
    expect(now!.data.gameUpdated.legalMoves).toHaveLength(2);

    await t.move(id, tokens[0]!);
    const [, second] = await mine.until(2);
    const [, seen] = await watcher.until(2);
    expect(second!.data.gameUpdated).toMatchObject({ seat: 1, version: 4, status: { toMove: [1] }, view: { chosen: [true, false], hand: now!.data.gameUpdated.view.hand } });
    expect(seen!.data.gameUpdated).toMatchObject({ seat: null, version: 4, view: { hand: null }, legalMoves: [] });

    // Pings are answered with pongs.
    const deadline = Date.now() + 5000;
    while (pongs.n === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(pongs.n).toBeGreaterThan(0);
    mine.dispose();
    watcher.dispose();
  });

  it("a registered player's token opens the socket and the subscription sees the player's seat", async () => {
    const player = (await t.gql('mutation { registerPlayer(name: "Pat") { token } }')).data.registerPlayer.token as string;
    const id = (await t.gql('mutation { createGame(input: { game: "high-card", seats: 2 }) { game { id } } }')).data.createGame.game.id;
    expect((await t.gql('mutation($id: ID!) { joinGame(gameId: $id, name: "Ann") { seat } }', { id })).errors).toBeUndefined();
    expect((await t.gql('mutation($id: ID!) { joinGame(gameId: $id, name: "Pat") { seat } }', { id }, player)).data.joinGame.seat).toBe(1);
    const mine = subscribe(client(t, player), SUB, { id });
    const [now] = await mine.until(1);
    expect(now!.data.gameUpdated).toMatchObject({ seat: 1, view: { chosen: [false, false] } });
    expect(now!.data.gameUpdated.view.hand).toBeTypeOf('number');
    mine.dispose();
  });

  it("myGames sends a registered player the inbox entry of a game that moved, seen from the player's seat; a spectator is refused", async () => {
    const player = (await t.gql('mutation { registerPlayer(name: "Pat") { token } }')).data.registerPlayer.token as string;
    const id = (await t.gql('mutation { createGame(input: { game: "high-card", seats: 2 }) { game { id } } }')).data.createGame.game.id;
    const ann = (await t.gql('mutation($id: ID!) { joinGame(gameId: $id, name: "Ann") { token } }', { id })).data.joinGame.token as string;
    expect((await t.gql('mutation($id: ID!) { joinGame(gameId: $id, name: "Pat") { seat } }', { id }, player)).data.joinGame.seat).toBe(1);
    const handled = t.subscriptions();
    const feed = subscribe(client(t, player), 'subscription { myGames { gameId seat awaitingMyMove game { id version seat view { ... on HighCardView { hand } } } } }', {});
    await eventually(() => t.subscriptions() > handled, 'the server to take the subscription'); // graphql-ws acknowledges no subscribe
    await t.move(id, ann);
    const [entry] = await feed.until(1);
    expect(entry!.data.myGames).toMatchObject({ gameId: id, seat: 1, awaitingMyMove: true, game: { id, version: 4, seat: 1 } });
    expect(entry!.data.myGames.game.view.hand).toBeTypeOf('number');
    feed.dispose();
    const anon = subscribe(client(t), 'subscription { myGames { gameId } }', {});
    await anon.until(1).catch(() => undefined);
    expect((anon.failure as { extensions?: { code?: string } }[] | null)?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it("gameUpdated serves the play-by-turn fields (clocks, rematch) as the game reads over HTTP", async () => {
    const id = (await t.gql('mutation { createGame(input: { game: "high-card", seats: 2, timeControl: { perMove: "PT1H" } }) { game { id } } }')).data.createGame.game.id;
    for (const name of ['Ann', 'Bob']) expect((await t.gql('mutation($id: ID!, $name: String!) { joinGame(gameId: $id, name: $name) { seat } }', { id, name })).errors).toBeUndefined();
    const FIELDS = 'version clocks { seat remainingMs deadline } rematch rematchOf';
    const sub = subscribe(client(t), `subscription($id: ID!) { gameUpdated(gameId: $id) { ${FIELDS} } }`, { id });
    const [now] = await sub.until(1);
    expect(now!.errors).toBeUndefined();
    expect(now!.data.gameUpdated.clocks).toHaveLength(2);
    expect(now!.data.gameUpdated).toEqual((await t.gql(`query($id: ID!) { game(id: $id) { ${FIELDS} } }`, { id })).data.game);
    sub.dispose();
  });

  it('refuses a forged seat token with UNAUTHENTICATED', async () => {
    const { id } = await t.newGame();
    closedBefore = new Set(aws.gateway.closed);
    const sub = subscribe(client(t, `${id}.0.forged`), SUB, { id });
    await sub.until(1).catch(() => undefined);
    expect(sub.messages.filter((m) => m.data)).toEqual([]);
    expect(await t.refusalCode(sub)).toBe('UNAUTHENTICATED');
  });
});

describe('on the Lambda handlers', () => {
  // mercurius does not validate subscription documents (it answers { gameUpdated: {} } to this one).
  it('a bad operation is an error with its code', async () => {
    const { id } = await newGame(aws);
    const sub = subscribe(client(targets[1]!), 'subscription($id: ID!) { gameUpdated(gameId: $id) { nope } }', { id });
    await sub.until(1).catch(() => undefined);
    expect(JSON.stringify(sub.failure ?? sub.messages)).toContain('BAD_INPUT');
  });

  it('a refused connection_init gets connection_error UNAUTHENTICATED (as mercurius sends it, with close code 4403 Forbidden) and its socket closed', async () => {
    const { id } = await newGame(aws);
    const before = new Set(aws.gateway.closed);
    const sub = subscribe(client(targets[1]!, `${id}.1.forged`), SUB, { id });
    await sub.until(1).catch(() => undefined);
    expect(await nextClosedConnection(before)).toEqual([{ type: 'connection_error', payload: { message: 'invalid seat token', extensions: { code: 'UNAUTHENTICATED', closeCode: 4403 } } }]);
    expect(sub.failure).toBeTruthy();
  });
});

describe('least privilege', () => {
  it('each handler, driven through a whole game, calls only DynamoDB actions its role grants', () => expectOnlyGrantedActions(aws));
});
