/**
 * Tournaments through the GraphQL API on the real local server (embedded DynamoDB on loopback):
 * a duplicate Swiss tournament of bots and registered players runs to its end, every game
 * verifying; a board's seed (and its finished tables) stay secret while one of its tables plays.
 */
import { describe, expect, it } from 'vitest';
import { useServer, type TestServer } from '../kit/server.js';
import { registerPlayer, type Registered } from '../kit/players.js';
import { verifyRecord } from '../../services/analytics/verify.js';
import { sha256Hex } from '../../services/engine/core/index.js';

const server = useServer({ bots: { workers: 1 } }); // the pool npm start runs: bot decisions in a worker thread

const ok = (r: { data?: any; errors?: unknown }) => {
  if (r.errors) throw new Error(JSON.stringify(r.errors));
  return r.data;
};

const TOURNAMENT = `query($id: ID!) { tournament(id: $id) { status roundCount
  standings { rank points games entrant { name player bot } }
  rounds { round completed tables { entrants { index } } boards { board seedHash seed completed games { id ended scores seats { player } } } } } }`;

/**
 * SCOUT's rounds end after 6 actions (the option roundActionLimit): the tournament, not the game, is under test, and
 * whole rounds of first-legal-move play cost most of the file's CPU. Each game still ends by the rules, and verifies.
 */
const SHORT_SCOUT = { roundActionLimit: 6 };

const tournament = async (id: string) => ok(await server.gql(TOURNAMENT, { id })).tournament;

async function create(creator: Registered, input: Record<string, unknown>): Promise<string> {
  return ok(await server.gql('mutation($i: CreateTournamentInput!) { createTournament(input: $i) { id } }', { i: input }, creator.token)).createTournament.id;
}

/** Each registered player plays the first legal move in each of its games that wait for it, until none does. */
async function playHumans(s: TestServer, id: string, players: Registered[], only?: (gameId: string) => boolean): Promise<void> {
  for (;;) {
    await s.play.settle();
    const t = await tournament(id);
    const open = t.rounds.flatMap((r: any) => r.boards.flatMap((b: any) => b.games)).filter((g: any) => !g.ended && (!only || only(g.id)));
    let moved = false;
    for (const g of open) {
      const mine = players.filter((p) => g.seats.some((x: any) => x.player === p.id));
      for (let progress = true; progress; ) {
        progress = false;
        for (const p of mine) {
          const game = ok(await s.gql('query($id: ID!) { game(id: $id) { version legalMoves } }', { id: g.id }, p.token)).game;
          if (game.legalMoves.length === 0) continue;
          const r = await s.gql('mutation($id: ID!, $m: JSON!, $v: Int) { submitMove(gameId: $id, move: $m, expectedVersion: $v) { game { version } } }', { id: g.id, m: game.legalMoves[0], v: game.version }, p.token);
          if (r.errors) continue;
          progress = moved = true;
          await s.play.settle(); // the bot's answer, if it is a bot's turn
        }
      }
    }
    if (!moved) return;
  }
}

describe('a duplicate Swiss tournament', () => {
  it('of 8 entrants (bots and registered players) over 3 rounds runs to its end with standings, every game verifying', async () => {
    const players = await Promise.all(['Ann', 'Bob'].map((n) => registerPlayer(server, n)));
    const id = await create(players[0]!, { game: 'scout', seats: 2, rounds: 3, format: 'SWISS', duplicate: true, options: SHORT_SCOUT, bots: ['random', 'random', 'greedy', 'greedy', 'random', 'greedy'] });
    for (const p of players) ok(await server.gql('mutation($id: ID!) { joinTournament(id: $id) { entrants { index } } }', { id }, p.token));
    const started = ok(await server.gql('mutation($id: ID!) { startTournament(id: $id) { status rounds { round } } }', { id }, players[0]!.token)).startTournament;
    expect(started.status).toBe('RUNNING');
    for (let i = 0; i < 50 && (await tournament(id)).status !== 'FINISHED'; i++) await playHumans(server, id, players);
    const done = await tournament(id);
    expect(done.status).toBe('FINISHED');
    expect(done.rounds).toHaveLength(3);
    expect(done.standings).toHaveLength(8);
    expect(done.standings.every((r: any) => r.games === 6)).toBe(true); // 2 boards × 3 rounds each
    expect(done.standings.reduce((sum: number, r: any) => sum + r.points, 0)).toBeCloseTo(24, 9); // ½ point per game per side, on average: 48 seat-games
    // No repeat opponents over the three rounds.
    const pairs = done.rounds.flatMap((r: any) => r.tables.map((t: any) => t.entrants.map((e: any) => e.index).sort().join()));
    expect(new Set(pairs).size).toBe(pairs.length);
    const games = done.rounds.flatMap((r: any) => r.boards.flatMap((b: any) => b.games.map((g: any) => ({ ...g, seedHash: b.seedHash, seed: b.seed }))));
    expect(games).toHaveLength(24);
    for (const g of games) {
      expect(sha256Hex(g.seed)).toBe(g.seedHash);
      const record = ok(await server.gql('query($id: ID!) { gameRecord(id: $id) }', { id: g.id })).gameRecord;
      expect(record.seed).toBe(g.seed); // every table of a board dealt from the board's seed
      expect(verifyRecord(record)).toMatchObject({ ok: true });
    }
    // A tournament game links back to its tournament.
    expect(ok(await server.gql('query($id: ID!) { game(id: $id) { tournament { id round board sealed } } }', { id: games[0].id })).game.tournament).toMatchObject({ id, round: 1, sealed: true });
  }, 300_000);
});

describe("a board's seed", () => {
  it('is not revealed while one of its tables still plays: not by the tournament, nor by a finished table (seed, history, record, spectators)', async () => {
    const [ann, bob] = await Promise.all(['Dee', 'Eve'].map((n) => registerPlayer(server, n)));
    // Bots enter first: they sit together at table 0 and finish at once; Dee and Eve's table 1 waits for them.
    const id = await create(ann!, { game: 'scout', seats: 2, rounds: 1, format: 'SWISS', duplicate: true, options: SHORT_SCOUT, bots: ['random', 'random'] });
    for (const p of [ann!, bob!]) ok(await server.gql('mutation($id: ID!) { joinTournament(id: $id) { status } }', { id }, p.token));
    ok(await server.gql('mutation($id: ID!) { startTournament(id: $id) { status } }', { id }, ann!.token));
    await server.play.settle();
    const t = await tournament(id);
    const board = t.rounds[0].boards[0];
    const botGame = board.games.find((g: any) => g.seats.every((s: any) => s.player === null));
    const ourGame = board.games.find((g: any) => g.seats.some((s: any) => s.player !== null));
    expect(botGame.ended).toBe(true);
    expect(ourGame.ended).toBe(false);
    expect(board.seed).toBeNull();
    expect(board.completed).toBe(false);
    expect(botGame.scores).toBeNull();
    expect(t.standings.every((r: any) => r.games === 0)).toBe(true);
    // The finished bot table: seated players only (Dee holds no seat there), no seed, no record.
    const asSpectator = await server.gql('query($id: ID!) { game(id: $id) { seed view { __typename } } }', { id: botGame.id }, ann!.token);
    expect(asSpectator.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await server.gql('query($id: ID!) { game(id: $id) { seed } }', { id: botGame.id })).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await server.gql('query($id: ID!) { gameRecord(id: $id) }', { id: botGame.id })).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await server.rest('GET', `/v1/games/${botGame.id}/history`)).status).toBe(403);
    // Dee's own game publishes the board's hash, never its seed.
    const mine = ok(await server.gql('query($id: ID!) { game(id: $id) { seedHash seed } }', { id: ourGame.id }, ann!.token)).game;
    expect(mine).toEqual({ seedHash: board.seedHash, seed: null });
    // Dee and Eve finish board 0: now the board's seed, scores and records are public.
    await playHumans(server, id, [ann!, bob!], (g) => g === ourGame.id);
    const after = (await tournament(id)).rounds[0].boards[0];
    expect(after.completed).toBe(true);
    expect(sha256Hex(after.seed)).toBe(after.seedHash);
    expect(ok(await server.gql('query($id: ID!) { game(id: $id) { seed } }', { id: botGame.id })).game.seed).toBe(after.seed);
    const record = ok(await server.gql('query($id: ID!) { gameRecord(id: $id) }', { id: botGame.id })).gameRecord;
    expect(verifyRecord(record)).toMatchObject({ ok: true });
  }, 120_000);

  it("a finished table's own replay stays sealed while another table of its board plays: no face-up views, no other seat's sight", async () => {
    const people = await Promise.all(['Hana', 'Ivo', 'Jun', 'Kai'].map((n) => registerPlayer(server, n)));
    const id = await create(people[0]!, { game: 'scout', seats: 2, rounds: 1, format: 'SWISS', duplicate: true, options: SHORT_SCOUT });
    for (const p of people) ok(await server.gql('mutation($id: ID!) { joinTournament(id: $id) { status } }', { id }, p.token));
    ok(await server.gql('mutation($id: ID!) { startTournament(id: $id) { status } }', { id }, people[0]!.token));
    const board = (await tournament(id)).rounds[0].boards[0];
    const [first, second] = board.games;
    const seatedAt = (g: any) => people.filter((p) => g.seats.some((x: any) => x.player === p.id));
    // The first table of board 0 plays to its end; the second has not moved.
    await playHumans(server, id, seatedAt(first), (g) => g === first.id);
    const now = (await tournament(id)).rounds[0].boards[0];
    expect(now.games.map((g: any) => g.ended)).toEqual([true, false]);
    const me = seatedAt(first)[0]!;
    const AT = 'query($id: ID!, $v: Int!, $s: Int) { game(id: $id) { seat at(version: $v) { version view(seat: $s) { __typename } } } }';
    const { seat, version } = ok(await server.gql('query($id: ID!) { game(id: $id) { seat version } }', { id: first.id }, me.token)).game;
    // Every seat's view of the shared deal: refused, as while the game ran.
    const views = await server.gql('query($id: ID!, $v: Int!) { game(id: $id) { at(version: $v) { views { __typename } } } }', { id: first.id, v: version }, me.token);
    expect(views.errors?.[0]?.extensions?.code).toBe('GAME_NOT_OVER');
    // The other seat's sight: refused; the caller's own: given.
    const other = await server.gql(AT, { id: first.id, v: version, s: 1 - seat }, me.token);
    expect(other.errors?.[0]?.extensions?.code).toBe('SEAT_NOT_YOURS');
    expect(ok(await server.gql(AT, { id: first.id, v: version, s: seat }, me.token)).game.at.version).toBe(version);
    // Once the second table has played the board too, the replay opens.
    await playHumans(server, id, seatedAt(second), (g) => g === second.id);
    expect((await tournament(id)).rounds[0].boards[0].completed).toBe(true);
    const open = ok(await server.gql('query($id: ID!, $v: Int!) { game(id: $id) { at(version: $v) { views { __typename } } } }', { id: first.id, v: version }, me.token));
    expect(open.game.at.views).toHaveLength(2);
  }, 120_000);
});
