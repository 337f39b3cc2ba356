/**
 * A rated tournament's tables are rated games like any other, so two throwaway accounts of one
 * person seated at one table must be linked there too (docs/ratings.md, linked seats): each
 * table carries its entrants' entry marks, keyed again by the table (tournaments/service.ts
 * tableSettings). An IPv6 client is its /64 here as at every other door; two accounts on two
 * networks and two devices are not linked. Requests are injected with their client address.
 */
import { describe, expect, it } from 'vitest';
import { linked } from '../../services/app/seat-marks.js';
import { registerPlayer, type Registered } from '../kit/players.js';
import { useServer } from '../kit/server.js';

// Entry limits out of the way: the tables, not the entry, are under test (entry.e2e.test.ts has those).
const server = useServer({ entryRules: { entrantsPerAddress: 10, entrantsPerDevice: 10, ratedMinAccountDays: 0, ratedMinGames: 0 } });

const gql = async (address: string, query: string, variables: Record<string, unknown>, token: string, device?: string) =>
  (await server.app.inject({ method: 'POST', url: '/graphql', remoteAddress: address, headers: { authorization: `Bearer ${token}`, ...(device && { 'parlor-device': device }) }, payload: { query, variables } })).json();

/** A rated two-seat tournament the two enter (each from its address and page device), started: its first table's game (they meet at each). */
async function table(a: [Registered, string, string?], b: [Registered, string, string?]): Promise<string> {
  const created = await gql('127.0.0.1', 'mutation($i: CreateTournamentInput!) { createTournament(input: $i) { id rated } }', { i: { game: 'scout', seats: 2, rounds: 1, rated: true, duplicate: false } }, a[0].token);
  expect(created.data.createTournament.rated).toBe(true);
  const id = created.data.createTournament.id as string;
  for (const [p, address, device] of [a, b]) expect((await gql(address, 'mutation($id: ID!) { joinTournament(id: $id) { status } }', { id }, p.token, device)).errors).toBeUndefined();
  const started = await gql('127.0.0.1', 'mutation($id: ID!) { startTournament(id: $id) { rounds { boards { games { id } } } } }', { id }, a[0].token);
  const games = started.data.startTournament.rounds.flatMap((r: any) => r.boards.flatMap((b: any) => b.games.map((g: { id: string }) => g.id)));
  expect(games.length).toBeGreaterThan(0);
  return games[0];
}

/** The table's human seats' marks, as the ratings judge them (app/seat-marks.ts). */
const marksOf = async (gameId: string) => {
  const agg = await server.service.load(gameId);
  expect(agg.app.settings.rated).toBe(true);
  return Object.values(agg.app.marks ?? {});
};

describe('linked seats at a rated tournament’s table', () => {
  it('two accounts from one IPv6 /64 are linked at their table; from two /64s they are not', async () => {
    const [a, b, c, d] = [await registerPlayer(server, 'T1'), await registerPlayer(server, 'T2'), await registerPlayer(server, 'T3'), await registerPlayer(server, 'T4')];
    const same = await marksOf(await table([a, '2001:db8:7:1::1'], [b, '2001:db8:7:1:8000::2']));
    expect(same).toHaveLength(2);
    expect(linked(same)).toBe(true);
    expect(linked(await marksOf(await table([c, '2001:db8:7:2::1'], [d, '2001:db8:7:3::1'])))).toBe(false);
  });

  it('two accounts in one browser are linked from two addresses; the table keys the marks as its own', async () => {
    const [e, f, g] = [await registerPlayer(server, 'T5'), await registerPlayer(server, 'T6'), await registerPlayer(server, 'T7')];
    const gameId = await table([e, '127.0.0.21', 'browser-one-0000021'], [f, '127.0.0.22', 'browser-one-0000021']);
    expect(linked(await marksOf(gameId))).toBe(true);
    expect(linked(await marksOf(await table([e, '127.0.0.21', 'browser-one-0000021'], [g, '127.0.0.23', 'browser-two-0000023'])))).toBe(false);
    // Neither the address nor the device in the clear: the game's log is read by its players and exports.
    expect(JSON.stringify((await server.service.load(gameId)).app.marks)).not.toMatch(/127\.0\.0|browser-one/);
  });
});
