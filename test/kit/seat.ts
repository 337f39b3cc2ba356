/**
 * Create a game and take every seat: through the service (app and handler tests) or through
 * GraphQL (api tests), failing loudly if any step is refused.
 */
import type { ParlorService } from '../../services/app/service.js';
import type { GraphQLResponse } from './server.js';

export interface NewGame {
  game: string;
  seats: number;
  options?: unknown;
  seed?: string;
}

export interface SeatedGame {
  id: string;
  /** Seat tokens, by seat. */
  tokens: string[];
}

/** A GraphQL client: the test server's `gql`, or the handlers' `gql` bound to their world. */
export type Gql = (query: string, variables?: Record<string, unknown>, token?: string) => Promise<GraphQLResponse>;

const CREATE = 'mutation($input: CreateGameInput!) { createGame(input: $input) { game { id } } }';
const JOIN = 'mutation($id: ID!, $name: String!) { joinGame(gameId: $id, name: $name) { seat token } }';

function data<T>(r: GraphQLResponse<T>, what: string): T {
  if (r.errors?.length || !r.data) throw new Error(`${what} refused: ${JSON.stringify(r.errors)}`);
  return r.data;
}

/** Creates `input.game` and seats players p0, p1 … in order; every seat is taken when it returns. */
export async function createAndSeat(door: ParlorService | Gql, input: NewGame): Promise<SeatedGame> {
  const tokens: string[] = [];
  if (typeof door === 'function') {
    const { id } = data(await door(CREATE, { input }), 'createGame').createGame.game;
    for (let s = 0; s < input.seats; s++) tokens.push(data(await door(JOIN, { id, name: `p${s}` }), 'joinGame').joinGame.token);
    return { id, tokens };
  }
  const { id } = await door.create(input);
  for (let s = 0; s < input.seats; s++) tokens.push((await door.join(id, `p${s}`)).token);
  return { id, tokens };
}
