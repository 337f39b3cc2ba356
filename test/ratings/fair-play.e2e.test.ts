/**
 * Ratings nobody can farm, through the public API with the server's default rules (docs/ratings.md,
 * fair play): a second account that resigns before its third move leaves the game aborted and
 * unrated; repeated games against one opponent stop counting after the pair limit; a rating stays
 * provisional and off the leaderboard until its player has met enough distinct opponents.
 */
import { describe, expect, it } from 'vitest';
import { createAndJoin, registerPlayer, type Registered } from '../kit/players.js';
import { useServer } from '../kit/server.js';
import { FAIR_RULES, RATED_MIN_MOVES } from '../../services/ratings/fair.js';
import { longestShow, SHORT_SCOUT } from './longest-show.js';

// The server's rules but for linked seats: every test player comes from one address (linked seats: linked-seats.e2e.test.ts).
const server = useServer({ ratedLinkedSeats: 'COUNTED' });
const SEAT = 'query($id: ID!) { game(id: $id) { version seat legalMoves status { toMove over result { winners resigned aborted } } } }';
const LEADERBOARD = '{ leaderboard(game: "scout", first: 100) { edges { node { player { id } games } } } }';
const MINE = '{ me { ratings { game games provisional history(first: 20) { edges { node { gameId counted } } } } } }';

/**
 * A rated two-seat SCOUT game: `alt` makes `altMoves` moves of its own, then resigns (a random
 * bot plays its seat on); `farmer` plays every move of theirs to the end (its longest show). The game's result.
 */
async function farmedGame(farmer: Registered, alt: Registered, altMoves: number) {
  const id = await createAndJoin(server, { game: 'scout', seats: 2, options: SHORT_SCOUT, rated: true, timeoutBot: 'random' }, [farmer, alt]);
  let made = 0;
  let resigned = false;
  if (altMoves === 0) {
    expect((await server.gql('mutation($id: ID!) { resign(gameId: $id) { id } }', { id }, alt.token)).errors).toBeUndefined();
    resigned = true;
  }
  for (let step = 0; step < 2000; step++) {
    await server.play.settle();
    let moved = false;
    for (const p of resigned ? [farmer] : [farmer, alt]) {
      const g = (await server.gql(SEAT, { id }, p.token)).data.game;
      if (g.status.over) return g.status.result;
      if (!g.status.toMove.includes(g.seat) || g.legalMoves.length === 0) continue;
      const r = await server.gql('mutation($id: ID!, $m: JSON!, $v: Int) { submitMove(gameId: $id, move: $m, expectedVersion: $v) { game { version } } }', { id, m: p === farmer ? longestShow(g.legalMoves) : g.legalMoves[0], v: g.version }, p.token);
      if (r.errors) continue; // another seat moved first: read again
      moved = true;
      if (p === alt && ++made === altMoves) {
        expect((await server.gql('mutation($id: ID!) { resign(gameId: $id) { id } }', { id }, alt.token)).errors).toBeUndefined();
        resigned = true;
      }
    }
    if (!moved) await new Promise((r) => setTimeout(r, 5)); // a bot's move under way
  }
  throw new Error(`game ${id} did not end`);
}

const board = async () => (await server.gql(LEADERBOARD)).data.leaderboard.edges.map((e: any) => e.node.player.id);
const scoutRating = async (p: Registered) => (await server.gql(MINE, {}, p.token)).data.me.ratings.find((r: any) => r.game === 'scout');

describe('fair play: ratings farmed with a second account give nothing', () => {
  // Two games: the first shows an aborted game unrated, the second that a repeat adds nothing (each SCOUT game played out costs ~1 s of CPU).
  it(`two rated games, the second account resigning before any move: each ends aborted, no rating, nothing on the leaderboard`, async () => {
    const [farmer, alt] = [await registerPlayer(server, 'Farmer'), await registerPlayer(server, 'Alt')];
    for (let game = 0; game < 2; game++) {
      const result = await farmedGame(farmer, alt, 0);
      expect(result).toMatchObject({ resigned: [1], aborted: true });
    }
    expect(await scoutRating(farmer)).toBeUndefined();
    expect(await scoutRating(alt)).toBeUndefined();
    expect(await board()).toEqual([]);
  });

  it(`the alt now makes ${RATED_MIN_MOVES} moves before resigning: only ${FAIR_RULES.pairGames} games count, and the rating stays provisional, off the leaderboard`, async () => {
    const [farmer, alt] = [await registerPlayer(server, 'Farmer2'), await registerPlayer(server, 'Alt2')];
    // One game past the pair limit shows it (two past it cost another game and showed nothing more).
    for (let game = 0; game < FAIR_RULES.pairGames + 1; game++) expect(await farmedGame(farmer, alt, RATED_MIN_MOVES)).toMatchObject({ aborted: false });
    const mine = await scoutRating(farmer);
    expect(mine).toMatchObject({ games: FAIR_RULES.pairGames, provisional: true });
    // Newest first: the last was beyond the pair limit.
    expect(mine.history.edges.map((e: any) => e.node.counted)).toEqual([false, ...Array(FAIR_RULES.pairGames).fill(true)]);
    expect(await board()).not.toContain(farmer.id);
    expect(await board()).not.toContain(alt.id);
  });

  it(`one move short of the minimum is aborted too`, async () => {
    const [farmer, alt] = [await registerPlayer(server, 'Farmer3'), await registerPlayer(server, 'Alt3')];
    expect(await farmedGame(farmer, alt, RATED_MIN_MOVES - 1)).toMatchObject({ aborted: true });
    expect(await scoutRating(farmer)).toBeUndefined();
  });

  it(`a player enters the leaderboard with counted games against ${FAIR_RULES.provisionalOpponents} distinct opponents, not before`, async () => {
    const ann = await registerPlayer(server, 'Ann');
    const others = await Promise.all([...Array(FAIR_RULES.provisionalOpponents).keys()].map((i) => registerPlayer(server, `Opp${i}`)));
    for (const [i, o] of others.entries()) {
      expect(await farmedGame(ann, o, RATED_MIN_MOVES)).toMatchObject({ aborted: false });
      const listed = (await board()).includes(ann.id);
      expect(listed, `after ${i + 1} opponents`).toBe(i + 1 === FAIR_RULES.provisionalOpponents);
    }
    expect(await scoutRating(ann)).toMatchObject({ games: FAIR_RULES.provisionalOpponents, provisional: false });
    // Each opponent met Ann only: still provisional.
    for (const o of others) expect(await board()).not.toContain(o.id);
  });
});
