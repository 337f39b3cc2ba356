/**
 * On AWS the stream function rates a rated game when the commit that ends it arrives, through
 * the same projection as the local server, and a batch delivered again rates it no second time.
 */
import './env.js';
import { describe, expect, it } from 'vitest';
import { gql, useAws } from './kit.js';
import { TABLE_ACTIONS } from '../../services/handlers/permissions.js';

// High-card is one move a seat, and two players only: the fair-play rules are loosened (test/ratings/fair-play.e2e.test.ts).
// Every test player comes from one address: linked seats would count no game (tested in test/ratings/linked-seats.e2e.test.ts).
const world = useAws({ ratedMinMoves: 1, ratedLinkedSeats: 'COUNTED', fairRatings: { provisionalOpponents: 1, pairGames: 1000, pairWindow: 10 } });

async function player(name: string): Promise<{ id: string; token: string }> {
  const r = await gql(world, 'mutation($n: String!) { registerPlayer(name: $n) { player { id } token } }', { n: name });
  return { id: r.data.registerPlayer.player.id, token: r.data.registerPlayer.token };
}

describe('the stream function rates rated games', () => {
  it('rates the game from its streamed end, once however often the batch is delivered', async () => {
    const [ann, bob] = [await player('Ann'), await player('Bob')];
    const id = (await gql(world, 'mutation { createGame(input: { game: "high-card", seats: 2, rated: true }) { game { id } } }', {}, ann.token)).data.createGame.game.id;
    for (const p of [ann, bob]) expect((await gql(world, 'mutation($id: ID!) { joinGame(gameId: $id, name: "p") { seat } }', { id }, p.token)).errors).toBeUndefined();
    for (const p of [ann, bob]) expect((await gql(world, 'mutation($id: ID!) { submitMove(gameId: $id, move: { type: "choose", swap: false }) { game { version } } }', { id }, p.token)).errors).toBeUndefined();
    const board = async () => (await gql(world, '{ leaderboard(game: "high-card") { edges { node { player { id name } games mu sigma } } } }')).data.leaderboard.edges.map((e: any) => e.node);
    expect(await board()).toEqual([]); // nothing but the stream rates on AWS
    const batch = await world.streamEvent(id);
    expect(await world.stream(batch)).toEqual({ batchItemFailures: [] });
    const once = await board();
    expect(once.map((n: any) => [n.player.name, n.games]).sort()).toEqual([['Ann', 1], ['Bob', 1]]);
    expect(await world.stream(batch)).toEqual({ batchItemFailures: [] });
    expect(await world.stream(await world.streamEvent(id, 0))).toEqual({ batchItemFailures: [] });
    expect(await board()).toEqual(once);
    // The stream function's role grants what rating needs (GetItem, PutItem, Query).
    expect([...world.used.stream].filter((a) => !(TABLE_ACTIONS.stream as readonly string[]).includes(a))).toEqual([]);
  });
});
