/**
 * Ratings through the public API on the local server: rated games at creation and their rules,
 * each rated game rated once after the commit that ends it, the leaderboard and a player's
 * ratings and history, bots on the ladder, a forfeit on time as a loss, and ratings rebuilt from
 * the event log alone equal to the projection's to the last bit.
 */
import { describe, expect, it } from 'vitest';
import { highCard } from '../kit/high-card.js';
import { ManualClock } from '../kit/manual-clock.js';
import { commits, createAndJoin, registerPlayer, type Registered } from '../kit/players.js';
import { useServer } from '../kit/server.js';
import { DynamoRatings } from '../../services/store/ratings.js';
import { byEnd, foldRatings, outcomeFromLog } from '../../services/ratings/rebuild.js';
import { conservative } from '../../services/ratings/model.js';

const clock = new ManualClock();
// High-card is one move a seat, and these tests rate few players against each other: the fair-play
// rules (minimum of moves, provisional ratings, the pair limit) are loosened here and tested in fair-play.e2e.test.ts.
const RULES = { provisionalOpponents: 1, pairGames: 1000, pairWindow: 10 };
// Every test player comes from one address: linked seats would count no game (tested in linked-seats.e2e.test.ts).
const server = useServer({ games: [highCard], clock, ratedMinMoves: 0, ratedLinkedSeats: 'COUNTED', fairRatings: RULES });
const GAME = 'query($id: ID!) { game(id: $id) { rated status { over toMove result { winners scores forfeited } } } }';
const GAME_LEFT = 'query($id: ID!) { game(id: $id) { status { over result { winners scores resigned forfeited } } } }';
const create = (input: Record<string, unknown>, token?: string) => server.gql('mutation($i: CreateGameInput!) { createGame(input: $i) { game { id rated } } }', { i: input }, token);
const choose = (id: string, token: string, swap = false) => server.gql('mutation($id: ID!, $m: JSON!) { submitMove(gameId: $id, move: $m) { game { version } } }', { id, m: { type: 'choose', swap } }, token);
const LEADERBOARD = 'query($g: String!, $first: Int, $after: String) { leaderboard(game: $g, first: $first, after: $after) { edges { cursor node { player { id name bot } rating mu sigma games } } pageInfo { hasNextPage endCursor } } }';
const store = () => new DynamoRatings(server.client, 'parlor');

/** A rated high-card game between `players`, played to the end (each keeps their card). */
async function ratedGame(players: Registered[], input: Record<string, unknown> = {}): Promise<string> {
  const id = await createAndJoin(server, { game: 'high-card', seats: players.length, rated: true, ...input }, players);
  for (const p of players) expect((await choose(id, p.token)).errors).toBeUndefined();
  await server.play.settle();
  expect((await server.gql(GAME, { id })).data.game.status.over).toBe(true);
  return id;
}

describe('a rated game is chosen at creation, and its rules are refused with codes of their own', () => {
  it('rated: true is recorded in the game (GraphQL and REST); casual by default', async () => {
    const ann = await registerPlayer(server, 'Ann');
    expect((await create({ game: 'high-card', seats: 2, rated: true }, ann.token)).data.createGame.game.rated).toBe(true);
    expect((await create({ game: 'high-card', seats: 2 }, ann.token)).data.createGame.game.rated).toBe(false);
    const rest = await server.rest('POST', '/v1/games', { game: 'high-card', seats: 2, rated: true }, ann.token);
    expect(rest.status).toBe(201);
    expect(rest.body.rated).toBe(true);
  });

  it('a fixed seed is RATED_FIXED_SEED and multiSeat is RATED_SEAT_TWICE, and nothing is created', async () => {
    const ann = await registerPlayer(server, 'Ann');
    const before = (await server.gql('{ openGames { gameId } }')).data.openGames.length;
    expect((await create({ game: 'high-card', seats: 2, rated: true, seed: 'known' }, ann.token)).errors?.[0]?.extensions?.code).toBe('RATED_FIXED_SEED');
    expect((await create({ game: 'high-card', seats: 2, rated: true, multiSeat: true }, ann.token)).errors?.[0]?.extensions?.code).toBe('RATED_SEAT_TWICE');
    const rest = await server.rest('POST', '/v1/games', { game: 'high-card', seats: 2, rated: true, seed: 'known' }, ann.token);
    expect([rest.status, rest.body.error.code]).toEqual([400, 'RATED_FIXED_SEED']);
    expect((await server.gql('{ openGames { gameId } }')).data.openGames.length).toBe(before);
  });

  it('a seat of a rated game taken without a player token is RATED_NEEDS_PLAYERS, and the seat stays free', async () => {
    const ann = await registerPlayer(server, 'Ann');
    const id = (await create({ game: 'high-card', seats: 2, rated: true }, ann.token)).data.createGame.game.id;
    const anonymous = await server.gql('mutation($id: ID!) { joinGame(gameId: $id, name: "anon") { seat } }', { id });
    expect(anonymous.errors?.[0]?.extensions?.code).toBe('RATED_NEEDS_PLAYERS');
    const rest = await server.rest('POST', `/v1/games/${id}/join`, { name: 'anon' });
    expect([rest.status, rest.body.error.code]).toEqual([403, 'RATED_NEEDS_PLAYERS']);
    const joined = await server.gql('mutation($id: ID!) { joinGame(gameId: $id, name: "Ann") { seat } }', { id }, ann.token);
    expect(joined.data.joinGame.seat).toBe(0);
  });
});

describe('ratings follow rated games: once each, on the leaderboard, in each player’s ratings and history', () => {
  it('the winner goes up, the loser down; rating is mu − 3 sigma; a casual game changes nothing', async () => {
    const [ann, bob] = [await registerPlayer(server, 'Ann'), await registerPlayer(server, 'Bob')];
    const id = await ratedGame([ann, bob]);
    const { winners } = (await server.gql(GAME, { id })).data.game.status.result;
    const me = async (p: Registered) => (await server.gql('{ me { ratings { game rating mu sigma games history { edges { node { gameId place players rating ratingBefore } } } } } }', {}, p.token)).data.me.ratings;
    const [a, b] = [(await me(ann))[0], (await me(bob))[0]];
    expect([a.games, b.games]).toEqual([1, 1]);
    for (const r of [a, b]) expect(r.rating).toBeCloseTo(conservative(r), 12);
    const [winner, loser] = winners[0] === 0 ? [a, b] : [b, a];
    if (winners.length === 1) expect(winner.mu).toBeGreaterThan(loser.mu);
    expect(winner.history.edges[0].node).toMatchObject({ gameId: id, place: 1, players: 2, ratingBefore: 0 });
    // A casual game between the same players: no change.
    const casual = await createAndJoin(server, { game: 'high-card', seats: 2 }, [ann, bob]);
    for (const p of [ann, bob]) await choose(casual, p.token);
    await server.play.settle();
    expect((await me(ann))[0]).toEqual(a);
  });

  it('a rated game’s end is rated once however often the projection hears it (a redelivered commit)', async () => {
    const [ann, bob] = [await registerPlayer(server, 'Ann'), await registerPlayer(server, 'Bob')];
    const id = await ratedGame([ann, bob]);
    const agg = await server.service.load(id);
    const end = (await commits(server, id)).at(-1)!;
    const before = await store().ratings('high-card', [ann.id, bob.id]);
    const projection = server.play.ratings.projection();
    await projection.apply(agg, end);
    await projection.apply(agg, end);
    expect(await store().ratings('high-card', [ann.id, bob.id])).toEqual(before);
    expect([...before.values()].map((r) => r.games)).toEqual([1, 1]);
  });

  it('the leaderboard lists the best rating first, a page at a time, with server bots as their kind and level', async () => {
    const [cat, dan] = [await registerPlayer(server, 'Cat'), await registerPlayer(server, 'Dan')];
    // Cat plays against a random bot seated at creation, Dan against Cat.
    const vsBot = await createAndJoin(server, { game: 'high-card', seats: 2, rated: true, bots: [{ seat: 1, kind: 'random' }] }, [cat]);
    await choose(vsBot, cat.token);
    await server.play.settle();
    expect((await server.gql(GAME, { id: vsBot })).data.game.status.over).toBe(true);
    await ratedGame([cat, dan]);
    const all: any[] = [];
    let after: string | null = null;
    do {
      const page: any = (await server.gql(LEADERBOARD, { g: 'high-card', first: 2, after })).data.leaderboard;
      all.push(...page.edges.map((e: any) => e.node));
      after = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null;
    } while (after);
    const ratings = all.map((n) => n.rating);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
    expect(all.find((n) => n.player.id === 'bot:random')).toMatchObject({ player: { name: 'random', bot: true }, games: 1 });
    expect(all.find((n) => n.player.id === cat.id)).toMatchObject({ player: { name: 'Cat', bot: false }, games: 2 });
    const profile = (await server.gql('query($id: ID!) { playerProfile(id: $id) { id name bot ratings { game games } } }', { id: 'bot:random' })).data.playerProfile;
    expect(profile).toEqual({ id: 'bot:random', name: 'random', bot: true, ratings: [{ game: 'high-card', games: 1 }] });
    const rest = await server.rest('GET', '/v1/leaderboard/high-card?first=100');
    expect(rest.body.edges.map((e: any) => e.node.rating)).toEqual(ratings);
    const restProfile = await server.rest('GET', `/v1/players/${cat.id}`);
    expect(restProfile.body).toMatchObject({ id: cat.id, name: 'Cat', ratings: [{ game: 'high-card', games: 2 }] });
    const history = await server.rest('GET', `/v1/players/${cat.id}/ratings/high-card/history?first=1`);
    expect(history.body.edges).toHaveLength(1);
    expect(history.body.pageInfo.hasNextPage).toBe(true);
    expect((await server.rest('GET', '/v1/me/ratings', undefined, cat.token)).body[0]).toMatchObject({ game: 'high-card', games: 2 });
  });

  it('a leaderboard of an unknown game, or a page size out of range, is BAD_INPUT', async () => {
    expect((await server.gql(LEADERBOARD, { g: 'chess' })).errors?.[0]?.extensions?.code).toBe('BAD_INPUT');
    expect((await server.gql(LEADERBOARD, { g: 'high-card', first: 101 })).errors?.[0]?.extensions?.code).toBe('BAD_INPUT');
    expect((await server.rest('GET', '/v1/leaderboard/chess')).status).toBe(400);
    expect((await server.rest('GET', '/v1/players/nobody')).status).toBe(404);
  });

  it('a seat that forfeits on time ranks last, even where its stand-in bot then holds the best card', async () => {
    // Deals are secret in rated games: play until the forfeiting seat's card wins (half the deals).
    for (let game = 0; game < 20; game++) {
      const [eve, fay] = [await registerPlayer(server, 'Eve'), await registerPlayer(server, 'Fay')];
      const id = await createAndJoin(server, { game: 'high-card', seats: 2, rated: true, timeControl: { perMove: 'PT1M' }, onTimeout: 'FORFEIT' }, [eve, fay]);
      await server.play.settle();
      await choose(id, eve.token);
      clock.advance(60_000); // Fay never chooses
      await server.play.settle();
      const result = (await server.gql(GAME, { id })).data.game.status.result;
      expect(result.forfeited).toEqual([1]);
      const [e, f] = await Promise.all([eve, fay].map(async (p) => (await server.rest('GET', `/v1/players/${p.id}/ratings/high-card/history`)).body.edges[0].node));
      expect([e.place, f.place]).toEqual([1, 2]);
      expect(result.winners).toEqual([0]); // a seat that left never wins
      if (result.scores[1] > result.scores[0]) return;
    }
    throw new Error('the forfeiting seat never held the best card');
  });

  it('a player who resigns is rated as themselves, last, not as the bot that finishes for them', async () => {
    const [gil, hob] = [await registerPlayer(server, 'Gil'), await registerPlayer(server, 'Hob')];
    const id = await createAndJoin(server, { game: 'high-card', seats: 2, rated: true }, [gil, hob]);
    await choose(id, gil.token);
    expect((await server.gql('mutation($id: ID!) { resign(gameId: $id) { id } }', { id }, hob.token)).errors).toBeUndefined();
    await server.play.settle();
    expect((await server.gql(GAME, { id })).data.game.status.over).toBe(true);
    const hobs = (await server.rest('GET', `/v1/players/${hob.id}/ratings/high-card/history`)).body.edges.map((e: any) => e.node);
    expect(hobs).toMatchObject([{ gameId: id, place: 2 }]);
    const board = (await server.gql(LEADERBOARD, { g: 'high-card', first: 100 })).data.leaderboard.edges.map((e: any) => e.node.player.id);
    expect(board).not.toContain('bot:search:1'); // the timeoutBot played the seat, but the seat is Hob's
  });
});

describe('a seat that resigned or forfeited never wins: the result, the page’s data and the ratings agree', () => {
  it('one seat resigns: the seat that stayed wins even where the stand-in bot drew the better card', async () => {
    let outscored = 0;
    for (let game = 0; game < 8; game++) {
      const [ida, jon] = [await registerPlayer(server, 'Ida'), await registerPlayer(server, 'Jon')];
      const id = await createAndJoin(server, { game: 'high-card', seats: 2, seed: `resign-${game}` }, [ida, jon]);
      expect((await server.gql('mutation($id: ID!) { resign(gameId: $id) { id } }', { id }, ida.token)).errors).toBeUndefined();
      await choose(id, jon.token);
      await server.play.settle();
      const result = (await server.gql(GAME, { id })).data.game.status.result;
      expect(result.winners).toEqual([1]);
      const rest = (await server.rest('GET', `/v1/games/${id}`)).body;
      expect(rest.status.result.winners).toEqual([1]);
      if (result.scores[0] > result.scores[1]) outscored++;
    }
    expect(outscored, 'some stand-in bot held the better card').toBeGreaterThan(0);
  });

  it('every seat resigns: no one won (winners: []), both seats in resigned', async () => {
    const [kim, lou] = [await registerPlayer(server, 'Kim'), await registerPlayer(server, 'Lou')];
    const id = await createAndJoin(server, { game: 'high-card', seats: 2 }, [kim, lou]);
    for (const p of [kim, lou]) expect((await server.gql('mutation($id: ID!) { resign(gameId: $id) { id } }', { id }, p.token)).errors).toBeUndefined();
    await server.play.settle();
    const { status } = (await server.gql(GAME_LEFT, { id })).data.game;
    expect(status).toMatchObject({ over: true, result: { winners: [], resigned: [0, 1] } });
  });
});

describe('ratings are a projection of the event log', () => {
  it('rebuilt from every finished game’s commits alone, in the order they ended, they equal the projection’s to the last bit', async () => {
    const players = await Promise.all(['Gus', 'Hal', 'Ivy'].map((n) => registerPlayer(server, n)));
    // Games of two and three seats among overlapping players, pooled in one rating per player.
    for (const table of [[0, 1], [1, 2], [0, 1, 2], [2, 0], [0, 1], [1, 2, 0]]) {
      await ratedGame(table.map((i) => players[i]!));
      clock.advance(1000); // ended one after another, as the ledger took them
    }
    const { DynamoFinishedGames } = await import('../../services/store/finished.js');
    const finished = await new DynamoFinishedGames(server.client, 'parlor').endedSince('1970-01-01T00:00:00Z');
    const outcomes = [];
    for (const gameId of finished) {
      const outcome = outcomeFromLog(gameId, await commits(server, gameId), () => highCard);
      if (outcome) outcomes.push(outcome);
    }
    const rebuilt = foldRatings(outcomes.sort(byEnd), RULES);
    const projected = await store().ratings('high-card', [...rebuilt.keys()]);
    expect(projected.size).toBe(rebuilt.size);
    for (const [id, r] of rebuilt) {
      const { ratingId: _i, game: _g, name: _n, seq: _q, ...held } = projected.get(id)!;
      expect(held, id).toEqual(r); // exact: toEqual on doubles, and the fair-play state alike
    }
  });
});
