/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * Play now in Chromium: an English player on a desktop and a Persian player on a 360 px phone
 * each press Play now for SCOUT in the lobby and both land at the same table; the panel fits the
 * phone (no sideways scroll) and is mirrored in Persian. The open challenges list takes an Accept.
 */
import { describe, expect, it } from 'vitest';
import { useServer } from '../kit/server.js';
import { POLL_MS, SHOTS, shot, player, problems, ready, useBrowser } from './browser.js';

const server = useServer();
const chrome = useBrowser();
const gameOf = (url: string) => /#\/game\/([\w-]+)/.exec(url)?.[1];

describe('finding a game on the page', () => {
  it('Play now: two players meet at one table (en desktop, fa phone)', async () => {
    // Ann's page keeps its time on Playwright's clock (flowing as the real one): the test moves it on to her next poll instead of waiting up to 5 s.
    const ann = await player(chrome.browser, server.url, 'Ann', 'en', (context) => context.clock.install());
    const bob = await player(chrome.browser, server.url, 'بابک', 'fa');
    await bob.setViewportSize({ width: 360, height: 740 });
    await ann.waitForSelector('section.matchmaking button.play-now[data-game=scout]');
    await ann.click('section.matchmaking button.play-now[data-game=scout]');
    await ann.waitForSelector('section.matchmaking button.leave-pool');
    await bob.waitForSelector('section.matchmaking button.play-now[data-game=scout]');
    expect(await bob.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await bob.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await bob.textContent('section.matchmaking h2')).toBe('همین حالا بازی کن');
    await shot(bob, { path: `${SHOTS}/play-now-fa-phone.png`, fullPage: true });
    await bob.click('section.matchmaking button.play-now[data-game=scout]');
    await bob.waitForFunction(() => location.hash.startsWith('#/game/'), undefined, { timeout: 15_000, polling: POLL_MS });
    // Ann's page asks how the pool stands every few seconds: at its next poll it finds the game and opens it.
    await ann.clock.fastForward(5_000);
    await ann.waitForFunction(() => location.hash.startsWith('#/game/'), undefined, { timeout: 15_000 });
    expect(gameOf(ann.url())).toBe(gameOf(bob.url()));
    await ready(ann);
    await ann.waitForSelector('section.table');
    expect(problems(ann)).toEqual([]);
    expect(problems(bob)).toEqual([]);
  });

  it('an open challenge is listed and accepted from the lobby', async () => {
    const cy = await player(chrome.browser, server.url, 'Cy');
    await cy.waitForSelector('form.open-seek');
    await cy.selectOption('form.open-seek select[name="seek-game"]', 'scout');
    await cy.click('form.open-seek button[type=submit]');
    await cy.waitForSelector('section.matchmaking ul.seeks li button.cancel-seek');
    const dee = await player(chrome.browser, server.url, 'Dee');
    await dee.waitForSelector('section.matchmaking ul.seeks li button.accept-seek');
    await dee.click('section.matchmaking ul.seeks li button.accept-seek');
    await dee.waitForFunction(() => location.hash.startsWith('#/game/'), undefined, { timeout: 15_000, polling: POLL_MS });
    await ready(dee);
    await dee.waitForSelector('section.table');
    expect(problems(dee)).toEqual([]);
  });
});
