/// <reference lib="dom" />
/**
 * The rules pages in Persian (issue #23 §1), in Chromium: a page in Persian shows
 * docs/rules/<game>.fa.md right to left, with the section a link asks for ("#/rules/scout/3.4")
 * found under the same id as in English; a game without a Persian text falls back to the English
 * one with a note. Screenshots: docs/screenshots/rules-<game>-fa.png and rules-scout-fa-390.png.
 */
import { describe, expect, it } from 'vitest';
import { games } from '../../services/engine/registry.js';
import { useServer } from '../kit/server.js';
import { SHOTS, shot, player, problems, useBrowser, withStorage } from './browser.js';

const server = useServer();
const chrome = useBrowser();

/** A section each game's option help links to, and a word of its Persian heading. */
const SECTION: Record<string, string> = { scout: '3.4', 'sea-salt-and-paper': '2.4', seledyne: '4.5', silver: '4.1' };

describe('the rules in Persian', () => {
  for (const { id } of games) {
    it(`${id}: a Persian page shows the Persian text right to left, and a link to §${SECTION[id]} lands on that section`, async () => {
      const res = await fetch(`${server.url}/rules/${id}.fa.md`);
      expect(res.status).toBe(200);
      // The link opened as a first load (one load, not the lobby's and then the rules').
      const page = await player(chrome.browser, `${server.url}/#/rules/${id}/${SECTION[id]}`, 'Ann', 'fa');
      await page.waitForSelector('section.rules .rules-text');
      const article = page.locator('.rules-text');
      expect(await article.getAttribute('lang')).toBe('fa');
      expect(await article.getAttribute('dir')).toBe('rtl');
      expect(await page.textContent('section.rules header')).not.toContain('هنوز نوشته نشده');
      const heading = page.locator(`.rules-text [id="s-${SECTION[id]}"]`);
      expect(await heading.count()).toBe(1);
      expect(await heading.textContent()).toMatch(/^[۰-۹.]+ \p{Script=Arabic}/u); // Persian digits, Persian words
      expect(await page.locator('.rules-text table').count()).toBeGreaterThan(0);
      await shot(page, { path: `${SHOTS}/rules-${id}-fa.png` });
      expect(problems(page)).toEqual([]);
      await page.context().close();
    });
  }

  it('at 390 px the Persian rules need no sideways scrolling (wide tables scroll in their own box)', async () => {
    const storageState = withStorage(server.url, { 'parlor.v1': JSON.stringify({ name: 'Ann', lang: 'fa' }) });
    const context = await chrome.browser.newContext({ viewport: { width: 390, height: 800 }, hasTouch: true, isMobile: true, deviceScaleFactor: 1, storageState });
    const page = await context.newPage();
    await page.goto(`${server.url}/#/rules/scout/2.3`);
    await page.waitForSelector('.rules-text[lang=fa]');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, { path: `${SHOTS}/rules-scout-fa-390.png` });
    await context.close();
  });

  it('a game without a Persian text shows the English one, marked as English, with a note', async () => {
    const page = await player(chrome.browser, `${server.url}/#/rules/scout/3.4`, 'Ann', 'fa', (context) => context.route('**/rules/scout.fa.md', (route) => route.fulfill({ status: 404, body: '' })));
    await page.waitForSelector('section.rules .rules-text');
    expect(await page.locator('.rules-text').getAttribute('lang')).toBe('en');
    expect(await page.locator('.rules-text').getAttribute('dir')).toBe('ltr');
    expect(await page.textContent('section.rules header')).toContain('هنوز نوشته نشده');
    expect(await page.locator('.rules-text [id="s-3.4"]').count()).toBe(1);
    await page.context().close();
  });
});
