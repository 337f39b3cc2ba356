/// <reference lib="dom" />
/**
 * Taking a move back from the table, in Chromium: after a seat's Scout the page offers "Take
 * back my move" (en) / "پس گرفتن حرکتم" (fa); a click undoes it (the seat is to move again,
 * the log says so, the button goes); after a Show (it revealed cards) there is no button.
 * Screenshots (en, fa phone) go to SHOTS (browser.ts).
 */
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createAndJoin, registerPlayer, type Registered } from '../kit/players.js';
import { useServer } from '../kit/server.js';
import { SHOTS, shot, problems, ready, useBrowser, withStorage } from './browser.js';

const server = useServer();
const chrome = useBrowser();

const read = async (id: string, token: string) => (await server.rest('GET', `/v1/games/${id}`, undefined, token)).body;
const move = async (id: string, m: unknown, token: string) => {
  const r = await server.gql('mutation($id: ID!, $m: JSON!) { submitMove(gameId: $id, move: $m) { game { version } } }', { id, m }, token);
  if (r.errors) throw new Error(JSON.stringify(r.errors));
  return r.data.submitMove.game.version as number;
};
const type = (m: unknown) => (m as { type: string }).type;

/** A page signed in as a registered player on the game's table. */
async function asPlayer(browser: Browser, p: Registered, id: string, lang: 'en' | 'fa', viewport = { width: 1000, height: 720 }): Promise<Page> {
  // Signed in before the first load, as the page keeps it: one load.
  const storageState = withStorage(server.url, { 'parlor.v1': JSON.stringify({ name: p.name, lang, player: { id: p.id, name: p.name, token: p.token } }) });
  const page = await (await browser.newContext({ viewport, storageState })).newPage();
  const seen: string[] = [];
  page.on('pageerror', (e) => seen.push(e.message));
  page.on('console', (m) => m.type() === 'error' && seen.push(m.text()));
  Object.assign(page, { problems: seen });
  await page.goto(`${server.url}/#/game/${id}`);
  await ready(page);
  return page;
}

/** A two-player SCOUT game past the rotation and the first show; `scout` is the seat now to move. */
async function toScout(tag: string) {
  const players = [await registerPlayer(server, `Ann ${tag}`), await registerPlayer(server, `Bob ${tag}`)];
  const id = await createAndJoin(server, { game: 'scout', seats: 2, seed: `page-${tag}` }, players);
  for (const p of players) await move(id, { type: 'rotate', rotate: false }, p.token);
  const first = (await read(id, players[0]!.token)).status.toMove[0] as number;
  const shows = (await read(id, players[first]!.token)).legalMoves.filter((m: unknown) => type(m) === 'show');
  await move(id, shows[0], players[first]!.token);
  return { id, players, first, scout: 1 - first };
}

describe('the table offers taking a move back', () => {
  for (const lang of ['en', 'fa'] as const) {
    it(`${lang}: after a Scout the button is there; a click takes the move back (the log says so); after a Show there is none`, async () => {
      const { id, players, first, scout } = await toScout(lang);
      const label = lang === 'en' ? 'Take back my move' : 'پس گرفتن حرکتم';
      const showing = await asPlayer(chrome.browser, players[first]!, id, lang);
      // The Show revealed cards: no take-back offered to its seat.
      await showing.waitForSelector('section.table');
      expect(await showing.locator('button.take-back').count()).toBe(0);

      const page = await asPlayer(chrome.browser, players[scout]!, id, lang, lang === 'fa' ? { width: 390, height: 844 } : { width: 1000, height: 720 });
      const mine = await read(id, players[scout]!.token);
      const version = await move(id, mine.legalMoves.find((m: unknown) => type(m) === 'scout'), players[scout]!.token);
      const button = page.locator('button.take-back');
      await button.waitFor();
      expect((await button.textContent())?.trim()).toContain(label);
      await shot(page, { path: `${SHOTS}/take-back-${lang}.png`, fullPage: lang === 'en' });
      await button.click();
      await page.waitForSelector(`section.table[data-version="${version + 1}"]`);
      await button.waitFor({ state: 'detached' });
      expect((await read(id, players[scout]!.token)).status.toMove).toEqual([scout]);
      // The log (open beside the table on a wide screen) names the take-back.
      if (lang === 'en') await page.locator('text=took back their move').first().waitFor();
      // The other seat's page has no button either.
      expect(await showing.locator('button.take-back').count()).toBe(0);
      expect(problems(page)).toEqual([]);
      expect(problems(showing)).toEqual([]);
    });
  }
});
