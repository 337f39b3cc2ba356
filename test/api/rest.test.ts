/** The REST mirror under /v1, through real HTTP, and its OpenAPI document. */
import { describe, expect, it } from 'vitest';
import { highCard } from '../kit/high-card.js';
import { createAndSeat } from '../kit/seat.js';
import { useServer } from '../kit/server.js';

const server = useServer({ games: [highCard], limits: { devTools: true } }); // serves /docs and GraphiQL

describe('REST mirror', () => {
  it('create, join, read, legal moves, move, history — to the end', async () => {
    const created = await server.rest('POST', '/v1/games', { game: 'high-card', seats: 2 });
    expect(created.status).toBe(201);
    const id = created.body.id;
    expect((await server.rest('GET', '/v1/games')).body.map((g: any) => g.gameId)).toContain(id);
    const a = await server.rest('POST', `/v1/games/${id}/join`, { name: 'ann' });
    const b = await server.rest('POST', `/v1/games/${id}/join`, { name: 'bob' });
    expect(a.body).toMatchObject({ seat: 0, game: { seat: 0, version: 2 } });
    const legal = await server.rest('GET', `/v1/games/${id}/legal-moves`, undefined, a.body.token);
    expect(legal.body).toEqual([{ type: 'choose', swap: false }, { type: 'choose', swap: true }]);
    const moved = await server.rest('POST', `/v1/games/${id}/moves`, { move: legal.body[0], expectedVersion: 3 }, a.body.token);
    expect(moved.body).toMatchObject({ version: 4, status: { toMove: [1] } });
    const last = await server.rest('POST', `/v1/games/${id}/moves`, { move: { type: 'choose', swap: true } }, b.body.token);
    expect(last.body.status.over).toBe(true);
    const history = await server.rest('GET', `/v1/games/${id}/history`);
    expect(history.body.map((h: any) => h.version)).toEqual([1, 2, 3, 4, 5]);
    expect(history.body.at(-1).events.at(-1)).toMatchObject({ type: 'GameEnded' });
  });

  it('refusals carry the same codes with HTTP statuses, and change nothing', async () => {
    const { id, tokens } = await createAndSeat(server.service, { game: 'high-card', seats: 2 });
    const a = { token: tokens[0] };
    const cases: [string, string, unknown, string | undefined, number, string][] = [
      ['POST', '/v1/games', { game: 'high-card' }, undefined, 400, 'BAD_INPUT'],
      ['POST', '/v1/games', { game: 'high-card', seats: 1 }, undefined, 400, 'BAD_INPUT'],
      ['POST', `/v1/games/${id}/moves`, { move: { type: 'choose', swap: true } }, undefined, 401, 'UNAUTHENTICATED'],
      ['POST', `/v1/games/${id}/moves`, { move: { type: 'choose', swap: true } }, 'nonsense', 401, 'UNAUTHENTICATED'],
      ['POST', `/v1/games/${id}/join`, { name: 'late' }, undefined, 403, 'FORBIDDEN'],
      ['GET', '/v1/games/unknown', undefined, undefined, 404, 'NOT_FOUND'],
      ['POST', `/v1/games/${id}/moves`, { move: { type: 'pass' } }, a.token, 422, 'ILLEGAL_MOVE'],
      ['POST', `/v1/games/${id}/moves`, { move: { type: 'choose', swap: true }, expectedVersion: 1 }, a.token, 409, 'VERSION_CONFLICT'],
    ];
    for (const [method, path, body, token, status, code] of cases) {
      const r = await server.rest(method, path, body, token);
      expect({ path, status: r.status, code: r.body?.error?.code }).toEqual({ path, status, code });
    }
    expect((await server.rest('GET', `/v1/games/${id}`)).body.version).toBe(3);
  });

  it('takes null optionals as absent, and refuses misspelled or coerced fields instead of guessing', async () => {
    const { id, tokens } = await createAndSeat(server.service, { game: 'high-card', seats: 2 });
    const a = { token: tokens[0] };
    const move = { type: 'choose', swap: true };
    expect((await server.rest('POST', `/v1/games/${id}/moves`, { move, expectedVersoin: 3 }, a.token)).body.error.code).toBe('BAD_INPUT');
    expect((await server.rest('POST', `/v1/games/${id}/moves`, { move, expectedVersion: '3' }, a.token)).body.error.code).toBe('BAD_INPUT');
    expect((await server.rest('POST', `/v1/games/${id}/moves`, { move, commandId: '' }, a.token)).body.error.code).toBe('BAD_INPUT');
    expect((await server.rest('POST', '/v1/games', { game: 'high-card', seats: '2' })).body.error.code).toBe('BAD_INPUT');
    const ok = await server.rest('POST', `/v1/games/${id}/moves`, { move, expectedVersion: null, commandId: null }, a.token);
    expect(ok.status).toBe(200);
    expect(ok.body.version).toBe(4);
  });

  it('an unknown route answers in the same error shape', async () => {
    const r = await server.rest('GET', '/v1/nope');
    expect(r).toEqual({ status: 404, body: { error: { code: 'NOT_FOUND', message: expect.any(String) } } });
  });

  it('publishes OpenAPI at /docs', async () => {
    const doc = await server.rest('GET', '/docs/json');
    expect(doc.status).toBe(200);
    expect(doc.body.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.body.paths)).toEqual(
      expect.arrayContaining(['/v1/game-types', '/v1/games', '/v1/games/{id}', '/v1/games/{id}/join', '/v1/games/{id}/legal-moves', '/v1/games/{id}/moves', '/v1/games/{id}/history']),
    );
  });

  it('serves GraphiQL', async () => {
    const res = await fetch(`${server.url}/graphiql`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('graphiql');
  });
});
