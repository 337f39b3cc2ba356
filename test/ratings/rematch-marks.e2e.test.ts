/**
 * A rated rematch is made by its offer and its acceptances, so its seats carry where those
 * requests came from (linked seats, docs/ratings.md), keyed by the new game. It used to copy the
 * old game's given seats (`seated`) with their marks: two accounts that played apart and then
 * offered and accepted from one address were judged as apart, and the two games' marks could be
 * compared (the same values in both). Requests are injected with their client address.
 */
import { describe, expect, it } from 'vitest';
import { linked } from '../../services/app/seat-marks.js';
import { exportedEvent } from '../../services/analytics/record.js';
import { commits, registerPlayer, type Registered } from '../kit/players.js';
import { highCard } from '../kit/high-card.js';
import { useServer } from '../kit/server.js';

// A game of one choice each: the bots that play resigned seats end it at once.
const server = useServer({ games: [highCard], ratedMinMoves: 0 });

const gql = async (address: string, query: string, variables: Record<string, unknown>, token: string) => {
  const r = (await server.app.inject({ method: 'POST', url: '/graphql', remoteAddress: address, headers: { authorization: `Bearer ${token}` }, payload: { query, variables } })).json();
  expect(r.errors).toBeUndefined();
  return r.data;
};
const marksOf = async (gameId: string) => Object.values((await server.service.load(gameId)).app.marks ?? {});

/** Both resign (bots play the game out); `offerer` offers a rematch from its address and `answerer` accepts from its own: the rematch's id. */
async function rematch(gameId: string, offerer: [Registered, string], answerer: [Registered, string]): Promise<string> {
  for (const [p, address] of [offerer, answerer]) await gql(address, 'mutation($id: ID!) { resign(gameId: $id) { id } }', { id: gameId }, p.token);
  for (let i = 0; i < 200 && !(await server.service.load(gameId)).state.ended; i++) await server.play.settle();
  expect((await server.service.load(gameId)).state.ended).toBe(true);
  await gql(offerer[1], 'mutation($id: ID!) { offerRematch(gameId: $id) { id } }', { id: gameId }, offerer[0].token);
  const answered = await gql(answerer[1], 'mutation($id: ID!) { answerRematch(gameId: $id, accept: true) { rematch } }', { id: gameId }, answerer[0].token);
  expect(answered.answerRematch.rematch).toBeTruthy();
  return answered.answerRematch.rematch;
}

describe('a rated rematch carries the marks of the requests that made it', () => {
  it('played apart, rematched from one address: linked; then rematched apart: not; no mark shared between two games', async () => {
    const [a, b] = [await registerPlayer(server, 'Ra'), await registerPlayer(server, 'Rb')];
    const seek = await gql('127.0.0.21', 'mutation($p: ID!) { challengePlayer(player: $p, input: { game: "high-card", seats: 2, rated: true }) { id } }', { p: b.id }, a.token);
    const first = (await gql('127.0.0.22', 'mutation($id: ID!) { acceptSeek(id: $id) { gameId } }', { id: seek.challengePlayer.id }, b.token)).acceptSeek.gameId as string;
    expect(linked(await marksOf(first))).toBe(false);

    const second = await rematch(first, [a, '127.0.0.23'], [b, '127.0.0.23']);
    const again = await server.service.load(second);
    expect(again.app.settings.rated).toBe(true);
    expect(again.app.settings.seated).toBeUndefined();
    expect(linked(await marksOf(second))).toBe(true);

    const third = await rematch(second, [b, '127.0.0.24'], [a, '127.0.0.25']);
    expect(linked(await marksOf(third))).toBe(false);
    // Each game keys its marks as its own: no value of one is found in another.
    const values = await Promise.all([first, second, third].map(async (id) => new Set((await marksOf(id)).flatMap((m) => Object.values(m)))));
    // Each seat an address and a device (its token's): the second game's two seats share their address.
    expect(values.map((v) => v.size)).toEqual([4, 3, 4]);
    for (const [i, j] of [[0, 1], [0, 2], [1, 2]] as const) expect([...values[i]!].filter((v) => values[j]!.has(v))).toEqual([]);
    // The offer's and the acceptance's marks are kept in the old game and shown to no one: not in its history, nor in an export.
    expect(JSON.stringify(await commits(server, first))).toMatch(/"RematchAnswered".*"marks"/);
    const seen = await gql('127.0.0.26', 'query($id: ID!) { game(id: $id) { history { events } } }', { id: first }, a.token);
    expect(JSON.stringify(seen)).toContain('RematchAnswered');
    expect(JSON.stringify(seen)).not.toContain('marks');
    const exported = (await commits(server, first)).flatMap((c) => c.events.map((e) => exportedEvent(e as never)));
    expect(JSON.stringify(exported)).toContain('RematchOffered');
    expect(JSON.stringify(exported)).not.toContain('marks');
  });
});
