/**
 * One client cannot take every seat (issue 26 finding 8): seats taken per client address are
 * limited per minute, whatever the spelling (anonymous, distinct joinKeys, fresh registered
 * players, GraphQL or REST), and a creator may require registered players (`requireRegistered`):
 * an anonymous join is then FORBIDDEN and changes nothing.
 */
import { describe, expect, it } from 'vitest';
import { highCard } from '../kit/high-card.js';
import { registerPlayer } from '../kit/players.js';
import { useServer } from '../kit/server.js';

const JOIN = 'mutation($id: ID!, $n: String!, $k: ID) { joinGame(gameId: $id, name: $n, joinKey: $k) { seat } }';

describe('requireRegistered', () => {
  const server = useServer({ games: [highCard] });

  it('refuses an anonymous seat with FORBIDDEN and writes nothing; a registered player takes it (GraphQL)', async () => {
    const created = await server.gql('mutation { createGame(input: { game: "high-card", seats: 2, requireRegistered: true }) { game { id version requireRegistered } } }');
    const { id, version, requireRegistered } = created.data.createGame.game;
    expect(requireRegistered).toBe(true);
    const anonymous = await server.gql(JOIN, { id, n: 'Anon' });
    expect(anonymous.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const keyed = await server.gql(JOIN, { id, n: 'Anon', k: 'a-long-random-join-key-0001' });
    expect(keyed.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await server.gql('query($id: ID!) { game(id: $id) { version } }', { id })).data.game.version).toBe(version);
    const ada = await registerPlayer(server, 'Ada');
    expect((await server.gql(JOIN, { id, n: 'Ada' }, ada.token)).data.joinGame.seat).toBe(0);
  });

  it('is the same over REST: the setting at creation, the refusal at join, the field on the game', async () => {
    const created = await server.rest('POST', '/v1/games', { game: 'high-card', seats: 2, requireRegistered: true });
    expect(created.status).toBe(201);
    expect(created.body.requireRegistered).toBe(true);
    const refused = await server.rest('POST', `/v1/games/${created.body.id}/join`, { name: 'Anon' });
    expect([refused.status, refused.body.error.code]).toEqual([403, 'FORBIDDEN']);
    const open = await server.rest('POST', '/v1/games', { game: 'high-card', seats: 2 });
    expect(open.body.requireRegistered).toBe(false);
    expect((await server.rest('POST', `/v1/games/${open.body.id}/join`, { name: 'Anon' })).status).toBe(200);
  });
});

describe('seats taken per client address', () => {
  const server = useServer({ games: [highCard], limits: { joinsPerMinute: 4 } });

  it('refuses the join past the allowance with 429 RATE_LIMITED, however it is spelled, and takes no seat', async () => {
    const games: string[] = [];
    for (let i = 0; i < 4; i++) games.push((await server.gql('mutation { createGame(input: { game: "high-card", seats: 2 }) { game { id } } }')).data.createGame.game.id);
    const [g0, g1, g2, g3] = games as [string, string, string, string];
    const fresh = await registerPlayer(server, 'Fresh');
    const outcomes = [
      (await server.gql(JOIN, { id: g0, n: 'A' })).errors?.[0]?.extensions?.code ?? 'OK',
      (await server.gql(JOIN, { id: g0, n: 'B', k: 'a-long-random-join-key-0002' })).errors?.[0]?.extensions?.code ?? 'OK',
      (await server.gql(JOIN, { id: g1, n: 'Fresh' }, fresh.token)).errors?.[0]?.extensions?.code ?? 'OK',
      (await server.rest('POST', `/v1/games/${g1}/join`, { name: 'C' })).status,
      // Over the allowance: each spelling is refused.
      (await server.gql(JOIN, { id: g2, n: 'D' })).errors?.[0]?.extensions?.code,
      (await server.gql(JOIN, { id: g2, n: 'E', k: 'a-long-random-join-key-0003' })).errors?.[0]?.extensions?.code,
      (await server.gql(JOIN, { id: g3, n: 'Fresh' }, (await registerPlayer(server, 'Fresher')).token)).errors?.[0]?.extensions?.code,
      (await server.rest('POST', `/v1/games/${g3}/join?x=1`, { name: 'F' })).status,
    ];
    expect(outcomes).toEqual(['OK', 'OK', 'OK', 200, 'RATE_LIMITED', 'RATE_LIMITED', 'RATE_LIMITED', 429]);
    for (const id of [g2, g3]) expect((await server.gql('query($id: ID!) { game(id: $id) { players { name } } }', { id })).data.game.players).toEqual([]);
  });
});
