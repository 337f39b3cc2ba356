/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * The web client's page itself: how it is served (gzip, ETags, graphql-ws from node_modules, its scripts
 * bundled, or as written where a server does not bundle them),
 * that it needs nothing from any other origin (it works offline), what it weighs and how soon
 * it can be used, and the lobby's "My games" order.
 */
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { useServer } from '../kit/server.js';
import { POLL_MS, SHOTS, shot, useBrowser, player, problems, ready } from './browser.js';
import { seatedGame } from './api-game.js';

const server = useServer();
const chrome = useBrowser();

describe('serving the web client', () => {
  it('serves the page at / gzipped with an ETag, and answers a repeat visit with 304', async () => {
    const first = await fetch(`${server.url}/`, { headers: { 'accept-encoding': 'gzip' } });
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await first.text();
    const etag = first.headers.get('etag')!;
    const again = await fetch(`${server.url}/`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    // Its scripts bundled (services/web/page-bundle.ts): the entry named by its content's hash, kept by browsers for good.
    const entry = /<script type="module" src="(\/b\/main-\w+\.js)">/.exec(html)?.[1];
    expect(entry, html).toBeDefined();
    expect(html).not.toContain('modulepreload');
    const script = await fetch(`${server.url}${entry}`);
    expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await script.text()).toMatch(/from "\.\/chunk-\w+\.js"/);
    // The modules as written stay served (revalidated at each visit), for a reader of the page's source.
    const written = await fetch(`${server.url}/js/main.js`);
    expect([written.status, written.headers.get('cache-control')]).toEqual([200, 'public, max-age=0, must-revalidate']);
  });

  it("serves graphql-ws's browser build from node_modules, not from a CDN", async () => {
    const res = await fetch(`${server.url}/vendor/graphql-ws.js`, { headers: { 'accept-encoding': 'identity' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(await res.text()).toContain('graphqlWs');
  });

  it('sends the gzip copy only to clients that accept it', async () => {
    const res = await server.app.inject({ url: '/app.css', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString()).toContain('.card');
    const plain = await server.app.inject({ url: '/app.css' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('.card');
  });

  it('answers an unknown file with 404, not the page', async () => {
    const res = await server.app.inject({ url: '/js/nothing-here.js' });
    expect(res.statusCode).toBe(404);
  });
});

describe('the page in Chromium', () => {
  it('loads with no request to any other origin and within its byte budget (time to interactive printed)', async () => {
    const context = await chrome.browser.newContext();
    const page = await context.newPage();
    const foreign: string[] = [];
    await context.route('**/*', (route) => {
      if (new URL(route.request().url()).origin === server.url) return route.continue();
      foreign.push(route.request().url());
      return route.abort(); // as if offline
    });
    const started = Date.now();
    await page.goto(server.url);
    await ready(page);
    const interactive = Date.now() - started;
    const { bytes, requests } = await page.evaluate(() => {
      const entries = [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')] as PerformanceResourceTiming[];
      return { bytes: entries.reduce((n, e) => n + e.transferSize, 0), requests: entries.length };
    });
    console.log(`web client: ${requests} requests, ${bytes} bytes transferred, interactive after ${interactive} ms`);
    expect(foreign).toEqual([]);
    // 50 KB with the scripts bundled (services/web/page-bundle.ts: 15 requests); 64 KB as 22 modules (28 requests).
    expect(bytes).toBeLessThan(64_000);
    // Time to interactive is printed, not asserted: speed is for benchmarks, and a shared machine's clock is noise.
    expect(await page.locator('article.game-type').count()).toBe(4);
    await shot(page, { path: `${SHOTS}/lobby.png` });
    await context.close();
  });

  it("a table's bytes and time to interactive (printed), as a spectator of a Silver game", async () => {
    const { gameId: id } = await seatedGame(server, 'silver', 2); // both seats taken: not an open game for the next test
    const context = await chrome.browser.newContext();
    const page = await context.newPage();
    const started = Date.now();
    await page.goto(`${server.url}/#/game/${id}`);
    await page.waitForSelector('section.table');
    const interactive = Date.now() - started;
    const { bytes, requests } = await page.evaluate(() => {
      const entries = [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')] as PerformanceResourceTiming[];
      return { bytes: entries.reduce((n, e) => n + e.transferSize, 0), requests: entries.length };
    });
    console.log(`web client, a table: ${requests} requests, ${bytes} bytes transferred, interactive after ${interactive} ms`);
    expect(bytes).toBeLessThan(200_000);
    await context.close();
  });

  it('shows only the newest page: a table still loading when the player goes back to the lobby never replaces it, nor their half-filled form', async () => {
    const { gameId: id } = await seatedGame(server, 'scout', 2);
    const page = await player(chrome.browser, server.url, 'Ann');
    // The table's first read of the game waits until the lobby is back on screen.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let answered!: () => void;
    const done = new Promise<void>((resolve) => (answered = resolve));
    await page.route('**/graphql', async (route) => {
      if (!route.request().postData()?.includes(id)) return route.continue();
      await held;
      await route.continue();
      answered();
    });
    await page.evaluate((gameId) => (location.hash = `#/game/${gameId}`), id);
    await page.waitForFunction(() => document.body.dataset.ready === 'false', undefined, { polling: POLL_MS });
    await page.evaluate(() => (location.hash = '#/'));
    await ready(page);
    const form = 'article[data-type=scout]';
    await page.selectOption(`${form} select[name=time-control]`, 'custom');
    release();
    await done;
    // The overtaken table had its answer; give it time to draw (it must not).
    await expect(page.waitForSelector('section.table', { timeout: 1500 })).rejects.toThrow();
    expect(await page.$eval(`${form} select[name=time-control]`, (el) => (el as HTMLSelectElement).value)).toBe('custom');
    expect(await page.$('section.lobby')).not.toBeNull();
    expect(problems(page)).toEqual([]);
    await page.context().close();
  });

  it("polls the lists once at a time: a poll still waiting when the next falls due is not joined by another, and the polls go on once it is answered", async () => {
    // The page's clock is Playwright's, moved on by the test; the page counts the lists' requests as it sends them.
    const page = await player(chrome.browser, server.url, 'Ann', 'en', (context) =>
      Promise.all([
        context.clock.install(),
        context.addInitScript(() => {
          const send = window.fetch.bind(window);
          const counted = window as unknown as { listPolls: number };
          counted.listPolls = 0;
          window.fetch = (input, init) => {
            if (String(init?.body ?? '').includes('openGames')) counted.listPolls++;
            return send(input, init);
          };
        }),
      ]),
    );
    const listPolls = () => page.evaluate(() => (window as unknown as { listPolls: number }).listPolls);
    expect(await listPolls()).toBe(1); // the lobby's first drawing
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/graphql', async (route) => {
      if (route.request().postData()?.includes('openGames')) await held;
      await route.continue();
    });
    await page.clock.runFor(10_000);
    expect(await listPolls()).toBe(2); // the poll, held in flight
    await page.clock.runFor(10_000);
    expect(await listPolls()).toBe(2); // the next one falls due while it waits: skipped
    // Answered, the held poll draws the lists anew (headings not marked as drawn before: no game left open for the next test); the one after it asks again.
    await page.evaluate(() => document.querySelectorAll<HTMLElement>('section.lobby h2').forEach((h) => (h.dataset.drawn = 'before')));
    release();
    await page.waitForSelector('section.lobby h2:not([data-drawn])');
    await page.clock.runFor(10_000);
    expect(await listPolls()).toBe(3);
    expect(problems(page)).toEqual([]);
  });

  it('lists my games with those awaiting my move first, and the open games with invite links', async () => {
    const ann = await player(chrome.browser, server.url, 'Ann');
    // Ann opens a game nobody joins (no one is to move yet), then a SCOUT game Bob joins.
    await ann.locator('article.game-type[data-type=silver] button[type=submit]').click();
    await ann.waitForSelector('section.table');
    await ann.goto(`${server.url}/#/`);
    await ann.locator('article.game-type[data-type=scout] button[type=submit]').click();
    await ann.waitForSelector('section.table');
    const scoutId = /#\/game\/([\w-]+)/.exec(ann.url())![1]!;
    const bob = await player(chrome.browser, server.url, 'Bob'); // his lobby opens once both games are open
    expect(await bob.locator('ul.open-games li .invite-link').count()).toBe(2);
    await bob.locator(`li[data-game="${scoutId}"] button.join`).click();
    await bob.waitForSelector('section.table[data-seat="1"]');

    await ann.goto(`${server.url}/#/`);
    await ann.waitForSelector('ul.my-games li');
    const mine = await ann.locator('ul.my-games li').evaluateAll((lis) => lis.map((li) => ({ href: li.querySelector('a')!.getAttribute('href'), awaiting: li.classList.contains('awaiting') })));
    expect(mine).toHaveLength(2);
    expect(mine[0]).toEqual({ href: `#/game/${scoutId}`, awaiting: true }); // SCOUT starts with every seat choosing its rotation
    expect(mine[1]!.awaiting).toBe(false);
    await ann.evaluate(() => localStorage.setItem('parlor.v1', JSON.stringify({ ...JSON.parse(localStorage.getItem('parlor.v1')!), lang: 'fa' })));
    await ann.reload();
    await ready(ann);
    expect(await ann.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await ann.locator('article.game-type[data-type=scout] h3').textContent()).toContain('اسکات');
    await shot(ann, { path: `${SHOTS}/lobby-fa.png` });
    expect(problems(ann)).toEqual([]);
    expect(problems(bob)).toEqual([]);
  });
});

describe('the page as written (a server without esbuild, or told not to bundle)', () => {
  const unbundled = useServer({ web: { bundle: false } });

  it('loads public/js module by module, and a table hints all of its modules at once', async () => {
    const { gameId } = await seatedGame(unbundled, 'scout', 2);
    const page = await player(chrome.browser, unbundled.url, 'Ann');
    expect(await page.getAttribute('script[type=module]', 'src')).toBe('/js/main.js');
    expect(await page.locator('link[rel=modulepreload]').count()).toBeGreaterThan(0);
    await page.evaluate((id) => (location.hash = `#/game/${id}`), gameId);
    await page.waitForSelector('section.table .board');
    expect(await page.locator('link[rel=modulepreload][href="/js/table.js"]').count()).toBe(1);
    expect(problems(page)).toEqual([]);
  });
});
