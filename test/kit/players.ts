/** Play-by-turn helpers for api tests: registered players, games, and reading what happened. */
import type { TestServer } from './server.js';

export interface Registered {
  id: string;
  name: string;
  token: string;
}

export async function registerPlayer(server: TestServer, name: string): Promise<Registered> {
  const r = await server.gql('mutation($n: String!) { registerPlayer(name: $n) { player { id name } token } }', { n: name });
  if (r.errors) throw new Error(JSON.stringify(r.errors));
  return { ...r.data.registerPlayer.player, token: r.data.registerPlayer.token };
}

/** Creates a game with `input` (CreateGameInput's fields) as `creator` and has each player join in order. */
export async function createAndJoin(server: TestServer, input: Record<string, unknown>, players: Registered[], creator = players[0]): Promise<string> {
  const created = await server.gql('mutation($i: CreateGameInput!) { createGame(input: $i) { game { id } } }', { i: input }, creator?.token);
  if (created.errors) throw new Error(JSON.stringify(created.errors));
  const id = created.data.createGame.game.id as string;
  for (const p of players) {
    const j = await server.gql('mutation($id: ID!, $n: String!) { joinGame(gameId: $id, name: $n) { seat } }', { id, n: p.name }, p.token);
    if (j.errors) throw new Error(JSON.stringify(j.errors));
  }
  return id;
}

/** Every commit of the game as the store holds it. */
export async function commits(server: TestServer, id: string) {
  const { DynamoEventStore } = await import('../../services/store/index.js');
  return new DynamoEventStore({ client: server.client, tableName: 'parlor' }).history(id);
}

export const typesOf = (events: unknown[]) => events.map((e) => (e as { type: string }).type);
