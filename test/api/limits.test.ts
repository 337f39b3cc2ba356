/**
 * Every door has a limit: the black-box probe's findings (issue 13 §2), each through a real
 * HTTP server, with limits small enough to reach in a test.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { highCard } from '../kit/high-card.js';
import { useServer, type GraphQLResponse, type TestServer } from '../kit/server.js';

const code = (r: GraphQLResponse) => r.errors?.[0]?.extensions?.code;
const CREATE = `mutation($input: CreateGameInput!) { createGame(input: $input) { game { id version seedFixed } } }`;
const JOIN = `mutation($id: ID!, $name: String!, $key: ID) { joinGame(gameId: $id, name: $name, joinKey: $key) { seat token game { version } } }`;
const GET = `query($id: ID!) { game(id: $id) { version players { name } } }`;

async function create(server: TestServer, input: Record<string, unknown> = { game: 'high-card', seats: 2 }): Promise<string> {
  const r = await server.gql(CREATE, { input });
  if (!r.data) throw new Error(JSON.stringify(r.errors));
  return r.data.createGame.game.id;
}

const server = useServer({ games: [highCard], limits: { maxAliases: 10, maxDepth: 6, maxCost: 400, maxQueryChars: 4000, devTools: true } }); // introspection on: a deep introspection query meets the depth limit

describe('query cost, depth, aliases and size are refused before execution', () => {
  it('an alias bomb (4,000 aliases of `game`, 200 KB) is refused with BAD_INPUT before execution and /health still answers', async () => {
    const id = await create(server);
    const bomb = `{ ${Array.from({ length: 4000 }, (_, i) => `g${i}: game(id: "${id}") { id }`).join(' ')} }`;
    const started = Date.now();
    const answers = await Promise.all([0, 1, 2].map(() => fetch(`${server.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: bomb }) })));
    const health = Date.now();
    expect((await fetch(`${server.url}/health`)).status).toBe(200);
    const healthMs = Date.now() - health;
    for (const a of answers) {
      const body = (await a.json()) as GraphQLResponse;
      expect(code(body)).toBe('BAD_INPUT');
      expect(body.data ?? null).toBeNull(); // refused before execution: nothing was resolved
    }
    // Times are printed, not asserted (a loaded machine's clock is noise; bench/ measures speed).
    console.log(`alias bomb: /health answered in ${healthMs} ms, the three bombs refused in ${Date.now() - started} ms`);
  });

  it('more aliases than allowed, even in a small query, are refused', async () => {
    const id = await create(server);
    const r = await server.gql(`{ ${Array.from({ length: 11 }, (_, i) => `g${i}: game(id: "${id}") { id }`).join(' ')} }`);
    expect(code(r)).toBe('BAD_INPUT');
    expect(r.errors?.[0]?.message).toContain('aliases');
    expect(r.data ?? null).toBeNull();
  });

  it('a query over the cost limit is refused (fragments spread many times count every time)', async () => {
    const id = await create(server);
    // 10 aliases (allowed), each with the history (cost 100): 1,000 > 400.
    const r = await server.gql(`{ ${Array.from({ length: 10 }, (_, i) => `g${i}: game(id: "${id}") { history { version } }`).join(' ')} }`);
    expect(code(r)).toBe('BAD_INPUT');
    expect(r.errors?.[0]?.message).toMatch(/cost \d+ is over the limit of 400/);
  });

  it('the cost limit still holds for a query string sent again (its parsed document comes from the cache)', async () => {
    const id = await create(server);
    const query = `query($id: ID!) { ${Array.from({ length: 5 }, (_, i) => `g${i}: game(id: $id) { history { version } }`).join(' ')} }`;
    for (let i = 0; i < 3; i++) expect((await server.gql(query, { id })).errors?.[0]?.message).toMatch(/cost 5\d\d is over the limit of 400/);
  });

  it('a document of several named operations runs the one operationName names, costed alone (and a dear one stays refused)', async () => {
    const id = await create(server);
    const document = `query Cheap($id: ID!) { game(id: $id) { version } } query Dear($id: ID!) { ${Array.from({ length: 5 }, (_, i) => `g${i}: game(id: $id) { history { version } }`).join(' ')} } query Types { gameTypes { id } }`;
    const post = async (operationName: string, variables: object) =>
      (await (await fetch(`${server.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: document, operationName, variables }) })).json()) as GraphQLResponse;
    // Cheap needs $id, Types none: each runs with only its own variables.
    expect((await post('Types', {})).errors).toBeUndefined();
    expect((await post('Cheap', { id })).errors).toBeUndefined();
    // The same (cached) document, naming its dear operation: refused on cost, every time.
    for (let i = 0; i < 2; i++) expect((await post('Dear', { id })).errors?.[0]?.message).toMatch(/cost 5\d\d is over the limit of 400/);
  });

  it('a query whose cost a variable decides (@include) is costed with each request’s variables', async () => {
    const id = await create(server);
    const query = `query($id: ID!, $all: Boolean!) { a: game(id: $id) { version } ${Array.from({ length: 5 }, (_, i) => `g${i}: game(id: $id) @include(if: $all) { history { version } }`).join(' ')} }`;
    expect((await server.gql(query, { id, all: false })).errors).toBeUndefined();
    expect(code(await server.gql(query, { id, all: true }))).toBe('BAD_INPUT');
    expect((await server.gql(query, { id, all: false })).data.a.version).toBeGreaterThan(0);
  });

  it('a query nested deeper than the limit is refused', async () => {
    const r = await server.gql('{ gameTypes { names { en } seats { min } options { name } } lobby { edges { node { gameId } } pageInfo { hasNextPage } } }');
    expect(r.errors).toBeUndefined();
    const deep = await server.gql(`query($id: ID!) { game(id: $id) { status { result { scores } } } }`.replace('scores', 'scores __typename'), { id: 'x' });
    expect(code(deep)).not.toBe('BAD_INPUT'); // depth 4 is fine (NOT_FOUND: no such game)
    const tooDeep = await server.gql(`{ __schema { types { fields { type { ${'ofType { '.repeat(4)}name${' }'.repeat(4)} } } } } }`);
    expect(code(tooDeep)).toBe('BAD_INPUT');
    expect(tooDeep.errors?.[0]?.message).toMatch(/depth/);
  });

  it('a document longer than the limit is refused before it is parsed', async () => {
    const r = await server.gql(`{ gameTypes { id } } # ${'x'.repeat(5000)}`);
    expect(code(r)).toBe('BAD_INPUT');
    expect(r.errors?.[0]?.message).toContain('at most 4000 characters');
  });

  it('distinct large queries do not make the server keep memory (parsed-document caches are bounded)', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const heap = () => (gc(), gc(), process.memoryUsage().heapUsed);
    const before = heap();
    // Each document parses to an AST of ~20,000 fields; a cache keeping them held ~6 MB each.
    for (let q = 0; q < 40; q++) {
      const r = await server.gql(`{ ${Array.from({ length: 20_000 }, (_, i) => `f${q}_${i}`).join(' ')} }`);
      expect(code(r)).toBe('BAD_INPUT');
    }
    const grown = heap() - before;
    expect(grown).toBeLessThan(30 * 1024 * 1024);
  });
});

describe('mutations per request, and seats', () => {
  it('two joinGame in one request are refused and take no seat', async () => {
    const id = await create(server);
    const r = await server.gql(`mutation { a: joinGame(gameId: "${id}", name: "a") { token } b: joinGame(gameId: "${id}", name: "b") { token } }`);
    expect(code(r)).toBe('BAD_INPUT');
    expect(r.errors?.[0]?.message).toContain('one mutation per request');
    expect((await server.gql(GET, { id })).data.game).toEqual({ version: 1, players: [] });
  });

  it('two createGame in one request are refused', async () => {
    const r = await server.gql(`mutation { a: createGame(input: { game: "high-card", seats: 2 }) { game { id } } b: createGame(input: { game: "high-card", seats: 2 }) { game { id } } }`);
    expect(code(r)).toBe('BAD_INPUT');
  });

  it('an anonymous join retried with the same joinKey gets the same seat and token, and takes no other seat', async () => {
    const id = await create(server);
    const key = 'b5a3f0a2-6c1e-4f57-9d61-0c7e6f1a2b3c';
    const first = (await server.gql(JOIN, { id, name: 'ann', key })).data.joinGame;
    const retry = (await server.gql(JOIN, { id, name: 'ann', key })).data.joinGame;
    expect(retry).toEqual(first);
    expect(first.seat).toBe(0);
    const other = (await server.gql(JOIN, { id, name: 'bob', key: 'another-key-of-16-characters-or-more' })).data.joinGame;
    expect(other.seat).toBe(1);
    expect((await server.gql(GET, { id })).data.game.players).toEqual([{ name: 'ann' }, { name: 'bob' }]);
    // the recovered token plays
    const me = await server.gql(`query($id: ID!) { game(id: $id) { seat } }`, { id }, retry.token);
    expect(me.data.game.seat).toBe(0);
  });

  it('a joinKey too short to be secret is refused', async () => {
    const id = await create(server);
    expect(code(await server.gql(JOIN, { id, name: 'ann', key: 'short' }))).toBe('BAD_INPUT');
  });

  it('a joinKey of whitespace or control characters is refused (20 spaces, 16 NULs, tabs, a zero-width space inside)', async () => {
    const id = await create(server);
    for (const key of [' '.repeat(20), '\0'.repeat(16), '\t\n\r '.repeat(5), 'b5a3f0a2\u200b6c1e4f579d61'])
      expect(code(await server.gql(JOIN, { id, name: 'ann', key }))).toBe('BAD_INPUT');
    expect((await server.gql(GET, { id })).data.game.players).toEqual([]);
  });
});

describe('fixed seeds are shown, lists come in pages', () => {
  it('the lobby and the game say seedFixed', async () => {
    const id = await create(server, { game: 'high-card', seats: 2, seed: 'i-know-every-deal' });
    const open = await server.gql('{ openGames(type: "high-card") { gameId seedFixed } }');
    expect(open.data.openGames.find((g: { gameId: string }) => g.gameId === id)).toEqual({ gameId: id, seedFixed: true });
    const rest = await server.rest('GET', '/v1/games?type=high-card');
    expect(rest.body.find((g: { gameId: string }) => g.gameId === id)).toMatchObject({ seedFixed: true });
    expect((await server.gql(`query($id: ID!) { game(id: $id) { seedFixed } }`, { id })).data.game.seedFixed).toBe(true);
  });

  it('the lobby pages with first/after and sees every open game once', async () => {
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push(await create(server, { game: 'high-card', seats: 3 }));
    const seen: string[] = [];
    let after: string | null = null;
    for (let pages = 0; pages < 50; pages++) {
      const r: GraphQLResponse = await server.gql(`query($after: String) { lobby(type: "high-card", first: 2, after: $after) { edges { node { gameId } } pageInfo { hasNextPage endCursor } } }`, { after });
      const { edges, pageInfo } = r.data.lobby;
      expect(edges.length).toBeLessThanOrEqual(2);
      seen.push(...edges.map((e: { node: { gameId: string } }) => e.node.gameId));
      if (!pageInfo.hasNextPage) break;
      after = pageInfo.endCursor;
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(expect.arrayContaining(ids));
    expect(code(await server.gql('{ lobby(first: 1000) { edges { cursor } } }'))).toBe('BAD_INPUT');
    const page = await fetch(`${server.url}/v1/games?type=high-card&first=2`);
    expect(((await page.json()) as unknown[]).length).toBe(2);
    expect(page.headers.get('parlor-next-cursor')).toBeTruthy();
  });
});

// WebSocket subscriptions (close codes, the subscription allowance, the query limits on
// subscription documents) are tested on this server and on the Lambda routes alike, in
// test/handlers/graphql-ws.test.ts.
