/**
 * A client written only against the types openapi-typescript generates from the served OpenAPI
 * document (/docs/json). test/api/generated-clients.test.ts generates ./generated/openapi.ts into a
 * temporary folder, compiles this file there with tsc, then plays games with it. Because a game's
 * legalMoves are typed per game type, handing one back as the move body type-checks only while
 * the document keeps the two in step.
 */
import type { paths } from './generated/openapi.js';

type Json<T> = T extends { content: { 'application/json': infer B } } ? B : never;
type CreateBody = Json<NonNullable<paths['/v1/games']['post']['requestBody']>>;
type Created = Json<paths['/v1/games']['post']['responses'][201]>;
type JoinBody = Json<NonNullable<paths['/v1/games/{id}/join']['post']['requestBody']>>;
type Joined = Json<paths['/v1/games/{id}/join']['post']['responses'][200]>;
type Game = Json<paths['/v1/games/{id}']['get']['responses'][200]>;
type MoveBody = Json<NonNullable<paths['/v1/games/{id}/moves']['post']['requestBody']>>;
type Refusal = Json<paths['/v1/games/{id}/moves']['post']['responses'][400]>;

export type Result = NonNullable<Game['status']['result']>;

export interface Played {
  moves: number;
  result: Result;
  /** The game type the last answer named (the discriminator of the Game union). */
  type: Game['type'];
}

async function call<T>(url: string, method: 'GET' | 'POST', path: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer: unknown = await res.json();
  if (!res.ok) {
    const { error } = answer as Refusal;
    throw new Error(`${method} ${path} refused (${res.status}): ${error.code} ${error.message}`);
  }
  return answer as T;
}

/** Creates a game, takes every seat, and plays moves chosen from legalMoves by `choose` until it is over. */
export async function playGame(url: string, game: string, seats: number, options: Record<string, unknown>, choose: (n: number) => number): Promise<Played> {
  const create: CreateBody = { game, seats, options };
  const created = await call<Created>(url, 'POST', '/v1/games', create);
  const tokens: string[] = [];
  for (let s = 0; s < created.seats; s++) {
    const join: JoinBody = { name: `rest${s}` };
    const joined = await call<Joined>(url, 'POST', `/v1/games/${created.id}/join`, join);
    tokens[joined.seat] = joined.token;
  }
  let toMove: number[] = (await call<Game>(url, 'GET', `/v1/games/${created.id}`, undefined, tokens[0])).status.toMove;
  let moves = 0;
  for (;;) {
    const seat = toMove[choose(toMove.length)];
    if (seat === undefined) throw new Error(`no seat to move in ${created.id}`);
    const mine = await call<Game>(url, 'GET', `/v1/games/${created.id}`, undefined, tokens[seat]);
    const listed = mine.legalMoves[choose(mine.legalMoves.length)];
    if (listed === undefined) throw new Error(`seat ${seat} must move but lists no move`);
    const body: MoveBody = { move: listed, expectedVersion: mine.version };
    const after = await call<Game>(url, 'POST', `/v1/games/${created.id}/moves`, body, tokens[seat]);
    moves++;
    if (after.status.over) {
      if (!after.status.result) throw new Error(`${created.id} is over without a result`);
      return { moves, result: after.status.result, type: after.type };
    }
    toMove = after.status.toMove;
  }
}
