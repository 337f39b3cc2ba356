/**
 * The HTTP doors: rate limits per client and per token, one error shape for what Fastify
 * refuses itself, security headers, the production switch, and the smaller defects the probe
 * found (issue 13 §2.3 and §2.7), through a real HTTP server and a real WebSocket.
 */
import { describe, expect, it } from 'vitest';
import { highCard } from '../kit/high-card.js';
import { subscribe, useServer, type GraphQLResponse, type TestServer } from '../kit/server.js';

const code = (r: GraphQLResponse) => r.errors?.[0]?.extensions?.code;
const CREATE = `mutation($input: CreateGameInput!) { createGame(input: $input) { game { id } } }`;
const JOIN = `mutation($id: ID!, $name: String!) { joinGame(gameId: $id, name: $name) { seat token } }`;
const MOVE = `mutation($id: ID!, $move: JSON!, $c: ID) { submitMove(gameId: $id, move: $move, commandId: $c) { game { version view { ... on HighCardView { chosen } } } } }`;

async function seated(server: TestServer, seats = 2) {
  const created = await server.gql(CREATE, { input: { game: 'high-card', seats } });
  const id = created.data.createGame.game.id as string;
  const tokens: string[] = [];
  for (let s = 0; s < seats; s++) tokens.push((await server.gql(JOIN, { id, name: `p${s}` })).data.joinGame.token);
  return { id, tokens };
}

describe('rate limits', () => {
  const limited = useServer({ games: [highCard], limits: { perClientPerMinute: 60, perTokenPerMinute: 8, createsPerMinute: 3 } });

  it('a client may create only so many games a minute (GraphQL and REST count together)', async () => {
    const answers = [];
    for (let i = 0; i < 2; i++) answers.push(code(await limited.gql(CREATE, { input: { game: 'high-card', seats: 2 } })) ?? 'OK');
    answers.push((await limited.rest('POST', '/v1/games', { game: 'high-card', seats: 2 })).status === 201 ? 'OK' : 'REFUSED');
    const fourth = await limited.rest('POST', '/v1/games', { game: 'high-card', seats: 2 });
    const fifth = await limited.gql(CREATE, { input: { game: 'high-card', seats: 2 } });
    expect(answers).toEqual(['OK', 'OK', 'OK']);
    expect(fourth).toMatchObject({ status: 429, body: { error: { code: 'RATE_LIMITED' } } });
    expect(code(fifth)).toBe('RATE_LIMITED');
  });

  it('one seat token may make only so many requests a minute', async () => {
    const id = (await limited.gql('{ openGames { gameId } }')).data.openGames[0].gameId;
    const token = (await limited.gql(JOIN, { id, name: 'ann' })).data.joinGame.token;
    const statuses: number[] = [];
    for (let i = 0; i < 9; i++) statuses.push((await limited.rest('GET', `/v1/games/${id}`, undefined, token)).status);
    expect(statuses.slice(0, 8).every((s) => s === 200)).toBe(true);
    expect(statuses[8]).toBe(429);
    expect((await limited.rest('GET', `/v1/games/${id}`)).status).toBe(200); // the client, without the token, still may
  });

  it('one client may make only so many requests a minute', async () => {
    let first429 = -1;
    for (let i = 0; i < 70 && first429 < 0; i++) if ((await fetch(`${limited.url}/health`)).status === 429) first429 = i;
    expect(first429).toBeGreaterThan(0);
    const r = await limited.gql('{ gameTypes { id } }');
    expect(code(r)).toBe('RATE_LIMITED');
  });
});

/**
 * The default server (development tools on): the production switch's other side, and the doors below. One start
 * for both (the same options; its routes compile at start, so the requests before a test change nothing it reads).
 */
const development = useServer({ games: [highCard], limits: { devTools: true } });

describe('production switch', () => {
  const production = useServer({ games: [highCard], limits: { devTools: false } });

  it('GraphiQL, /docs and the whole-schema introspection are off; a type by name answers, without descriptions', async () => {
    expect((await fetch(`${production.url}/graphiql`)).status).toBe(404);
    expect((await fetch(`${production.url}/docs`)).status).toBe(404);
    expect((await fetch(`${production.url}/docs/json`)).status).toBe(404);
    const r = await production.gql('{ __schema { types { name } } }');
    expect(code(r)).toBe('BAD_INPUT');
    // What the web client reads to build its selections: a type by name, without descriptions.
    expect((await production.gql('{ __type(name: "GameType") { name fields { name } } }')).data.__type.fields.map((f: { name: string }) => f.name)).toContain('id');
    expect(code(await production.gql('{ __type(name: "GameType") { description } }'))).toBe('BAD_INPUT');
    expect(code(await production.gql('{ __type(name: "GameType") { fields { name description } } }'))).toBe('BAD_INPUT');
    expect((await development.gql('{ __type(name: "GameType") { fields { description } } }')).data.__type.fields.some((f: { description: string | null }) => f.description)).toBe(true);
    expect((await production.gql('{ gameTypes { id } }')).data.gameTypes).toEqual([{ id: 'high-card' }]);
  });

  it('route schemas compiled at their first request refuse and shape exactly as at start', async () => {
    const refusals = [];
    for (const target of [production, development, production]) refusals.push(await target.rest('POST', '/v1/games', { game: 'high-card', seats: '2' }));
    expect([refusals[0]!.status, refusals[0]!.body.error.code]).toEqual([400, 'BAD_INPUT']);
    expect(refusals.map((r) => r.body)).toEqual(Array(3).fill(refusals[1]!.body));
    const [a, b] = (await Promise.all([production, development].map((t) => t.rest('POST', '/v1/games', { game: 'high-card', seats: 2 })))) as { status: number; body: object }[];
    expect([a!.status, Object.keys(a!.body).sort()]).toEqual([b!.status, Object.keys(b!.body).sort()]);
  });
});

describe('doors of the default server', () => {
  const server = development;

  it('answers with security headers', async () => {
    const res = await fetch(`${server.url}/health`);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('strict-transport-security')).toBeTruthy();
  });

  it('sends no CORS headers to other origins unless CORS_ORIGINS allows them', async () => {
    const res = await fetch(`${server.url}/graphql`, { method: 'OPTIONS', headers: { origin: 'https://elsewhere.example', 'access-control-request-method': 'POST' } });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(res.status).toBe(404);
  });

  it('unknown routes and malformed URLs answer { error: { code } }', async () => {
    expect(await server.rest('GET', '/nope')).toEqual({ status: 404, body: { error: { code: 'NOT_FOUND', message: expect.any(String) } } });
    const bad = await fetch(`${server.url}/v1/games/%E0%A4%A`);
    expect({ status: bad.status, body: await bad.json() }).toEqual({ status: 400, body: { error: { code: 'BAD_INPUT', message: 'malformed URL' } } });
  });

  it('a body over the size limit is 413 with BAD_INPUT', async () => {
    const r = await server.rest('POST', '/v1/games', { game: 'high-card', seats: 2, seed: 'x'.repeat(300 * 1024) });
    expect(r).toEqual({ status: 413, body: { error: { code: 'BAD_INPUT', message: expect.any(String) } } });
  });

  it('a subscription sent over POST is BAD_INPUT, not INTERNAL', async () => {
    const r = await server.gql('subscription { gameUpdated(gameId: "x") { id } }');
    expect(code(r)).toBe('BAD_INPUT');
    expect(r.errors?.[0]?.message).toContain('WebSocket');
  });

  it('a token without "Bearer " is refused, not taken as the token', async () => {
    const { id, tokens } = await seated(server);
    const res = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: tokens[0]! },
      body: JSON.stringify({ query: `query($id: ID!) { game(id: $id) { seat } }`, variables: { id } }),
    });
    expect(code((await res.json()) as GraphQLResponse)).toBe('UNAUTHENTICATED');
    expect((await server.rest('GET', `/v1/games/${id}`, undefined, tokens[0])).body.seat).toBe(0);
  });

  it('a move with a field the game does not know is refused, naming the field', async () => {
    const { id, tokens } = await seated(server);
    const r = await server.gql(MOVE, { id, move: { type: 'choose', swap: true, swpa: false } }, tokens[0]);
    expect(code(r)).toBe('BAD_INPUT');
    expect(r.errors?.[0]?.message).toContain('"swpa"');
  });

  it('an option the game does not know is refused, naming it', async () => {
    const r = await server.gql(CREATE, { input: { game: 'high-card', seats: 2, options: { cards: 10, crads: 5 } } });
    expect(code(r)).toBe('BAD_INPUT');
    expect(r.errors?.[0]?.message).toContain('"crads"');
    const rest = await server.rest('POST', '/v1/games', { game: 'high-card', seats: 2, options: { crads: 5 } });
    expect(rest.body.error).toMatchObject({ code: 'BAD_INPUT', message: expect.stringContaining('"crads"') });
  });

  it('a commandId reused with another move is BAD_INPUT and changes nothing', async () => {
    const { id, tokens } = await seated(server, 3);
    await server.gql(MOVE, { id, move: { type: 'choose', swap: false }, c: 'cmd-1' }, tokens[0]);
    const before = (await server.rest('GET', `/v1/games/${id}`)).body.version;
    const reused = await server.gql(MOVE, { id, move: { type: 'choose', swap: true }, c: 'cmd-1' }, tokens[0]);
    expect(code(reused)).toBe('BAD_INPUT');
    expect(reused.errors?.[0]?.message).toContain('cmd-1');
    expect((await server.rest('GET', `/v1/games/${id}`)).body.version).toBe(before);
  });

  it('the depth and cost limits let through the introspection query GraphiQL sends', async () => {
    const { getIntrospectionQuery } = await import('graphql');
    const r = await server.gql(getIntrospectionQuery());
    expect(r.errors).toBeUndefined();
    expect(r.data.__schema.types.length).toBeGreaterThan(10);
  });

  it('GET /graphql without a query says how to ask', async () => {
    const res = await fetch(`${server.url}/graphql`);
    const body = (await res.json()) as GraphQLResponse;
    expect(res.status).toBe(400);
    expect(code(body)).toBe('BAD_INPUT');
    expect(body.errors?.[0]?.message).toMatch(/POST \/graphql/);
  });

  it('GET /v1 lists the REST routes', async () => {
    const r = await server.rest('GET', '/v1');
    expect(r.status).toBe(200);
    expect(r.body.routes).toEqual(expect.arrayContaining(['GET /v1/games', 'POST /v1/games', 'POST /v1/games/:id/join', 'POST /v1/games/:id/moves', 'GET /v1/games/:id']));
  });

  it('serves GraphiQL with its scripts from this server (works offline)', async () => {
    const html = await (await fetch(`${server.url}/graphiql`)).text();
    const sources = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(sources.length).toBeGreaterThan(2);
    for (const src of sources) {
      expect(src).not.toMatch(/^(https?:)?\/\//);
      const asset = await fetch(new URL(src, `${server.url}/graphiql`));
      expect({ src, status: asset.status }).toEqual({ src, status: 200 });
      const text = await asset.text();
      expect(text).not.toMatch(/https:\/\/unpkg\.com/);
    }
  });

  it('a subscriber still hears updates after the limits (the guard does not eat messages)', async () => {
    const { id, tokens } = await seated(server);
    const sub = subscribe(server.ws(tokens[1]), `subscription($id: ID!) { gameUpdated(gameId: $id) { version } }`, { id });
    await sub.until(1);
    await server.gql(MOVE, { id, move: { type: 'choose', swap: false } }, tokens[0]);
    const [, second] = await sub.until(2);
    expect(second?.data.gameUpdated.version).toBe(4);
    sub.dispose();
  });
});

describe('CORS_ORIGINS', () => {
  const allowing = useServer({ games: [highCard], limits: { corsOrigins: ['https://app.example'] } });

  it('an allowed origin gets its preflight answered and its CORS headers; another origin gets none', async () => {
    const preflight = (origin: string) => fetch(`${allowing.url}/graphql`, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST' } });
    const allowed = await preflight('https://app.example');
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://app.example');
    expect((await preflight('https://elsewhere.example')).headers.get('access-control-allow-origin')).toBeNull();
    const post = await fetch(`${allowing.url}/graphql`, { method: 'POST', headers: { origin: 'https://app.example', 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ gameTypes { id } }' }) });
    expect(post.headers.get('access-control-allow-origin')).toBe('https://app.example');
  });
});
