/**
 * The rate limits cannot be spelled around (issue 26 finding 6): the creation limit keys on the
 * route, not the raw URL; the per-token key is the token as the app reads it, not the raw
 * header; 404s and malformed URLs count against the client like any request. Real HTTP server.
 */
import { describe, expect, it } from 'vitest';
import { getFrom } from '../kit/from-address.js';
import { highCard } from '../kit/high-card.js';
import { useServer } from '../kit/server.js';

const JOIN = `mutation($id: ID!, $name: String!) { joinGame(gameId: $id, name: $name) { seat token } }`;

describe('rate limits hold against their spellings', () => {
  const creates = useServer({ games: [highCard], limits: { createsPerMinute: 3 } });
  const tokens = useServer({ games: [highCard], limits: { perTokenPerMinute: 4 } });
  // One server for both per-client tests: each sends from a loopback address of its own, so each has its own count.
  const perClient = useServer({ games: [highCard], limits: { perClientPerMinute: 10 } });

  it('the creation limit counts POST /v1/games?x=1 as /v1/games (keyed on the route, not the URL)', async () => {
    const statuses: number[] = [];
    for (const path of ['/v1/games?x=1', '/v1/games?x=2', '/v1/games', '/v1/games?x=3', '/v1/games?'])
      statuses.push((await creates.rest('POST', path, { game: 'high-card', seats: 2 })).status);
    expect(statuses).toEqual([201, 201, 201, 429, 429]);
  });

  it('the per-token key is the normalised token: scheme case and whitespace buy no fresh allowance', async () => {
    const id = (await tokens.rest('POST', '/v1/games', { game: 'high-card', seats: 2 })).body.id as string;
    const token = (await tokens.gql(JOIN, { id, name: 'ann' })).data.joinGame.token as string;
    const spellings = [`Bearer ${token}`, `bearer ${token}`, `BEARER ${token}`, `Bearer\t${token}`, `bEaReR   ${token}`, `Bearer \t ${token}`];
    const statuses: number[] = [];
    for (const authorization of spellings) statuses.push((await fetch(`${tokens.url}/v1/games/${id}`, { headers: { authorization } })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
  });

  it('404s count against the per-client limit', async () => {
    const from = '127.0.0.2';
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await getFrom(perClient.url, from, `/no-such-route-${i}`)).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(404));
    expect(statuses.slice(10)).toEqual([429, 429]);
    expect((await getFrom(perClient.url, from, '/health')).status).toBe(429);
  });

  it('malformed URLs count against the per-client limit', async () => {
    const from = '127.0.0.3';
    const answers: [number, string][] = [];
    for (let i = 0; i < 12; i++) {
      const res = await getFrom(perClient.url, from, `/v1/games/%E0%A4%A?n=${i}`);
      answers.push([res.status, (JSON.parse(res.text) as { error: { code: string } }).error.code]);
    }
    expect(answers.slice(0, 10)).toEqual(Array(10).fill([400, 'BAD_INPUT']));
    expect(answers.slice(10)).toEqual([
      [429, 'RATE_LIMITED'],
      [429, 'RATE_LIMITED'],
    ]);
    expect((await getFrom(perClient.url, from, '/health')).status).toBe(429);
  });
});
