/**
 * The REST streams at the server's close (issue #37 follow-up): a stream the client cut while the
 * server was still answering something that feeds it (a join feeding the inbox, a move feeding a
 * game's stream) must not hold `app.close()` up. Each test runs its own server, so that close is
 * the one under test; the wait for it is bounded so a hang fails the test instead of the run.
 */
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { createLocalParlor } from '../../services/local.js';
import { ensureTable, localClient, startEmbeddedDynamo } from '../../services/store/index.js';

const LIMITS = { perClientPerMinute: 1e6, perTokenPerMinute: 1e6, createsPerMinute: 1e6, joinsPerMinute: 1e6, seatsInOpenGames: 1e6, requestsInFlightPerClient: 1e6, requestsInFlight: 1e6 };

async function startServer() {
  const dynamo = await startEmbeddedDynamo();
  const client = localClient(dynamo.endpoint);
  await ensureTable(client, 'parlor');
  const parlor = await createLocalParlor({ client, tableName: 'parlor', limits: LIMITS, bots: { workers: 0 } });
  const url = await parlor.app.listen({ port: 0, host: '127.0.0.1' });
  const rest = async (method: string, path: string, body?: unknown, token?: string) => {
    const res = await fetch(`${url}${path}`, {
      method,
      headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  };
  /** Closes the server, or says it did not within `ms` (a hang is a failure, not a stuck run). */
  const close = async (ms = 10_000): Promise<'closed' | 'hung'> => {
    let timer: NodeJS.Timeout | undefined;
    const hung = new Promise<'hung'>((resolve) => (timer = setTimeout(() => resolve('hung'), ms)));
    const result = await Promise.race([parlor.app.close().then(() => 'closed' as const), hung]);
    clearTimeout(timer);
    if (result === 'hung') parlor.app.server.closeAllConnections(); // let the test's teardown go on
    client.destroy();
    await dynamo.close();
    return result;
  };
  return { ...parlor, url, rest, close };
}

async function registerPlayer(s: Awaited<ReturnType<typeof startServer>>, name: string) {
  const r = await s.rest('POST', '/v1/players', { name });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return { id: r.body.player.id as string, token: r.body.token as string, name };
}

describe('REST streams at close', () => {
  it('an inbox stream cut by its client while a join is being answered does not hold the close up', async () => {
    const s = await startServer();
    const ann = await registerPlayer(s, 'Ann');
    const bob = await registerPlayer(s, 'Bob');
    const abort = new AbortController();
    const res = await fetch(`${s.url}/v1/me/games/stream`, { headers: { authorization: `Bearer ${ann.token}` }, signal: abort.signal });
    expect(res.status).toBe(200);
    const created = (await s.rest('POST', '/v1/games', { game: 'scout', seats: 2 }, ann.token)).body;
    // Both joins sent; the stream cut while they are under way (the second one makes Ann's turn).
    const joins = [s.rest('POST', `/v1/games/${created.id}/join`, { name: ann.name }, ann.token), s.rest('POST', `/v1/games/${created.id}/join`, { name: bob.name }, bob.token)];
    abort.abort();
    await Promise.allSettled(joins);
    expect(await s.close()).toBe('closed');
  });

  it('a connection that never sent a request does not hold the close up', async () => {
    const s = await startServer();
    const { port } = new URL(s.url);
    const quiet = connect(Number(port), '127.0.0.1');
    await new Promise((resolve) => quiet.once('connect', resolve));
    const ended = new Promise((resolve) => quiet.once('close', resolve));
    expect(await s.close()).toBe('closed');
    await ended;
  });

  it("a game's stream cut while a move is answered, and a graphql-ws subscription still open, do not hold the close up", async () => {
    const s = await startServer();
    const created = (await s.rest('POST', '/v1/games', { game: 'scout', seats: 2 })).body;
    const tokens = [(await s.rest('POST', `/v1/games/${created.id}/join`, { name: 'Ann' })).body.token as string, (await s.rest('POST', `/v1/games/${created.id}/join`, { name: 'Bob' })).body.token as string];
    const ws = createClient({ url: s.url.replace('http', 'ws') + '/graphql', webSocketImpl: WebSocket, connectionParams: { authorization: `Bearer ${tokens[0]}` }, retryAttempts: 0, lazy: false, onNonLazyError: () => {} });
    const first = new Promise((resolve) => ws.subscribe({ query: 'subscription($id: ID!) { gameUpdated(gameId: $id) { version } }', variables: { id: created.id } }, { next: resolve, error: resolve, complete: () => {} }));
    const abort = new AbortController();
    const res = await fetch(`${s.url}/v1/games/${created.id}/stream`, { headers: { authorization: `Bearer ${tokens[1]}` }, signal: abort.signal });
    expect(res.status).toBe(200);
    const seen = await Promise.all(tokens.map(async (t) => (await s.rest('GET', `/v1/games/${created.id}`, undefined, t)).body));
    const mover = seen.findIndex((g) => g.legalMoves.length > 0);
    const move = s.rest('POST', `/v1/games/${created.id}/moves`, { move: seen[mover].legalMoves[0] }, tokens[mover]);
    abort.abort();
    expect((await move).status).toBe(200);
    await first;
    expect(await s.close()).toBe('closed');
    await ws.dispose();
  });

  it('a connection whose answer is under way when the close begins ends once that answer is out', async () => {
    const s = await startServer();
    const created = (await s.rest('POST', '/v1/games', { game: 'scout', seats: 2 })).body;
    // The read of the game waits until the close has begun.
    let closing!: () => void;
    let entered!: () => void;
    const begun = new Promise<void>((resolve) => (closing = resolve));
    const reached = new Promise<void>((resolve) => (entered = resolve));
    const load = s.service.load.bind(s.service);
    s.service.load = async (id: string) => {
      entered();
      await begun;
      s.service.load = load;
      return load(id);
    };
    const answer = s.rest('GET', `/v1/games/${created.id}`);
    await reached;
    const closed = s.close();
    closing();
    expect((await answer).status).toBe(200);
    expect(await closed).toBe('closed');
  });
});
