/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * The replay page in Chromium: a finished game from two seats and face-up (only face-up shows the
 * other seat's hand), the shareable link opening its step, the slider, the buttons and the arrow
 * keys (mirrored in Persian), stepping back during a game through the seat's own views only, no
 * sideways scroll at 360 px, and screenshots in English and Persian.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { games } from '../../services/engine/registry.js';
import { useServer } from '../kit/server.js';
import { openAsSeat, seatPage, playFirstMoves, seatedGame, type ApiGame } from './api-game.js';
import { hiddenInformation, player, problems, SHOTS, shot, useBrowser } from './browser.js';

const server = useServer();
const chrome = useBrowser();

const shown = (page: Page) =>
  page.evaluate(() => {
    const t = document.querySelector<HTMLElement>('section.table.replay')!;
    return { version: Number(t.dataset.version), seat: t.dataset.seat, faceUp: t.dataset.faceUp === 'true', boards: document.querySelectorAll('.board').length, current: document.querySelector<HTMLElement>('.history li.current')?.dataset.version ?? null };
  });
const atStep = (page: Page, version: number) => page.waitForSelector(`section.table.replay[data-version="${version}"]`);
/**
 * A finished SCOUT game, played once for the file: the tests that read one only replay it (nothing
 * they do changes a finished game), so each need not play its own to the end.
 */
let finished: Promise<ApiGame> | undefined;
function finishedScout() {
  return (finished ??= (async () => {
    const g = await seatedGame(server, 'scout', 2, {}, 'replay-finished');
    await playFirstMoves(server, g);
    return g;
  })());
}
/** Opens the replay link of a step (`seat`: a seat number or "all") and waits for it, drawn from `shown`'s point of view. */
async function openStep(page: Page, gameId: string, version: number, seat: number | 'all', shown: number | 'all' = seat) {
  await page.goto(`${server.url}/#/game/${gameId}/replay/${version}?seat=${seat}`);
  // The step before may still be drawn with the same version: wait for the point of view too.
  await page.waitForSelector(`section.table.replay[data-version="${version}"]${shown === 'all' ? '[data-face-up="true"]' : `[data-seat="${shown}"][data-face-up="false"]`}`);
}
/** The face-up cards in seat `seat`'s hand zones on the page. */
const handCards = (page: Page, seat: number) => page.locator(`[data-hand="${seat}"] .card:not(.back)`).count();

describe('the replay page', () => {
  it('replays a finished game from two seats and face-up: only face-up shows the other seat’s hand; the link opens that step', async () => {
    const g = await finishedScout();
    const page = await seatPage(chrome.browser, server.url, g, 0, 'scout');
    await page.locator('a.replay-link').click();
    await page.waitForSelector('section.table.replay .board');
    expect((await shown(page)).seat).toBe('0'); // a seated player starts from its own seat

    // A shareable link: seat 0 at step 6 (the round's first choices are made: both hands are dealt).
    await openStep(page, g.gameId, 6, 0);
    expect(await shown(page)).toMatchObject({ version: 6, seat: '0', faceUp: false, boards: 1, current: '6' });
    expect(await handCards(page, 0)).toBeGreaterThan(0);
    expect(await handCards(page, 1)).toBe(0);
    expect((await hiddenInformation(page)).leaks).toEqual([]);

    await page.selectOption('.replay-seat select', '1');
    await page.waitForSelector('section.table.replay[data-seat="1"] .board');
    expect(await handCards(page, 1)).toBeGreaterThan(0);
    expect(await handCards(page, 0)).toBe(0);
    expect(page.url()).toContain(`/replay/6?seat=1`);

    await page.selectOption('.replay-seat select', 'all');
    await page.waitForSelector('section.table.replay[data-face-up="true"] section.seat-view');
    expect((await shown(page)).boards).toBe(2);
    expect(await handCards(page, 0)).toBeGreaterThan(0);
    expect(await handCards(page, 1)).toBeGreaterThan(0);
    expect(page.url()).toContain(`/replay/6?seat=all`);

    // The copied link opens the same step and point of view in a fresh page.
    const other = await player(chrome.browser, page.url(), 'Eve'); // its first load is the link
    await atStep(other, 6);
    expect(await shown(other)).toMatchObject({ version: 6, faceUp: true, boards: 2 });
    expect(problems(page)).toEqual([]);
    expect(problems(other)).toEqual([]);
  });

  it('steps with the buttons, the slider and the arrow keys (mirrored in Persian)', async () => {
    const g = await finishedScout();
    for (const lang of ['en', 'fa'] as const) {
      // The step's link as the page's first load (one load, not the lobby's and then the replay's).
      const page = await player(chrome.browser, `${server.url}/#/game/${g.gameId}/replay/5?seat=0`, 'Ann', lang);
      await page.waitForSelector('section.table.replay[data-version="5"][data-seat="0"][data-face-up="false"]');
      const forward = lang === 'fa' ? 'ArrowLeft' : 'ArrowRight';
      const backward = lang === 'fa' ? 'ArrowRight' : 'ArrowLeft';
      await page.keyboard.press(forward);
      await atStep(page, 6);
      await page.keyboard.press(backward);
      await page.keyboard.press(backward);
      await atStep(page, 4);
      await page.locator('.replay-controls button.step').last().click();
      await atStep(page, 5);
      await page.locator('.replay-controls button.step').first().click();
      await atStep(page, 4);
      await page.locator('.replay-slider').fill('9');
      await atStep(page, 9);
      expect((await shown(page)).current).toBe('9');
      await page.locator('.replay-slider').focus();
      await page.keyboard.press(forward); // the slider steps as the page does, one version, the same way
      await atStep(page, 10);
      expect(page.url()).toContain('/replay/10?seat=0');
      expect(problems(page)).toEqual([]);
    }
  });

  it('during a game, steps back through the seat’s own views only: no chooser, no other hand', async () => {
    const g = await seatedGame(server, 'scout', 2, {}, 'replay-running');
    await playFirstMoves(server, g, 8).catch((e: Error) => {
      if (!/not over/.test(e.message)) throw e; // left running on purpose
    });
    const page = await seatPage(chrome.browser, server.url, g, 1, 'scout', { name: 'Bob' });
    await page.locator('a.replay-link').click();
    await page.waitForSelector('section.table.replay .board');
    const at = await shown(page);
    expect(at.seat).toBe('1');
    expect(await page.locator('.replay-seat select').count()).toBe(0);
    for (let v = at.version; v >= at.version - 4; v--) {
      await openStep(page, g.gameId, v, 0, 1); // another seat asked for in the link: still its own
      expect((await shown(page)).seat).toBe('1');
      expect(await handCards(page, 0)).toBe(0);
      expect((await hiddenInformation(page)).leaks).toEqual([]);
    }
    expect(problems(page)).toEqual([]);
  });

  it('draws every game’s board read-only at the steps asked for, from a seat and (finished) face-up', async () => {
    const page = await player(chrome.browser, server.url, 'Ann');
    for (const game of games) {
      // SCOUT's is the file's finished game.
      const g = game.id === 'scout' ? await finishedScout() : await seatedGame(server, game.id, 2, game.id === 'silver' ? { rounds: 1 } : game.id === 'seledyne' ? { stages: 1 } : {}, `replay-${game.id}`);
      if (game.id !== 'scout')
        await playFirstMoves(server, g, 300).catch((e: Error) => {
          if (!/not over/.test(e.message)) throw e; // first moves may never end a game (Sea Salt & Paper): stepped back through
        });
      const { data } = await server.gql('query($id: ID!) { game(id: $id) { version status { over } } }', { id: g.gameId });
      if (!data.game.status.over) await openAsSeat(page, server.url, g, 0, game.id); // a running game steps back as a seat
      for (const version of [3, Math.floor(data.game.version / 2), data.game.version]) {
        for (const seat of data.game.status.over ? ([0, 'all'] as const) : ([0] as const)) {
          await openStep(page, g.gameId, version, seat);
          expect(await page.locator('section.table.replay .board').count(), `${game.id} at ${version} (${seat})`).toBe(seat === 'all' ? 2 : 1);
          expect(await page.locator('.board .card.live, button.move').count(), `${game.id}: nothing to click`).toBe(0);
        }
      }
    }
    expect(problems(page)).toEqual([]);
  }, 180_000);

  it('has no sideways scroll at 360 px, and its screenshots in English and Persian', async () => {
    const g = await finishedScout();
    for (const lang of ['en', 'fa'] as const) {
      const page = await player(chrome.browser, server.url, 'Ann', lang);
      await page.setViewportSize({ width: 360, height: 740 });
      await openStep(page, g.gameId, 12, 'all');
      await page.waitForSelector('section.seat-view');
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${lang} at 360 px`).toBeLessThanOrEqual(360);
      await shot(page, { path: join(SHOTS, `replay-${lang}-phone-face-up.png`), fullPage: true });
      await page.setViewportSize({ width: 1000, height: 900 });
      await openStep(page, g.gameId, 12, 0);
      await shot(page, { path: join(SHOTS, `replay-${lang}.png`), fullPage: true });
      expect(problems(page)).toEqual([]);
    }
  });
});
