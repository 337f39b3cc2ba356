/**
 * A game called off before it starts (cancelled by its creator, or expired) leaves every list of
 * open games — openGames, lobby and GET /v1/games — with the very commit that ends it.
 */
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../kit/manual-clock.js';
import { createAndJoin, registerPlayer } from '../kit/players.js';
import { useServer } from '../kit/server.js';

const clock = new ManualClock();
const server = useServer({ clock });

/** Whether the game is listed by each of the three doors to the lobby. */
async function listed(id: string): Promise<{ openGames: boolean; lobby: boolean; rest: boolean }> {
  const g = await server.gql('query { openGames(type: "scout") { gameId } lobby(type: "scout", first: 100) { edges { node { gameId } } } }');
  const rest = await server.rest('GET', '/v1/games?type=scout');
  return {
    openGames: g.data.openGames.some((e: any) => e.gameId === id),
    lobby: g.data.lobby.edges.some((e: any) => e.node.gameId === id),
    rest: rest.body.some((e: any) => e.gameId === id),
  };
}
const everywhere = { openGames: true, lobby: true, rest: true };
const nowhere = { openGames: false, lobby: false, rest: false };

describe('a game called off leaves the lobby in the commit that ends it', () => {
  it('cancelled by its creator: gone from openGames, lobby and /v1/games at once', async () => {
    const ann = await registerPlayer(server, 'Ann');
    const id = await createAndJoin(server, { game: 'scout', seats: 3 }, [ann]);
    expect(await listed(id)).toEqual(everywhere);
    const r = await server.gql('mutation($id: ID!) { cancelGame(gameId: $id) { version } }', { id }, ann.token);
    expect(r.errors).toBeUndefined();
    expect(await listed(id)).toEqual(nowhere);
  });

  it('expired: gone from openGames, lobby and /v1/games as soon as the expiry commits', async () => {
    const ann = await registerPlayer(server, 'Ann');
    const id = await createAndJoin(server, { game: 'scout', seats: 3, expiresIn: 'PT1H' }, [ann]);
    expect(await listed(id)).toEqual(everywhere);
    clock.advance(3_600_000);
    await server.play.settle();
    expect((await server.gql('query($id: ID!) { game(id: $id) { status { phase } } }', { id })).data.game.status.phase).toBe('expired');
    expect(await listed(id)).toEqual(nowhere);
  });
});
