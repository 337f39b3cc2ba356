/**
 * Games set up through the API for the page's tests: every seat joined, then (optionally) played
 * to the end by each seat's first legal move. A page is then handed a seat's token as the
 * browser would have kept it (localStorage "parlor.v1"), so it opens the table as that seat.
 */
import type { Page } from 'playwright-core';
import type { TestServer } from '../kit/server.js';

export interface ApiGame {
  gameId: string;
  tokens: string[];
}

export async function seatedGame(server: TestServer, game: string, seats: number, options: Record<string, unknown> = {}, seed?: string): Promise<ApiGame> {
  const created = await server.gql('mutation($i: CreateGameInput!) { createGame(input: $i) { game { id } } }', { i: { game, seats, options, seed } });
  if (created.errors) throw new Error(JSON.stringify(created.errors));
  const gameId = created.data.createGame.game.id as string;
  const tokens: string[] = [];
  for (let s = 0; s < seats; s++) {
    const joined = await server.gql('mutation($id: ID!, $n: String!) { joinGame(gameId: $id, name: $n) { token } }', { id: gameId, n: ['Ann', 'Bob', 'Cyrus', 'Dara'][s] });
    tokens.push(joined.data.joinGame.token);
  }
  return { gameId, tokens };
}

/** Plays every seat's first legal move until the game is over, or until `maxMoves`. */
export async function playFirstMoves(server: TestServer, g: ApiGame, maxMoves = 3000): Promise<void> {
  for (let n = 0; n < maxMoves; n++) {
    const { data } = await server.gql('query($id: ID!) { game(id: $id) { version status { over toMove } } }', { id: g.gameId });
    if (data.game.status.over) return;
    const seat = data.game.status.toMove[0] as number;
    const legal = await server.gql('query($id: ID!) { game(id: $id) { legalMoves } }', { id: g.gameId }, g.tokens[seat]);
    const move = legal.data.game.legalMoves[0];
    const sent = await server.gql('mutation($id: ID!, $m: JSON!, $v: Int) { submitMove(gameId: $id, move: $m, expectedVersion: $v) { game { version } } }', { id: g.gameId, m: move, v: data.game.version }, g.tokens[seat]);
    if (sent.errors) throw new Error(JSON.stringify(sent.errors));
  }
  throw new Error(`not over after ${maxMoves} moves`);
}

/** Opens the table in `page` as `seat` (the token put where the page keeps it). */
export async function openAsSeat(page: Page, url: string, g: ApiGame, seat: number, type: string) {
  await page.evaluate(({ id, seat, token, type }) => {
    const data = JSON.parse(localStorage.getItem('parlor.v1') ?? '{}');
    data.seats = { ...(data.seats ?? {}), [id]: { seat, token, type, at: Date.now() } };
    localStorage.setItem('parlor.v1', JSON.stringify(data));
  }, { id: g.gameId, seat, token: g.tokens[seat]!, type });
  await page.goto(`${url}/#/game/${g.gameId}`);
  // A hash change keeps the page: wait for this game's table, not the one still drawn.
  await page.waitForSelector(`section.table[data-game="${type}"][data-game-id="${g.gameId}"] .board`);
}
