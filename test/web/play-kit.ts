/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * How two people play a game to the end in a real browser (test/web/play-*.test.ts), by clicking
 * what a player clicks: the lobby's create form (options chosen in the form), Join in the open games
 * list or on the invite link, then highlighted cards and move buttons, picked at random among
 * what the page offers. The other seat's page follows over graphql-ws without reloading.
 * Every step checks that neither page shows the other seat's hidden cards. Screenshots go to
 * SHOTS (browser.ts).
 */
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { useServer } from '../kit/server.js';
import { SHOTS, POLL_MS, shot, atVersion, hiddenInformationAt, useBrowser, offered, player, problems, tableState } from './browser.js';

/** One file's server and browser, and the two ways a test plays: start a game from the lobby, play it to the end. */
export function usePlay() {
  const server = useServer();
  const chrome = useBrowser();

  /** A small seeded generator, so a failing run can be replayed. */
  function random(seed: number) {
    let s = seed >>> 0;
    return (n: number) => {
      s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
      return Math.floor((s / 2 ** 32) * n); // the high bits: an LCG's low bits just alternate
    };
  }

  async function shotOf(page: Page, name: string) {
    await shot(page, { path: `${SHOTS}/${name}.png`, fullPage: true });
  }

  /** Ann creates the game from the lobby with the given options; Bob joins (from the list, or by the invite link). */
  async function startGame(type: string, options: Record<string, string>, how: 'list' | 'invite', lang: 'en' | 'fa' = 'en') {
    const ann = await player(chrome.browser, server.url, 'Ann', lang);
    const form = ann.locator(`article.game-type[data-type="${type}"]`);
    await form.locator('form summary').click();
    for (const [name, value] of Object.entries(options)) {
      const control = form.locator(`[name="${name}"]`);
      if ((await control.evaluate((e) => e.tagName)) === 'SELECT') await control.selectOption({ label: value });
      else await control.fill(value);
    }
    await form.locator('button[type=submit]').click();
    await ann.waitForSelector('section.table');
    const gameId = /#\/game\/([\w-]+)/.exec(ann.url())![1]!;
    // Bob's page opens once the game is there, on the page he joins from: the lobby listing it, or the
    // invite link (one page load each, not a lobby load and then a reload or a hash change).
    const bob = await player(chrome.browser, how === 'list' ? server.url : `${server.url}/#/game/${gameId}`, 'Bob', lang);
    if (how === 'list') await bob.locator(`li[data-game="${gameId}"] button.join`).click();
    else await bob.locator('.join-here button').click();
    await bob.waitForSelector('section.table[data-seat="1"]');
    return { gameId, pages: [ann, bob] };
  }

  /**
   * Moves that bring the end nearer (calls that end a round; in Silver drawing from the deck,
   * discarding the drawn card, skipping optional steps, ending the turn): a player who wants a
   * short game takes one of them half the time they are offered.
   */
  const HURRY = new Set(['call', 'stop', 'lastChance', 'draw', 'discard', 'skip', 'end']);

  /**
   * The seat to move plays in place: it clicks highlighted cards and places, and the buttons the
   * page offers beside them (moves that need no card, or that the selection completes), never the
   * "All moves" panel. A call asks once more: the player clicks it again.
   */
  async function clickAMove(page: Page, before: number, pick: (n: number) => number) {
    for (let click = 0; click < 40; click++) {
      let now = await offered(page);
      if (now.version > before) return;
      if (now.cards + now.moves.length === 0) {
        // A seat's only move is the server's to make (autoAdvance, a background reaction): offered nowhere, it comes by itself.
        await page.waitForFunction((v) => Number(document.querySelector<HTMLElement>('section.table')?.dataset.version) > v, before, { timeout: 15_000, polling: POLL_MS }).catch(() => {});
        now = await offered(page);
        if (now.version > before) return;
      }
      if (now.cards + now.moves.length === 0) await stuck(page, 'a seat to move is offered no card and no move in place for 15 s');
      const selecting = now.selected > 0;
      if (now.moves.length && (now.cards === 0 || pick(selecting ? 4 : 2) > 0)) {
        const hurry = now.moves.flatMap((type, i) => (HURRY.has(type) ? [i] : []));
        const choice = hurry.length && pick(2) === 0 ? hurry[pick(hurry.length)]! : pick(now.moves.length);
        await page.locator('button.move').nth(choice).click();
        if (await page.$('button.move.armed')) await page.locator('button.move.armed').click();
      } else {
        // Near its leading edge: in SCOUT's fan on a phone only that part of a card shows (the next card covers the rest).
        await page.locator('.board .card.live').nth(pick(now.cards)).click({ position: { x: 8, y: 16 } });
      }
      await atVersion(page, before);
    }
    await stuck(page, 'no move was made in 40 clicks');
  }

  /** Fails with what the page shows and what the server says the seat may do, so a stall explains itself. */
  async function stuck(page: Page, why: string): Promise<never> {
    const shown = await page.evaluate(() => ({
      selected: [...document.querySelectorAll<HTMLElement>('.board .card.selected')].map((e) => e.dataset.key),
      live: [...document.querySelectorAll<HTMLElement>('.board .card.live')].map((e) => e.dataset.key),
      buttons: [...document.querySelectorAll('button.move')].map((b) => b.textContent),
      all: [...document.querySelectorAll<HTMLElement>('button.move-all')].map((b) => b.title),
      error: document.querySelector('.actions .error')?.textContent ?? null,
      dialog: document.querySelector('dialog[open]')?.textContent ?? null,
      busy: document.querySelectorAll('button:disabled').length,
      version: document.querySelector<HTMLElement>('section.table')?.dataset.version,
      seat: document.querySelector<HTMLElement>('section.table')?.dataset.seat,
      store: localStorage.getItem('parlor.v1'),
    }));
    const gameId = /#\/game\/([\w-]+)/.exec(page.url())?.[1];
    const token: string | undefined = gameId ? JSON.parse(shown.store ?? '{}').seats?.[gameId]?.token : undefined;
    const server_ = gameId ? (await server.gql('query($id: ID!) { game(id: $id) { version seat status { phase toMove } legalMoves } }', { id: gameId }, token)).data : null;
    await page.screenshot({ path: `${SHOTS}/stuck.png`, fullPage: true });
    throw new Error(`${why}: the page ${JSON.stringify({ ...shown, store: undefined })}; the server ${JSON.stringify(server_)}; console ${JSON.stringify(problems(page))}`);
  }

  async function playToTheEnd(gameId: string, pages: Page[], name: string, seed: number, maxSteps: number) {
    const pick = random(seed);
    const seatPage = new Map<number, Page>();
    for (const p of pages) seatPage.set((await tableState(p))!.seat!, p);
    let ownSeen = 0;
    for (let step = 0; ; step++) {
      expect(step, 'the game ends within the step budget').toBeLessThan(maxSteps);
      const { data } = await server.gql('query($id: ID!) { game(id: $id) { version status { toMove over } } }', { id: gameId });
      const { version, status } = data.game;
      for (const p of pages) {
        const { leaks, own } = await hiddenInformationAt(p, version);
        expect(leaks, 'no page shows another seat’s hidden cards').toEqual([]);
        ownSeen += own;
      }
      if (status.over) break;
      if (step === 6) await shotOf(pages[status.toMove[0]]!, `${name}-1-play`);
      await clickAMove(seatPage.get(status.toMove[pick(status.toMove.length)])!, version, pick);
    }
    expect(ownSeen, 'each page shows its own hand (the check above is not vacuous)').toBeGreaterThan(0);
    for (const p of pages) {
      expect((await tableState(p))!.over).toBe(true);
      await p.locator('.banner.over').waitFor();
    }
    // The game log is open beside the table (the page is 1000 px wide).
    await pages[0]!.locator('ol.history li').first().waitFor();
    await shotOf(pages[0]!, `${name}-2-over`);
    for (const p of pages) expect(problems(p)).toEqual([]);
  }

  return { server, startGame, playToTheEnd };
}
