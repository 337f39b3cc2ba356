/**
 * Games set up through the API for the page's tests: every seat joined, then (optionally) played
 * to the end by each seat's first legal move. A page is then handed a seat's token as the
 * browser would have kept it (localStorage "parlor.v1"), so it opens the table as that seat.
 */
import type { Browser, Page } from 'playwright-core';
import type { TestServer } from '../kit/server.js';
import { watched, withStorage } from './browser.js';

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

/**
 * Plays every seat's first legal move until the game is over, or until `maxMoves`. The seat to move
 * reads the game with its legal moves (the seat is the one the last answer named, read again if the
 * game moved on meanwhile), then moves; the move's answer carries the mover's legal moves in the
 * game it leaves, so a seat that moves again (a turn of several steps) moves on without a read.
 */
export async function playFirstMoves(server: TestServer, g: ApiGame, maxMoves = 3000): Promise<void> {
  type Game = { version: number; status: { over: boolean; toMove: number[] }; legalMoves: unknown[] | null };
  const fields = 'version status { over toMove } legalMoves';
  const read = async (seat: number | undefined) => {
    const { data } = await server.gql(`query($id: ID!) { game(id: $id) { ${fields} } }`, { id: g.gameId }, seat === undefined ? undefined : g.tokens[seat]);
    return data.game as Game;
  };
  let seat: number | undefined;
  let known: Game | undefined; // the game as the last move's answer left it, read with `seat`'s token
  for (let n = 0; n < maxMoves; n++) {
    let game = known ?? (await read(seat));
    known = undefined;
    if (game.status.over) return;
    if (game.status.toMove[0] !== seat) game = await read((seat = game.status.toMove[0]));
    if (game.status.over) return;
    if (game.status.toMove[0] !== seat) continue; // the game moved on by itself between the two reads: read again
    const sent = await server.gql(`mutation($id: ID!, $m: JSON!, $v: Int) { submitMove(gameId: $id, move: $m, expectedVersion: $v) { game { ${fields} } } }`, { id: g.gameId, m: game.legalMoves![0], v: game.version }, g.tokens[seat!]);
    if (sent.errors) throw new Error(JSON.stringify(sent.errors));
    const after = sent.data.submitMove.game as Game;
    if (after.status.toMove[0] === seat || after.status.over) known = after;
    else seat = after.status.toMove[0];
  }
  throw new Error(`not over after ${maxMoves} moves`);
}

/**
 * A new player's page that opens the table as `seat` at its first load (the seat's token, the name
 * and the language already where the page keeps them): no lobby drawn first, as `player` then
 * `openAsSeat` would.
 */
export async function seatPage(browser: Browser, url: string, g: ApiGame, seat: number, type: string, options: { name?: string; lang?: 'en' | 'fa'; viewport?: { width: number; height: number } } = {}): Promise<Page> {
  const kept = { name: options.name ?? 'Ann', ...(options.lang === 'fa' ? { lang: 'fa' } : {}), seats: { [g.gameId]: { seat, token: g.tokens[seat]!, type, at: Date.now() } } };
  const context = await browser.newContext({ viewport: options.viewport ?? { width: 1000, height: 720 }, deviceScaleFactor: 1, storageState: withStorage(url, { 'parlor.v1': JSON.stringify(kept) }) });
  const page = watched(await context.newPage());
  await page.goto(`${url}/#/game/${g.gameId}`);
  await page.waitForSelector(`section.table[data-game="${type}"][data-game-id="${g.gameId}"] .board`);
  return page;
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
