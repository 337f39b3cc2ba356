/**
 * One player, or one anonymous client, holds at most `seatsInOpenGames` seats in games not yet
 * started (issue 26 finding 8, per player): past it a join is refused with TOO_MANY_OPEN_SEATS
 * (GraphQL and REST, 429) and changes nothing, however it is spelled (distinct joinKeys, many
 * games); a game that starts gives its seats back; the count survives a restart.
 */
import { createHash } from 'node:crypto';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { documentClient } from '../../services/store/document-client.js';
import { createLocalParlor } from '../../services/local.js';
import { useEmbeddedDynamo } from '../kit/dynamo.js';
import { highCard } from '../kit/high-card.js';
import { registerPlayer } from '../kit/players.js';
import { useServer, type GraphQLResponse, type TestServer } from '../kit/server.js';

const JOIN = 'mutation($id: ID!, $n: String!, $k: ID) { joinGame(gameId: $id, name: $n, joinKey: $k) { seat token } }';
const create = async (server: Pick<TestServer, 'gql'>, seats = 3): Promise<string> => (await server.gql('mutation($s: Int!) { createGame(input: { game: "high-card", seats: $s }) { game { id } } }', { s: seats })).data.createGame.game.id;
const codeOf = (r: { errors?: { extensions?: { code?: string } }[] }) => r.errors?.[0]?.extensions?.code ?? 'OK';
const players = async (server: TestServer, id: string) => (await server.gql('query($id: ID!) { game(id: $id) { players { name } } }', { id })).data.game.players.length;

describe('seats in open games, per anonymous client', () => {
  const server = useServer({ games: [highCard], limits: { seatsInOpenGames: 3 } });

  it('refuses the seat past the cap with TOO_MANY_OPEN_SEATS however it is spelled, takes none, and frees the seats of a game that starts', async () => {
    const [g0, g1, g2, g3] = [await create(server), await create(server), await create(server), await create(server)] as [string, string, string, string];
    const first = await server.gql(JOIN, { id: g0, n: 'A', k: 'a-long-random-join-key-0001' });
    expect(codeOf(first)).toBe('OK');
    expect(codeOf(await server.gql(JOIN, { id: g1, n: 'B', k: 'a-long-random-join-key-0002' }))).toBe('OK');
    expect((await server.rest('POST', `/v1/games/${g2}/join`, { name: 'C' })).status).toBe(200);
    // Three seats held: a fourth is refused, anonymous, keyed or over REST, and writes nothing.
    expect(codeOf(await server.gql(JOIN, { id: g3, n: 'D' }))).toBe('TOO_MANY_OPEN_SEATS');
    expect(codeOf(await server.gql(JOIN, { id: g3, n: 'E', k: 'a-long-random-join-key-0003' }))).toBe('TOO_MANY_OPEN_SEATS');
    const rest = await server.rest('POST', `/v1/games/${g3}/join`, { name: 'F' });
    expect([rest.status, rest.body.error.code]).toEqual([429, 'TOO_MANY_OPEN_SEATS']);
    expect(await players(server, g3)).toBe(0);
    // A retried join with its key is not a new seat: it still gets its answer.
    const retried = await server.gql(JOIN, { id: g0, n: 'A', k: 'a-long-random-join-key-0001' });
    expect(retried.data.joinGame).toEqual(first.data.joinGame);
    // Registered players (counted for themselves, not for the address) fill g0: it starts, and its seat is given back.
    for (const name of ['Ada', 'Bea']) expect(codeOf(await server.gql(JOIN, { id: g0, n: name }, (await registerPlayer(server, name)).token))).toBe('OK');
    expect(codeOf(await server.gql(JOIN, { id: g3, n: 'D' }))).toBe('OK');
    expect(codeOf(await server.gql(JOIN, { id: g3, n: 'G' }))).toBe('TOO_MANY_OPEN_SEATS');
  });

  it('an anonymous IPv6 client is its /64: three addresses of one /64 hold three seats, not three each', async () => {
    const join = async (address: string, id: string) => codeOf((await server.app.inject({ method: 'POST', url: '/graphql', remoteAddress: address, payload: { query: JOIN, variables: { id, n: 'V6' } } })).json());
    const games = [await create(server), await create(server), await create(server), await create(server)];
    expect([await join('2001:db8:9:9::1', games[0]!), await join('2001:db8:9:9::2', games[1]!), await join('2001:db8:9:9:ab::3', games[2]!), await join('2001:db8:9:9::4', games[3]!)]).toEqual(['OK', 'OK', 'OK', 'TOO_MANY_OPEN_SEATS']);
    expect(await join('2001:db8:9:a::1', games[3]!)).toBe('OK');
  });

  it('keeps each holder under a hash keyed by the deployment secret: not the address, nor its plain hash (every IPv4 address could be tried)', async () => {
    const items = ((await documentClient(server.client).send(new ScanCommand({ TableName: 'parlor' }))).Items ?? []).filter((i) => /^(SEATS|OPENSEATS)#/.test(String(i.pk)));
    const holders = items.filter((i) => String(i.pk).startsWith('SEATS#')).map((i) => String(i.pk).slice('SEATS#'.length));
    expect(holders.length).toBeGreaterThanOrEqual(3);
    expect(JSON.stringify(items)).not.toMatch(/127\.0\.0|2001:db8/);
    // The holders this file's requests were (127.0.0.1 as the kit calls, and the two /64s): no item is their plain hash.
    const plain = ['client:127.0.0.1', 'client:2001:db8:9:9::/64', 'client:2001:db8:9:a::/64'].map((h) => createHash('sha256').update(h).digest('base64url'));
    for (const k of holders) for (const p of plain) expect(p.startsWith(k)).toBe(false);
  });
});

describe('seats in open games, per registered player', () => {
  const server = useServer({ games: [highCard], limits: { seatsInOpenGames: 2 } });

  it('counts a player’s seats wherever they join from; another player is not held back by them', async () => {
    const ada = await registerPlayer(server, 'Ada');
    for (let i = 0; i < 2; i++) expect(codeOf(await server.gql(JOIN, { id: await create(server), n: 'Ada' }, ada.token))).toBe('OK');
    const g = await create(server);
    expect(codeOf(await server.gql(JOIN, { id: g, n: 'Ada' }, ada.token))).toBe('TOO_MANY_OPEN_SEATS');
    const rest = await server.rest('POST', `/v1/games/${g}/join`, { name: 'Ada' }, ada.token);
    expect([rest.status, rest.body.error.code]).toEqual([429, 'TOO_MANY_OPEN_SEATS']);
    expect(codeOf(await server.gql(JOIN, { id: g, n: 'Bea' }, (await registerPlayer(server, 'Bea')).token))).toBe('OK');
  });
});

describe('seats in open games across a restart', () => {
  const db = useEmbeddedDynamo();

  const start = async () => {
    const parlor = await createLocalParlor({ client: db.client, tableName: db.tableName, games: [highCard], signingSecret: 's', limits: { seatsInOpenGames: 1 } });
    const url = await parlor.app.listen({ port: 0, host: '127.0.0.1' });
    const gql = async (query: string, variables?: Record<string, unknown>) => (await fetch(`${url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query, variables }) })).json() as Promise<GraphQLResponse>;
    return { parlor, gql };
  };

  it('still holds the seats taken before the server stopped', async () => {
    const first = await start();
    expect(codeOf(await first.gql(JOIN, { id: await create(first), n: 'A' }))).toBe('OK');
    await first.parlor.app.close();
    const second = await start();
    expect(codeOf(await second.gql(JOIN, { id: await create(second), n: 'B' }))).toBe('TOO_MANY_OPEN_SEATS');
    await second.parlor.app.close();
  });
});
