/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * The tournament pages in Chromium, English and Persian: a player creates a duplicate
 * tournament with bot entrants from the list, joins and starts it, and its page shows the
 * standings and the rounds' boards with their seed hashes (seeds hidden while a table plays).
 * An entrant opens each of their own (sealed) tables from that page and from My games, and plays.
 */
import { describe, expect, it } from 'vitest';
import { useServer } from '../kit/server.js';
import type { Page } from 'playwright-core';
import { POLL_MS, SHOTS, shot, player, problems, ready, useBrowser } from './browser.js';

const server = useServer();
const chrome = useBrowser();

describe('tournament pages', () => {
  for (const lang of ['en', 'fa'] as const) {
    it(`${lang}: create from the list, join, start; the page shows standings and the rounds' boards`, async () => {
      const page = await player(chrome.browser, server.url, lang === 'fa' ? 'آنا' : 'Ann', lang);
      await page.click('a.tournaments-link');
      await page.waitForSelector('form.create-tournament');
      await page.selectOption('form.create-tournament select[name="game"]', 'scout');
      await page.fill('form.create-tournament input[name="rounds"]', '1');
      await page.fill('form.create-tournament input[name="bots"]', 'random, random, random');
      await page.click('form.create-tournament button[type="submit"]');
      await page.waitForSelector('section.tournament[data-status="OPEN"] button.join');
      await page.click('button.join');
      await page.waitForSelector('section.tournament button.start');
      // The creator's start button shows before the join's answer redraws the entrants.
      await page.waitForFunction(() => document.querySelectorAll('p.entrants span').length === 4, undefined, { timeout: 10_000, polling: POLL_MS });
      await page.click('button.start');
      await page.waitForSelector('section.tournament[data-status="RUNNING"] div.round');
      await ready(page);
      // Duplicate by default: 2 boards a round (one per seat), each played at both tables.
      expect(await page.$$eval('div.round[data-round="1"] div.tboard', (b) => b.length)).toBe(2);
      expect(await page.$$eval('div.tboard li', (l) => l.length)).toBe(4);
      expect(await page.$$eval('table.standings tr', (r) => r.length)).toBe(5);
      // The player's own table still plays: its board's seed is not shown.
      expect(await page.$$eval('div.tboard[data-completed="false"] .sealed', (s) => s.length)).toBeGreaterThan(0);
      expect(await page.$$eval('div.tboard[data-completed="false"] .seed-revealed', (s) => s.length)).toBe(0);
      if (lang === 'fa') expect(await page.textContent('section.tournament h3')).toBe('شرکت‌کنندگان');
      await shot(page, { path: `${SHOTS}/tournament-${lang}.png`, fullPage: true });
      expect(problems(page)).toEqual([]);
      await server.play.settle();
    });
  }

  it('en: an entrant opens both duplicate tables of theirs, from the tournament page and from My games, and moves at each', async () => {
    const page = await player(chrome.browser, server.url, 'Ada');
    await page.click('a.tournaments-link');
    await page.waitForSelector('form.create-tournament');
    await page.selectOption('form.create-tournament select[name="game"]', 'scout');
    await page.fill('form.create-tournament input[name="rounds"]', '1');
    await page.fill('form.create-tournament input[name="bots"]', 'random, random, random');
    await page.click('form.create-tournament button[type="submit"]');
    await page.waitForSelector('section.tournament[data-status="OPEN"] button.join');
    await page.click('button.join');
    await page.waitForFunction(() => document.querySelectorAll('p.entrants span').length === 4, undefined, { timeout: 10_000, polling: POLL_MS });
    await page.click('button.start');
    await page.waitForSelector('section.tournament[data-status="RUNNING"] div.round');
    const tournament = page.url();
    // Ada sits at one table of each board; both are sealed while they play.
    const mine = await page.$$eval('div.tboard li:has(span.you) a', (a) => a.map((x) => x.getAttribute('href')!));
    expect(mine).toHaveLength(2);

    // The first from the tournament page's "→".
    await page.click(`div.tboard li a[href="${mine[0]}"]`);
    await rotateAtTable(page);
    // The server drew the board's deal: no "fixed by its creator" warning, the board's own note instead.
    expect(await page.locator('p.seed-fixed').count()).toBe(0);
    expect(await page.locator('p.seed-board').count()).toBe(1);

    // The second from My games in the lobby.
    await page.goto(`${server.url}/#/`);
    await page.waitForSelector(`ul.my-games a[href="${mine[1]}"]`);
    await page.click(`ul.my-games a[href="${mine[1]}"]`);
    await rotateAtTable(page);
    await shot(page, { path: `${SHOTS}/tournament-table-en.png`, fullPage: true });
    await page.goto(tournament);
    await ready(page);
    expect(problems(page)).toEqual([]);
    await server.play.settle();
  });

  it('en: the creator removes an entrant before the start with its ✕ button', async () => {
    const page = await player(chrome.browser, server.url, 'Rue');
    await page.click('a.tournaments-link');
    await page.waitForSelector('form.create-tournament');
    await page.selectOption('form.create-tournament select[name="game"]', 'scout');
    await page.fill('form.create-tournament input[name="rounds"]', '1');
    await page.fill('form.create-tournament input[name="bots"]', 'random, random, greedy, random');
    await page.click('form.create-tournament button[type="submit"]');
    await page.waitForSelector('section.tournament[data-status="OPEN"] button.remove-entrant[data-index="2"]');
    await page.click('button.remove-entrant[data-index="2"]');
    await page.waitForFunction(() => document.querySelectorAll('p.entrants span').length === 3, undefined, { timeout: 10_000, polling: POLL_MS });
    // The greedy bot (the third entrant) is gone; the three random ones stay (named "Bot N (random)": js/names.js).
    const names = await page.$$eval('p.entrants span', (s) => s.map((x) => x.textContent ?? ''));
    expect(names.map((n) => n.includes('(random)'))).toEqual([true, true, true]);
    await page.click('button.join');
    await page.waitForFunction(() => document.querySelectorAll('p.entrants span').length === 4, undefined, { timeout: 10_000, polling: POLL_MS });
    await page.click('button.start');
    await page.waitForSelector('section.tournament[data-status="RUNNING"] div.round');
    expect(await page.locator('button.remove-entrant').count(), 'no removal once started').toBe(0);
    expect(problems(page)).toEqual([]);
    await server.play.settle();
  });
});

/** At a just-opened SCOUT table the seat chooses whether to rotate its hand: it does, and the page takes it. */
async function rotateAtTable(page: Page) {
  await page.waitForSelector('section.table:not([data-seat=""]) button.move[data-type=rotate]', { timeout: 20_000 });
  expect(await page.textContent('body')).not.toContain('FORBIDDEN');
  await page.locator('button.move[data-type=rotate]').first().click();
  // The seat has chosen: its rotate buttons are gone and no error is shown.
  await page.waitForFunction(() => !document.querySelector('button.move[data-type=rotate]') && !document.querySelector('button.move:disabled'), undefined, { timeout: 20_000, polling: POLL_MS });
  expect(await page.locator('.actions .error').count()).toBe(0);
}
