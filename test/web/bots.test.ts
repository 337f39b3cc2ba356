/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * Bots from the lobby's one create form, in Chromium: every seat but the creator's offers a person
 * or each of the server's bot kinds, with its levels; a newcomer picks a bot per seat, the game
 * starts with them seated in the other seats, two bots of one kind have names of their own (seat
 * bar, log), and the bots' moves show on the table (history, marked as the bot's).
 * Screenshots, desktop and phone-sized, English and Persian, go to SHOTS (browser.ts).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { BOT_KINDS } from '../../services/bots/kinds.js';
import { games } from '../../services/engine/registry.js';
import { useServer } from '../kit/server.js';
import { SHOTS, shot, player, problems, useBrowser } from './browser.js';

const server = useServer();
const chrome = useBrowser();
const PHONE = { width: 390, height: 844 };

/** Waits for a game type's seat rows (drawn once the catalog's bot kinds are in). */
async function openBots(page: Page, type: string) {
  await page.waitForSelector(`article[data-type="${type}"] .bot-seat`);
}

/**
 * Plays the page's first move whenever it is the player's, until the log shows a bot's move: a move
 * button the table offers in place, else the first of the "All moves" panel (this test is about
 * the bots; play-<game>.test.ts plays by clicking cards in place).
 */
async function untilBotMoved(page: Page) {
  for (let step = 0; step < 50; step++) {
    if (await page.$('ol.history .tag.by[data-by^="bot:"]')) return;
    // The table re-renders on every update: a button gone meanwhile is simply looked up again.
    if (await page.$('button.move:not(:disabled)')) await page.locator('button.move:not(:disabled)').first().click({ timeout: 1_000 }).catch(() => {});
    else if (await page.$('button.move-all:not(:disabled)')) {
      if (!(await page.$('details.all-moves[open]'))) await page.locator('details.all-moves summary').click({ timeout: 1_000 }).catch(() => {});
      await page.locator('button.move-all:not(:disabled)').first().click({ timeout: 1_000 }).catch(() => {});
    }
    // The bot's move, as soon as it shows (up to 200 ms), before looking again for a move of ours.
    await page.waitForSelector('ol.history .tag.by[data-by^="bot:"]', { timeout: 200 }).catch(() => {});
  }
  throw new Error('no bot move showed in the history');
}

describe('Bots from the lobby, in the one create form', () => {
  it('every game offers, for every other seat, a person or every bot kind of the server, with its levels', async () => {
    const page = await player(chrome.browser, server.url, 'Ann');
    for (const g of games) {
      await openBots(page, g.id);
      const offered = await page.$$eval(`article[data-type="${g.id}"] .bot-seat[data-seat="1"] select[name="seat-kind-1"] option`, (os) => os.map((o) => (o as HTMLOptionElement).value));
      expect(offered, g.id).toEqual(['person', ...Object.keys(BOT_KINDS)]);
      // The kind with levels offers exactly its levels.
      for (const [kind, k] of Object.entries(BOT_KINDS).filter(([, k]) => k.levels.length)) {
        await page.selectOption(`article[data-type="${g.id}"] select[name="seat-kind-1"]`, kind);
        const levels = await page.$$eval(`article[data-type="${g.id}"] select[name="bot-level-1"] option`, (os) => os.map((o) => Number((o as HTMLOptionElement).value)));
        expect(levels, `${g.id} ${kind}`).toEqual(k.levels);
      }
    }
    expect(problems(page)).toEqual([]);
  });

  for (const lang of ['en', 'fa'] as const) {
    it(`${lang}: starts a game with the player seated and bots in the other seats, and the bots' moves show`, async () => {
      const page = await player(chrome.browser, server.url, lang === 'fa' ? 'آنا' : 'Ann', lang);
      const type = lang === 'fa' ? 'sea-salt-and-paper' : 'scout';
      await openBots(page, type);
      // Four seats: the bots take seats 2 to 4, two greedy ones and a random one.
      await page.selectOption(`article[data-type="${type}"] select[name="seats"]`, '4');
      await page.selectOption(`article[data-type="${type}"] select[name="seat-kind-1"]`, 'greedy');
      await page.selectOption(`article[data-type="${type}"] select[name="seat-kind-2"]`, 'greedy');
      await page.selectOption(`article[data-type="${type}"] select[name="seat-kind-3"]`, 'random');
      // With every other seat a bot, the one button says the game starts at once.
      expect(await page.textContent(`article[data-type="${type}"] button[type=submit]`)).toBe(lang === 'fa' ? 'ساختن و بازی' : 'Create and play');
      await shot(page, { path: `${SHOTS}/vs-bots-lobby-${lang}.png`, fullPage: true });
      await page.click(`article[data-type="${type}"] button[type=submit]`);
      await page.waitForSelector('section.table .board');
      expect(await page.$eval('section.table', (t) => (t as HTMLElement).dataset.seat)).toBe('0');
      // Every bot seat has a name of its own, in the page's language: the two greedy bots differ.
      const names = await page.$$eval('ol.players li .pname', (ls) => ls.map((l) => l.textContent));
      expect(names.slice(1)).toEqual(lang === 'fa' ? ['ربات ۲ (حریص)', 'ربات ۳ (حریص)', 'ربات ۴ (تصادفی)'] : ['Bot 2 (greedy)', 'Bot 3 (greedy)', 'Bot 4 (random)']);
      const tags = await page.$$eval('ol.players li', (ls) => ls.map((l) => l.querySelector('.tag.bot')?.textContent ?? null));
      expect(tags).toEqual([null, ...Array(3).fill(lang === 'fa' ? 'ربات' : 'bot')]);
      // The history marks the bots' moves as theirs (the player moves, by its first button, until a bot has).
      await untilBotMoved(page);
      const by = await page.$$eval('ol.history .tag.by', (ts) => ts.map((t) => (t as HTMLElement).dataset.by));
      expect(by.every((b) => b === 'bot:greedy' || b === 'bot:random' || b === 'auto')).toBe(true);
      // The log names the bots as the seat bar does.
      const log = await page.textContent('ol.history');
      expect(log).toMatch(lang === 'fa' ? /ربات [۲۳۴] \((حریص|تصادفی)\)/ : /Bot [234] \((greedy|random)\)/);
      expect(log).not.toContain('greedy bot');
      await shot(page, { path: `${SHOTS}/vs-bots-table-${lang}.png`, fullPage: true });
      await page.setViewportSize(PHONE);
      await shot(page, { path: `${SHOTS}/vs-bots-table-${lang}-phone.png`, fullPage: true });
      await page.goto(`${server.url}/#/`);
      await page.waitForSelector('article.game-type');
      await openBots(page, type);
      await shot(page, { path: `${SHOTS}/vs-bots-lobby-${lang}-phone.png`, fullPage: true });
      expect(problems(page)).toEqual([]);
    });
  }
});
