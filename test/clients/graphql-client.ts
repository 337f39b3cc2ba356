/**
 * A client written only against the types graphql-codegen generates from schema.graphql and
 * operations.graphql. test/api/generated-clients.test.ts generates ./generated/graphql.ts into a
 * temporary folder, compiles this file there with tsc, then plays games with it: the generated
 * code stays out of git, and a schema change that breaks a client breaks the test.
 */
import { readFileSync } from 'node:fs';
import { Kind, parse, print } from 'graphql';
import type {
  CreateGameMutation,
  CreateGameMutationVariables,
  JoinGameMutation,
  JoinGameMutationVariables,
  SubmitMoveMutation,
  SubmitMoveMutationVariables,
  SubmitTypedMoveMutation,
  SubmitTypedMoveMutationVariables,
  TurnQuery,
  TurnQueryVariables,
  TypedTurnQuery,
  TypedTurnQueryVariables,
} from './generated/graphql.js';
import type { ErrorCode } from './generated/schema.js';

/**
 * The operations this client sends, by name, each sent as a document of its own: Parlor costs
 * every operation of a document with the request's variables, so a request naming one of several
 * operations is refused for the others' missing variables.
 */
const OPERATIONS = new Map(
  parse(readFileSync(new URL('./operations.graphql', import.meta.url), 'utf8')).definitions.flatMap((d) => (d.kind === Kind.OPERATION_DEFINITION && d.name ? [[d.name.value, print(d)] as const] : [])),
);

interface Operations {
  CreateGame: [CreateGameMutationVariables, CreateGameMutation];
  JoinGame: [JoinGameMutationVariables, JoinGameMutation];
  Turn: [TurnQueryVariables, TurnQuery];
  SubmitMove: [SubmitMoveMutationVariables, SubmitMoveMutation];
  TypedTurn: [TypedTurnQueryVariables, TypedTurnQuery];
  SubmitTypedMove: [SubmitTypedMoveMutationVariables, SubmitTypedMoveMutation];
}

type TypedLegalMove = TypedTurnQuery['game']['typedLegalMoves'][number];
type MoveInput = SubmitTypedMoveMutationVariables['move'];

/**
 * A typed SCOUT move as the typedMove that plays it: the member's one field, by __typename, so tsc
 * checks each kind's fields against MoveInput. (Any client may also just drop __typename.)
 */
function scoutMove(m: TypedLegalMove): MoveInput {
  switch (m.__typename) {
    case 'ScoutRotateMove':
      return { scoutRotate: { rotate: m.scoutRotate.rotate } };
    case 'ScoutShowMove':
      return { scoutShow: { from: m.scoutShow.from, to: m.scoutShow.to } };
    case 'ScoutScoutMove':
      return { scoutScout: { end: m.scoutScout.end, flip: m.scoutScout.flip, at: m.scoutScout.at } };
    case 'ScoutScoutShowMove':
      return { scoutScoutShow: { end: m.scoutScoutShow.end, flip: m.scoutScoutShow.flip, at: m.scoutScoutShow.at, from: m.scoutScoutShow.from, to: m.scoutScoutShow.to } };
    case 'ScoutPassMove':
      return { scoutPass: m.scoutPass };
    default:
      throw new Error(`not a SCOUT move: ${m.__typename}`);
  }
}

export type Result = NonNullable<SubmitMoveMutation['submitMove']['game']['status']['result']>;

export interface Played {
  moves: number;
  result: Result;
  /** The view's GraphQL type on the last turn read, e.g. ScoutView. */
  viewType: string;
  /** How many of the moves were sent as typedMove (every SCOUT move, no other). */
  typedMoves: number;
}

async function send<K extends keyof Operations>(url: string, operationName: K, variables: Operations[K][0], token?: string): Promise<Operations[K][1]> {
  const res = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query: OPERATIONS.get(operationName), operationName, variables }),
  });
  const body = (await res.json()) as { data?: Operations[K][1]; errors?: { message: string; extensions?: { code?: ErrorCode } }[] };
  const refusal = body.errors?.[0];
  if (refusal || !body.data) throw new Error(`${operationName} refused: ${refusal?.extensions?.code ?? 'no data'} ${refusal?.message ?? ''}`);
  return body.data;
}

/** Creates a game, takes every seat, and plays moves chosen from legalMoves by `choose` until it is over. */
export async function playGame(url: string, game: string, seats: number, options: Record<string, unknown>, choose: (n: number) => number): Promise<Played> {
  const { createGame } = await send(url, 'CreateGame', { input: { game, seats, options } });
  const tokens: string[] = [];
  for (let s = 0; s < createGame.game.seats; s++) {
    const { joinGame } = await send(url, 'JoinGame', { id: createGame.game.id, name: `gql${s}` });
    tokens[joinGame.seat] = joinGame.token;
  }
  const id = createGame.game.id;
  const first = (await send(url, 'Turn', { id }, tokens[0])).game;
  let toMove: number[] = first.status.toMove;
  let moves = 0;
  let viewType = first.view?.__typename ?? 'none';
  let typedMoves = 0;
  for (;;) {
    const seat = toMove[choose(toMove.length)];
    if (seat === undefined) throw new Error(`no seat to move in ${id}`);
    let submitMove: SubmitMoveMutation['submitMove'];
    if (game === 'scout') {
      const mine = (await send(url, 'TypedTurn', { id }, tokens[seat])).game;
      viewType = mine.view?.__typename ?? 'none';
      const typed = mine.typedLegalMoves[choose(mine.typedLegalMoves.length)];
      if (!typed) throw new Error(`seat ${seat} must move but lists no move`);
      ({ submitMove } = await send(url, 'SubmitTypedMove', { id, move: scoutMove(typed), expectedVersion: mine.version }, tokens[seat]));
      typedMoves++;
    } else {
      const mine = (await send(url, 'Turn', { id }, tokens[seat])).game;
      viewType = mine.view?.__typename ?? 'none';
      if (mine.legalMoves.length === 0) throw new Error(`seat ${seat} must move but lists no move`);
      const move: unknown = mine.legalMoves[choose(mine.legalMoves.length)];
      ({ submitMove } = await send(url, 'SubmitMove', { id, move, expectedVersion: mine.version }, tokens[seat]));
    }
    moves++;
    if (submitMove.game.status.over) {
      if (!submitMove.game.status.result) throw new Error(`${id} is over without a result`);
      return { moves, result: submitMove.game.status.result, viewType, typedMoves };
    }
    toMove = submitMove.game.status.toMove;
  }
}
