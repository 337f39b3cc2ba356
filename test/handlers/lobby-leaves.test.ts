/**
 * On AWS the lobby is projected from the stream: the commit that cancels or expires a game
 * takes it out of the lobby when the stream function projects it.
 */
import './env.js';
import { describe, expect, it } from 'vitest';
import { gql, useAws } from './kit.js';

/** The functions' clock: the expiry test moves it past the deadline instead of waiting for it. */
let time = Date.now();
const world = useAws({ now: () => time });
const listed = async (id: string) => (await gql(world, 'query { openGames { gameId } }')).data.openGames.some((e: any) => e.gameId === id);
const register = async (name: string) => (await gql(world, 'mutation($n: String!) { registerPlayer(name: $n) { token } }', { n: name })).data.registerPlayer.token as string;
const create = async (token: string, expiresIn = 'P7D') => (await gql(world, 'mutation($e: String) { createGame(input: { game: "high-card", seats: 2, expiresIn: $e }) { game { id } } }', { e: expiresIn }, token)).data.createGame.game.id as string;

describe('the stream takes a called-off game out of the lobby', () => {
  it('cancelled: the stream projects the cancelling commit and the lobby no longer lists it', async () => {
    const token = await register('Ann');
    const id = await create(token);
    expect(await world.stream(await world.streamEvent(id))).toEqual({ batchItemFailures: [] });
    expect(await listed(id)).toBe(true);
    const cancelled = await gql(world, 'mutation($id: ID!) { cancelGame(gameId: $id) { version } }', { id }, token);
    expect(cancelled.errors).toBeUndefined();
    expect(await world.stream(await world.streamEvent(id, 1))).toEqual({ batchItemFailures: [] });
    expect(await listed(id)).toBe(false);
  });

  it('expired: the timer function cancels it, the stream projects that, the lobby no longer lists it', async () => {
    const token = await register('Bo');
    const id = await create(token, 'PT1S');
    expect(await world.stream(await world.streamEvent(id))).toEqual({ batchItemFailures: [] });
    expect(await listed(id)).toBe(true);
    time += 1100; // past the shortest expiry there is
    const at = time;
    expect(await world.timer({ kind: 'expire', gameId: id, seat: -1, version: 1, deadline: new Date(at).toISOString(), at })).toEqual({ changed: true });
    expect(await world.stream(await world.streamEvent(id, 1))).toEqual({ batchItemFailures: [] });
    expect(await listed(id)).toBe(false);
  });
});
