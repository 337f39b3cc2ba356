/**
 * The REST mirror of tournaments (/v1/tournaments) answers as GraphQL does, refuses bad input
 * with a stable code and changes nothing, and is in the OpenAPI document.
 */
import { describe, expect, it } from 'vitest';
import { useServer } from '../kit/server.js';
import { registerPlayer } from '../kit/players.js';

const server = useServer({ limits: { devTools: true } }); // serves /docs/json

describe('REST /v1/tournaments', () => {
  it('create, join, start and read mirror the GraphQL mutations and query', async () => {
    const [ann, bob] = await Promise.all(['Ann', 'Bob'].map((n) => registerPlayer(server, n)));
    const created = await server.rest('POST', '/v1/tournaments', { game: 'scout', seats: 2, rounds: 1, format: 'SWISS', duplicate: false, bots: ['random', 'random'], timeoutBot: 'greedy' }, ann!.token);
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ game: 'scout', seats: 2, roundCount: 1, format: 'SWISS', duplicate: false, status: 'OPEN', creator: ann!.id, timeoutBot: 'greedy' });
    const id = created.body.id;
    expect((await server.rest('POST', `/v1/tournaments/${id}/join`, undefined, bob!.token)).body.entrants.map((e: any) => e.name)).toEqual(['random #1', 'random #2', 'Bob']);
    expect((await server.rest('POST', `/v1/tournaments/${id}/start`, undefined, bob!.token)).body.error.code).toBe('FORBIDDEN'); // not the creator
    expect((await server.rest('POST', `/v1/tournaments/${id}/start`, undefined, ann!.token)).body.error.code).toBe('FORBIDDEN'); // 3 entrants, tables of 2
    await server.rest('POST', `/v1/tournaments/${id}/join`, undefined, ann!.token);
    const started = await server.rest('POST', `/v1/tournaments/${id}/start`, undefined, ann!.token);
    expect(started.body.status).toBe('RUNNING');
    expect(started.body.rounds[0].boards).toHaveLength(4); // without duplicate: a board per game
    const viaGraphql = await server.gql('query($id: ID!) { tournament(id: $id) { id status rounds { boards { seedHash games { id } } } } }', { id });
    const viaRest = await server.rest('GET', `/v1/tournaments/${id}`);
    expect(viaGraphql.data.tournament.rounds[0].boards.map((b: any) => b.seedHash)).toEqual(viaRest.body.rounds[0].boards.map((b: any) => b.seedHash));
    // Its games name the tournament's timeout bot: it takes over a seat whose player times out, resigns or forfeits.
    const gameIds = viaGraphql.data.tournament.rounds[0].boards.flatMap((b: any) => b.games.map((g: any) => g.id));
    for (const gameId of gameIds) expect((await server.gql('query($id: ID!) { game(id: $id) { timeoutBot } }', { id: gameId })).data.game.timeoutBot).toBe('greedy');
    expect((await server.rest('GET', '/v1/tournaments?first=5')).body.map((t: any) => t.id)).toContain(id);
    await server.play.settle(); // the bots' table plays on: let it finish before the table closes
  });

  it('bad input is refused with a stable code and creates nothing', async () => {
    const ann = await registerPlayer(server, 'Cyd');
    const before = (await server.rest('GET', '/v1/tournaments?first=50')).body.length;
    expect((await server.rest('POST', '/v1/tournaments', { game: 'scout', seats: 9, rounds: 1 }, ann.token)).body.error.code).toBe('BAD_INPUT');
    expect((await server.rest('POST', '/v1/tournaments', { game: 'scout', seats: 2, rounds: 99 }, ann.token)).body.error.code).toBe('BAD_INPUT');
    expect((await server.rest('POST', '/v1/tournaments', { game: 'scout', seats: 2, rounds: 1, bots: ['nonsense'] }, ann.token)).body.error.code).toBe('BAD_INPUT');
    expect((await server.rest('POST', '/v1/tournaments', { game: 'scout', seats: 2, rounds: 1, timeoutBot: 'nonsense' }, ann.token)).body.error.code).toBe('BAD_INPUT');
    expect((await server.gql('mutation { createTournament(input: { game: "scout", seats: 2, rounds: 1, timeoutBot: "search:9" }) { id } }', {}, ann.token)).errors?.[0]?.extensions?.code).toBe('BAD_INPUT');
    expect((await server.rest('POST', '/v1/tournaments', { game: 'scout', seats: 2, rounds: 1 })).body.error.code).toBe('UNAUTHENTICATED');
    expect((await server.gql('mutation { createTournament(input: { game: "nope", seats: 2, rounds: 1 }) { id } }', {}, ann.token)).errors?.[0]?.extensions?.code).toBe('BAD_INPUT');
    expect((await server.rest('GET', '/v1/tournaments?first=50')).body.length).toBe(before);
    expect((await server.rest('GET', '/v1/tournaments/no-such-id')).status).toBe(404);
  });

  it("a tournament that names no timeout bot gives its games the server's default, search:1", async () => {
    const ann = await registerPlayer(server, 'Dee');
    const created = await server.gql('mutation { createTournament(input: { game: "scout", seats: 2, rounds: 1 }) { timeoutBot } }', {}, ann.token);
    expect(created.data.createTournament.timeoutBot).toBe('search:1');
  });

  it('OpenAPI documents the tournament routes', async () => {
    const doc = (await server.rest('GET', '/docs/json')).body;
    for (const path of ['/v1/tournaments', '/v1/tournaments/{id}', '/v1/tournaments/{id}/join', '/v1/tournaments/{id}/start']) expect(doc.paths[path], path).toBeDefined();
  });
});
