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

const local = useServer({ games: [highCard] });
const aws = useAws();
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

  it('a refused connection_init gets connection_error UNAUTHENTICATED (as mercurius sends it) and its socket closed', async () => {
    const { id } = await newGame(aws);
    const before = new Set(aws.gateway.closed);
    const sub = subscribe(client(targets[1]!, `${id}.1.forged`), SUB, { id });
    await sub.until(1).catch(() => undefined);
    expect(await nextClosedConnection(before)).toEqual([{ type: 'connection_error', payload: { message: 'invalid seat token', extensions: { code: 'UNAUTHENTICATED' } } }]);
    expect(sub.failure).toBeTruthy();
  });
});

describe('least privilege', () => {
  it('each handler, driven through a whole game, calls only DynamoDB actions its role grants', () => expectOnlyGrantedActions(aws));
});
