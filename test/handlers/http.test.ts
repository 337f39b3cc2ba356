/**
 * The http handler: hand-made HTTP API v2 events into the same Fastify app, against the
 * embedded DynamoDB.
 */
import './env.js';
import { describe, expect, it } from 'vitest';
import { context, gql, httpEvent, newGame, useAws, expectOnlyGrantedActions } from './kit.js';

const world = useAws();
const call = async (...args: Parameters<typeof httpEvent>) => {
  const res = await world.http(httpEvent(...args), context);
  return { ...res, json: res.body ? JSON.parse(res.body) : null };
};

describe('http handler (API Gateway HTTP API → Fastify)', () => {
  it('answers a GraphQL query', async () => {
    const r = await call('POST', '/graphql', { query: '{ gameTypes { id viewType } }' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/application\/json/);
    expect(r.json).toEqual({ data: { gameTypes: [{ id: 'high-card', viewType: 'HighCardView' }] } });
  });

  it('runs mutations that write to DynamoDB, and reads them back as the token’s seat', async () => {
    const created = await gql(world, 'mutation { createGame(input: { game: "high-card", seats: 2 }) { game { id version } } }');
    const id = created.data.createGame.game.id;
    const joined = await gql(world, 'mutation($id: ID!) { joinGame(gameId: $id, name: "ann") { seat token } }', { id });
    expect(joined.data.joinGame.seat).toBe(0);
    const mine = await gql(world, 'query($id: ID!) { game(id: $id) { version seat players { name } } }', { id }, joined.data.joinGame.token);
    expect(mine.data.game).toEqual({ version: 2, seat: 0, players: [{ name: 'ann' }] });
  });

  it('serves the REST mirror', async () => {
    const { id, tokens } = await newGame(world);
    const r = await call('GET', `/v1/games/${id}`, undefined, { authorization: `Bearer ${tokens[1]}` });
    expect(r.statusCode).toBe(200);
    expect(r.json).toMatchObject({ id, seat: 1, version: 3, status: { phase: 'choose' } });
    const moved = await call('POST', `/v1/games/${id}/moves`, { move: { type: 'choose', swap: false } }, { authorization: `Bearer ${tokens[1]}` });
    expect(moved.statusCode).toBe(200);
    expect(moved.json).toMatchObject({ version: 4 });
    expect((await call('GET', '/v1/game-types')).json.map((g: any) => g.id)).toEqual(['high-card']);
  });

  it('refuses bad input with stable codes', async () => {
    const malformed = await call('POST', '/graphql', { query: '{ game(id: ' });
    expect(malformed.json.errors[0].extensions.code).toBe('BAD_INPUT');
    const notJson = await call('POST', '/v1/games', '{"game": ', {});
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json.error.code).toBe('BAD_INPUT');
    const missing = await call('POST', '/v1/games', { seats: 2 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json.error.code).toBe('BAD_INPUT');
    const unknown = await call('GET', '/v1/games/no-such-game');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json.error.code).toBe('NOT_FOUND');
    const forged = await gql(world, '{ game(id: "x") { id } }', undefined, 'x.0.forged');
    expect(forged.errors[0].extensions.code).toBe('NOT_FOUND');
  });
});

describe('the deployed entry point', () => {
  it('builds itself from its environment (TABLE_NAME, DYNAMODB_ENDPOINT) on first use', async () => {
    // The entry reads the registry's games and the table named in its environment.
    process.env.TABLE_NAME = (world.parlor as any).tableName;
    process.env.DYNAMODB_ENDPOINT = await (world.parlor.client.config.endpoint as any)().then((e: any) => `${e.protocol}//${e.hostname}:${e.port}`);
    const { handler } = await import('../../services/handlers/graphql.js');
    const res = await handler(httpEvent('GET', '/health'), context);
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ ok: true });
    const types = await handler(httpEvent('POST', '/graphql', { query: '{ gameTypes { id } }' }), context);
    expect(JSON.parse(types.body).data.gameTypes.length).toBeGreaterThan(0);
  });
});

describe('least privilege', () => {
  it('each handler, driven through a whole game, calls only DynamoDB actions its role grants', () => expectOnlyGrantedActions(world));
});
