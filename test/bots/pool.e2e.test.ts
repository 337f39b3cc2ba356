/**
 * Server bots never starve people (issue 35), through the real local server: decisions run in the
 * pool's worker thread, off the request thread; at most `queue` games wait in memory for a bot
 * move and the rest are left for later and still played; a tournament of bots alone never starts.
 */
import { describe, expect, it } from 'vitest';
import { useServer, type TestServer } from '../kit/server.js';
import { createAndJoin, registerPlayer, type Registered } from '../kit/players.js';

const server = useServer({ bots: { workers: 1, queue: 2 } });

const ok = (r: { data?: any; errors?: unknown }) => {
  if (r.errors) throw new Error(JSON.stringify(r.errors));
  return r.data;
};
const GAME = 'query($id: ID!) { game(id: $id) { version legalMoves status { over toMove } } }';

/** Games of `human` against one search:3 bot each, settled until it is the human's turn in every one. */
export async function gamesAgainstBots(s: TestServer, human: Registered, n: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) ids.push(await createAndJoin(s, { game: 'scout', seats: 2, bots: [{ seat: 1, kind: 'search', level: 3 }] }, [human]));
  await s.play.settle();
  return ids;
}

/** The human's first legal move in every game at once, so their bot moves are due together. */
export async function moveEverywhere(s: TestServer, human: Registered, ids: string[]): Promise<void> {
  const before = await Promise.all(ids.map(async (id) => ok(await s.gql(GAME, { id }, human.token)).game));
  await Promise.all(ids.map(async (id, i) => before[i].legalMoves.length > 0 && ok(await s.gql('mutation($id: ID!, $m: JSON!, $v: Int) { submitMove(gameId: $id, move: $m, expectedVersion: $v) { game { version } } }', { id, m: before[i].legalMoves[0], v: before[i].version }, human.token))));
}

/** Per game: the server owes it no move (its bot, seat 1, is not to move), or it is over. */
export async function botsAnswered(s: TestServer, human: Registered, ids: string[]): Promise<boolean[]> {
  return Promise.all(ids.map(async (id) => {
    const g = ok(await s.gql(GAME, { id }, human.token)).game;
    return g.status.over || !g.status.toMove.includes(1);
  }));
}

describe('the bot pool', () => {
  it('decides in its worker thread, never on the request thread', async () => {
    const ann = await registerPlayer(server, 'Ann');
    const ids = await gamesAgainstBots(server, ann, 1);
    const inline = server.play.bots.pool.decided.inline;
    await moveEverywhere(server, ann, ids);
    await server.play.settle();
    expect(await botsAnswered(server, ann, ids)).toEqual([true]);
    expect(server.play.bots.pool.decided.worker).toBeGreaterThan(0);
    expect(server.play.bots.pool.decided.inline, 'no decision on the request thread').toBe(inline);
  });

  it('holds at most `queue` games waiting; the moves past the bound are left for later and still made', async () => {
    const bea = await registerPlayer(server, 'Bea');
    const ids = await gamesAgainstBots(server, bea, 6);
    const peak = server.play.bots.peakWaiting;
    expect(peak).toBeLessThanOrEqual(2);
    for (let turn = 0; turn < 3; turn++) {
      await moveEverywhere(server, bea, ids);
      await server.play.settle();
      expect(await botsAnswered(server, bea, ids), 'every bot moved, those left for later too').toEqual(ids.map(() => true));
    }
    expect(server.play.bots.peakWaiting, 'never more than the bound waiting').toBeLessThanOrEqual(2);
    expect(server.play.bots.leftForLater, 'six moves due at once met the bound of two').toBeGreaterThan(0);
  });
});

describe('a tournament of bots alone', () => {
  it('does not start (TOURNAMENT_NEEDS_PLAYER, GraphQL and REST); with a registered player among its entrants it does', async () => {
    const host = await registerPlayer(server, 'Host');
    const create = async () => ok(await server.gql('mutation($i: CreateTournamentInput!) { createTournament(input: $i) { id } }', { i: { game: 'scout', seats: 2, rounds: 1, bots: ['random', 'random', 'random', 'random'] } }, host.token)).createTournament.id as string;
    const id = await create();
    const g = await server.gql('mutation($id: ID!) { startTournament(id: $id) { status } }', { id }, host.token);
    expect(g.errors?.[0]?.extensions?.code).toBe('TOURNAMENT_NEEDS_PLAYER');
    const r = await server.rest('POST', `/v1/tournaments/${id}/start`, undefined, host.token);
    expect([r.status, r.body.code ?? r.body.error?.code]).toEqual([403, 'TOURNAMENT_NEEDS_PLAYER']);
    expect(ok(await server.gql('query($id: ID!) { tournament(id: $id) { status rounds { round } } }', { id })).tournament).toEqual({ status: 'OPEN', rounds: [] });

    const withHost = ok(await server.gql('mutation($i: CreateTournamentInput!) { createTournament(input: $i) { id } }', { i: { game: 'scout', seats: 2, rounds: 1, bots: ['random', 'random', 'random'] } }, host.token)).createTournament.id;
    ok(await server.gql('mutation($id: ID!) { joinTournament(id: $id) { id } }', { id: withHost }, host.token));
    expect(ok(await server.gql('mutation($id: ID!) { startTournament(id: $id) { status } }', { id: withHost }, host.token)).startTournament.status).toBe('RUNNING');
    await server.play.settle();
  });
});
