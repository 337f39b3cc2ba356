/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * What a newcomer tripped on (issue 38, items 2–7 and 9), in Chromium: the lobby's one create form
 * (people and bots in any mix, any clock, rated), clocks that warn (look, tab title, sound) and My
 * games by time left, Silver's power named on its button and captions whole, a "How to play" page
 * per game, notification settings on Account with retry and a keyboard-dismissable offer, Persian
 * with no Latin letters or digits, 44 px targets, and SCOUT's hand whole at 360 px.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { games } from '../../services/engine/registry.js';
import { registerPlayer } from '../kit/players.js';
import { useServer } from '../kit/server.js';
import { openAsSeat, seatPage, seatedGame } from './api-game.js';
import { POLL_MS, SHOTS, shot, player, problems, ready, useBrowser } from './browser.js';

// Push endpoints on loopback are let through (the test's stand-in subscription points there).
const server = useServer({ notifications: { privateAddresses: true } });
const chrome = useBrowser();
const PHONE = { width: 390, height: 844 };
const NARROW = { width: 360, height: 800 };

/**
 * Visible text with Latin letters or ASCII digits, outside what is code or typed (seed hashes, the
 * debug panel, inputs) and the "i" icon of the info buttons (named in Persian by their aria-label).
 */
async function latinText(page: Page, root = 'body') {
  return page.evaluate((root) => {
    const skip = 'code, pre, .debug, input, textarea, #lang, .fairness, script, style, .chat, button.info';
    const found: string[] = [];
    const walker = document.createTreeWalker(document.querySelector(root)!, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement!;
      if (el.closest(skip) || !el.checkVisibility()) continue;
      const text = n.textContent!.trim();
      if (/[A-Za-z0-9]/.test(text)) found.push(text.slice(0, 60));
    }
    // <option> text is not a visible text node while the select is closed: check the chosen and offered ones.
    for (const o of document.querySelectorAll<HTMLOptionElement>(`${root} select option`)) if (!o.closest(skip) && /[A-Za-z0-9]/.test(o.textContent!)) found.push(`option: ${o.textContent}`);
    return found;
  }, root);
}

/** Elements someone taps that are smaller than 44 px in height (or width). */
async function smallTargets(page: Page, selector: string) {
  return page.$$eval(selector, (els) =>
    els.filter((e) => (e as HTMLElement).checkVisibility()).map((e) => ({ what: `${e.tagName.toLowerCase()}.${(e as HTMLElement).className} ${e.textContent?.trim().slice(0, 20)}`, h: Math.round(e.getBoundingClientRect().height), w: Math.round(e.getBoundingClientRect().width) })).filter((r) => r.h < 44 || r.w < 44),
  );
}

describe('the lobby: one form makes any mix of people and bots, any clock, rated or not', () => {
  it('creates a rated SCOUT game with a bot in seat 2, a person awaited in seat 3, and a clock of its own', async () => {
    const page = await player(chrome.browser, server.url, 'Ann');
    const form = 'article[data-type=scout]';
    await page.waitForSelector(`${form} .bot-seat[data-seat="2"], ${form} .bot-seat[data-seat="1"]`);
    await page.selectOption(`${form} select[name=seats]`, '3');
    await page.selectOption(`${form} select[name=seat-kind-1]`, 'greedy');
    await page.selectOption(`${form} select[name=time-control]`, 'custom');
    await page.fill(`${form} input[name=bank-minutes]`, '30');
    await page.fill(`${form} input[name=move-minutes]`, '7');
    await page.check(`${form} input[name=rated]`);
    // A seat is still a person's: the game waits for them, so the button does not say "play".
    expect(await page.textContent(`${form} button[type=submit]`)).toBe('Create and join');
    const sent = page.waitForRequest((r) => r.method() === 'POST' && (r.postData() ?? '').includes('createGame'));
    await page.click(`${form} button[type=submit]`);
    const input = JSON.parse((await sent).postData()!).variables.input;
    expect(input).toMatchObject({ game: 'scout', seats: 3, bots: [{ seat: 1, kind: 'greedy' }], rated: true, timeControl: { bank: 'PT30M', increment: 'PT7M' }, onTimeout: 'BOT' });
    await page.waitForSelector('section.table');
    const gameId = /#\/game\/([\w-]+)/.exec(page.url())![1]!;
    const { data } = await server.gql('query($id: ID!) { game(id: $id) { rated players { seat name kind bot } clocks { seat remainingMs } } }', { id: gameId });
    expect(data.game.rated).toBe(true);
    expect(data.game.players).toEqual([{ seat: 0, name: 'Ann', kind: 'HUMAN', bot: null }, { seat: 1, name: 'greedy bot', kind: 'BOT', bot: 'greedy' }]);
    // The table waits for the person, and names the bot in words.
    expect(await page.textContent('section.table .banner')).toContain('Waiting for players');
    expect(await page.textContent('ol.players')).toContain('Bot 2 (greedy)');
    // The person joins by the invite link: the game starts with the clock asked for, 30 minutes in each bank.
    const bob = await registerPlayer(server, 'Bob');
    expect((await server.gql('mutation($id: ID!) { joinGame(gameId: $id, name: "Bob") { seat } }', { id: gameId }, bob.token)).data.joinGame.seat).toBe(2);
    const started = await server.gql('query($id: ID!) { game(id: $id) { clocks { seat remainingMs } } }', { id: gameId });
    // Every seat a person holds has a clock (a bot's moves are instant).
    expect(started.data.game.clocks).toEqual([{ seat: 0, remainingMs: 30 * 60_000 }, { seat: 2, remainingMs: 30 * 60_000 }]);
    expect(problems(page)).toEqual([]);
  });
});

describe('clocks warn when time runs low', () => {
  it("the player's clock turns red with words, the tab title counts down, a beep sounds once (sound on); My games shows and sorts by time left", async () => {
    const page = await player(chrome.browser, server.url, 'Ann', 'en', async (context) => {
      await context.addInitScript(() => {
        const data = JSON.parse(localStorage.getItem('parlor.v1') ?? '{}');
        localStorage.setItem('parlor.v1', JSON.stringify({ ...data, turnSound: true }));
        localStorage.setItem('parlor.notify-asked', 'no');
      });
    });
    const create = async (minutes: string) => {
      await page.goto(`${server.url}/#/`);
      await ready(page);
      const form = 'article[data-type=scout]';
      await page.waitForSelector(`${form} .bot-seat`);
      await page.selectOption(`${form} select[name=seat-kind-1]`, 'random');
      await page.selectOption(`${form} select[name=time-control]`, 'custom');
      await page.fill(`${form} input[name=move-minutes]`, minutes);
      await page.click(`${form} button[type=submit]`);
      await page.waitForSelector('section.table .board ul, section.table .clocks li.mine.running');
      return /#\/game\/([\w-]+)/.exec(page.url())![1]!;
    };
    // The 2-minute game first: My games must put it first by time left, not by when it was opened.
    const short = await create('2'); // SCOUT starts with every seat choosing its rotation: Ann's clock runs
    const long = await create('60');
    await page.goto(`${server.url}/#/game/${short}`);
    await page.waitForSelector(`section.table[data-game-id="${short}"] .clocks li.mine.running`);
    expect(await page.$('.clocks li.mine.low')).toBeNull();
    const title = await page.title();
    expect(title).not.toContain('⏰');
    await shot(page, { path: `${SHOTS}/clock-plenty-en.png` });
    // 1 min 45 s later (the page's clock moved on): 15 s of the 2 minutes are left.
    const deadline = await page.$eval('.clocks li.mine .clock', (el) => Date.parse((el as HTMLElement).dataset.deadline!));
    await page.clock.setFixedTime(deadline - 15_000);
    await page.waitForSelector('.clocks li.mine.low');
    expect(await page.textContent('.clocks li.mine')).toContain('Low time');
    expect(await page.$eval('.clocks li.mine', (li) => getComputedStyle(li).color)).toBe('rgb(179, 38, 30)');
    await page.waitForFunction(() => document.title.startsWith('⏰ 00:00:15'));
    await page.waitForFunction(() => document.body.dataset.lowTimeBeeps === '1');
    await shot(page, { path: `${SHOTS}/clock-low-en.png` });
    // Still low a second later: one beep per move, not one a second.
    await page.clock.setFixedTime(deadline - 14_000);
    await page.waitForFunction(() => document.title.startsWith('⏰ 00:00:14'));
    expect(await page.evaluate(() => document.body.dataset.lowTimeBeeps)).toBe('1');

    // My games, on another page with the true time: both await Ann; the one with less time left first.
    // The seats are in its storage before its first load, as the page keeps them: one load, not a load and a reload.
    const seats = await page.evaluate(() => JSON.parse(localStorage.getItem('parlor.v1')!).seats);
    const lobby = await player(chrome.browser, server.url, 'Ann', 'fa', (context) =>
      context.addInitScript((held) => {
        const data = JSON.parse(localStorage.getItem('parlor.v1') ?? '{}');
        if (!data.seats) localStorage.setItem('parlor.v1', JSON.stringify({ ...data, seats: held }));
      }, seats),
    );
    const mine = await lobby.$$eval('.my-games li', (lis) => lis.map((li) => ({ href: li.querySelector('a')!.getAttribute('href'), left: li.querySelector('.time-left')?.textContent ?? null })));
    expect(mine.map((m) => m.href)).toEqual([`#/game/${short}`, `#/game/${long}`]);
    expect(mine[0]!.left).toMatch(/^⏱ .*[۰-۹]{2}:[۰-۹]{2}:[۰-۹]{2}.* مانده$/);
    expect(problems(page)).toEqual([]);
  });
});

describe("Silver: the power is named where it is used; card captions are whole", () => {
  it('"Use its power" says what the power does (no JSON tooltip), in English and Persian', async () => {
    // A seed whose first drawn card has a power used when discarded (Amulet 5–12).
    for (let seed = 0; seed < 40; seed++) {
      const g = await seatedGame(server, 'silver', 2, {}, `power-${seed}`);
      const move = async (seat: number, pick: (m: { type: string }) => boolean) => {
        const { data } = await server.gql('query($id: ID!) { game(id: $id) { version legalMoves } }', { id: g.gameId }, g.tokens[seat]);
        const m = data.game.legalMoves.find(pick);
        if (!m) return false;
        const sent = await server.gql('mutation($id: ID!, $m: JSON!, $v: Int) { submitMove(gameId: $id, move: $m, expectedVersion: $v) { game { version } } }', { id: g.gameId, m, v: data.game.version }, g.tokens[seat]);
        return !sent.errors;
      };
      for (const s of [0, 1]) await move(s, (m) => m.type === 'peek');
      const { data } = await server.gql('query($id: ID!) { game(id: $id) { status { toMove } } }', { id: g.gameId });
      const seat = data.game.status.toMove[0] as number;
      await move(seat, (m) => m.type === 'draw');
      const legal = await server.gql('query($id: ID!) { game(id: $id) { legalMoves view { ... on SilverView { hand { number edition } } } } }', { id: g.gameId }, g.tokens[seat]);
      if (legal.errors) throw new Error(JSON.stringify(legal.errors));
      if (!legal.data.game.legalMoves.some((m: { type: string }) => m.type === 'power')) continue;
      const number = legal.data.game.view.hand[0].number as number;
      const catalog = (await server.gql('{ gameTypes { id catalog } }')).data.gameTypes.find((t: { id: string }) => t.id === 'silver').catalog;
      const text = catalog.find((k: { edition: string; number: number }) => k.edition === 'amulet' && k.number === number).powerText as string;
      for (const lang of ['en', 'fa'] as const) {
        const page = await seatPage(chrome.browser, server.url, g, seat, 'silver', { lang });
        const button = page.locator('.actions button[data-type=power]').first();
        if (!(await button.count())) await page.click('details.all-moves summary');
        const label = (await page.locator('.actions button[data-type=power]').first().textContent())!;
        const title = await page.locator('.actions button[data-type=power]').first().getAttribute('title');
        expect(title).toBeNull();
        if (lang === 'en') expect(label).toBe(`Use its power: ${text.replace(/^[^:]*:\s*/, '')}`);
        else {
          expect(label).toMatch(/^از قدرتش استفاده کن: .{10,}/);
          expect(label).not.toMatch(/[A-Za-z]/);
        }
        // Every caption on the board fits its card: nothing cut at either side.
        const clipped = await page.$$eval('.board .card .label', (ls) => ls.filter((l) => l.scrollWidth > (l.parentElement!.closest('.card') as HTMLElement).clientWidth + 1).map((l) => l.textContent));
        expect(clipped).toEqual([]);
        await shot(page, { path: `${SHOTS}/silver-power-${lang}.png` });
        expect(problems(page)).toEqual([]);
      }
      return;
    }
    throw new Error('no seed of 40 gave a drawn power card');
  });
});

describe('How to play, before the full rules', () => {
  for (const lang of ['en', 'fa'] as const) {
    it(`${lang}: each game has a short page (goal, a turn, the end) with its own cards drawn, on at most two phone screens; the full rules a click away`, async () => {
      const page = await player(chrome.browser, server.url, 'Ann', lang);
      await page.setViewportSize(PHONE);
      for (const g of games) {
        await page.goto(`${server.url}/#/`);
        await page.click(`article[data-type="${g.id}"] a[href="#/how/${g.id}"]`);
        await page.waitForSelector(`section.how[data-game="${g.id}"]`);
        const parts = await page.$$eval('.how-part h2', (hs) => hs.map((x) => x.textContent));
        expect(parts.length, g.id).toBeGreaterThanOrEqual(3);
        expect(await page.locator('.how-cards .card').count(), g.id).toBeGreaterThanOrEqual(3);
        const height = await page.evaluate(() => document.documentElement.scrollHeight);
        expect(height, `${g.id} ${lang}: ${height} px`).toBeLessThanOrEqual(2 * PHONE.height + 200);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
        if (lang === 'fa') expect(await latinText(page, 'main'), g.id).toEqual([]);
        await shot(page, { path: `${SHOTS}/how-${g.id}-${lang}-phone.png`, fullPage: true });
        await page.click('a.full-rules');
        await page.waitForSelector('section.rules h1');
        expect(page.url()).toContain(`#/rules/${g.id}`);
      }
      expect(problems(page)).toEqual([]);
    });
  }
});

describe('notifications: settings per channel on Account, with retry; an offer one Tab away', () => {
  it('a refused permission says why and offers Try again; granted, push turns on; email and sound are set', async () => {
    let allow = false;
    const page = await player(chrome.browser, server.url, 'Ann', 'en', async (context) => {
      await context.exposeFunction('allowed', () => allow);
      await context.addInitScript(() => {
        // The browser's prompt answered by the test; the push service stood in (Chromium's is offline here).
        Notification.requestPermission = async () => ((await (window as unknown as { allowed: () => Promise<boolean> }).allowed()) ? 'granted' : 'denied');
        PushManager.prototype.subscribe = async function () {
          const endpoint = 'http://127.0.0.1:9/push/ann';
          return { endpoint, toJSON: () => ({ endpoint, keys: { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' } }) } as unknown as PushSubscription;
        };
      });
    });
    await page.click('#account-link');
    await page.click('#new-account');
    await page.waitForSelector('.notify-settings');
    await page.click('#push-on');
    await page.waitForSelector('#push-retry');
    expect(await page.textContent('.notify-status')).toContain('the browser refused permission');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('push-retry');
    allow = true;
    await page.click('#push-retry');
    await page.waitForSelector('#push-off');
    expect(await page.textContent('.notify-status')).toContain('Push notifications are on');
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('parlor.v1')!).player.token as string);
    const me = async () => (await server.gql('{ me { notificationSettings { channels email } pushSubscriptions { endpoint } } }', {}, token)).data.me;
    expect((await me()).pushSubscriptions).toEqual([{ endpoint: 'http://127.0.0.1:9/push/ann' }]);
    await page.fill('#notify-email', 'ann@example.org');
    await page.click('#email-save');
    await page.waitForFunction(() => document.querySelector('.notify-status')?.textContent === 'Saved.', undefined, { polling: POLL_MS });
    expect((await me()).notificationSettings).toMatchObject({ email: 'ann@example.org' });
    expect((await me()).notificationSettings.channels).toEqual(expect.arrayContaining(['PUSH', 'EMAIL']));
    await page.check('#sound-on');
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('parlor.v1')!).turnSound)).toBe(true);
    await page.click('#push-off');
    await page.waitForSelector('#push-on');
    expect((await me()).pushSubscriptions).toEqual([]);
    await shot(page, { path: `${SHOTS}/account-notifications-en.png`, fullPage: true });
    expect(problems(page)).toEqual([]);
  });

  it('the offer is the first stop of Tab; Escape dismisses it; a failure is not an answer (the offer comes back)', async () => {
    const page = await player(chrome.browser, server.url, 'Ann', 'fa', async (context) => {
      await context.addInitScript(() => {
        Notification.requestPermission = async () => 'denied';
      });
    });
    const g = await seatedGame(server, 'scout', 2);
    await page.evaluate(() => localStorage.removeItem('parlor.notify-asked'));
    await page.click('#account-link');
    await page.click('#new-account');
    await page.waitForSelector('#sign-out');
    await openAsSeat(page, server.url, g, 0, 'scout');
    await page.waitForSelector('.notify-offer');
    // From the top of the page (a click on the offer's text), one Tab reaches "Notify me".
    await page.mouse.click(3, 3);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('notify-yes');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#notify-retry');
    expect(await page.textContent('.notify-offer')).toContain('مرورگر اجازه نداد');
    expect(await latinText(page, '.notify-offer')).toEqual([]);
    await page.reload();
    await ready(page);
    await page.waitForSelector('.notify-offer'); // not answered: asked again
    await page.keyboard.press('Escape');
    await page.waitForSelector('.notify-offer', { state: 'detached' });
    await page.reload();
    await ready(page);
    await page.waitForSelector('section.table');
    expect(await page.$('.notify-offer')).toBeNull();
    expect(problems(page)).toEqual([]);
  });
});

describe('Persian on a phone: no Latin letters or digits; every target 44 px', () => {
  it('the lobby and its form, a table against two bots of one kind, its finished state, and a tournament', async () => {
    const page = await player(chrome.browser, server.url, 'آنا', 'fa');
    await page.setViewportSize(PHONE);
    await page.evaluate(() => localStorage.setItem('parlor.notify-asked', 'no'));
    await page.waitForSelector('article[data-type=seledyne] .bot-seat');
    await page.selectOption('article[data-type=seledyne] select[name=seats]', '3');
    await page.click('article[data-type=seledyne] .fill-bots');
    expect(await latinText(page, 'main')).toEqual([]);
    expect(await smallTargets(page, 'main select, #top a, #top button, main a.rules-link, main summary, main button')).toEqual([]);
    await shot(page, { path: `${SHOTS}/lobby-fa-phone.png`, fullPage: true });
    for (const s of ['1', '2']) await page.selectOption(`article[data-type=seledyne] select[name=seat-kind-${s}]`, 'greedy');
    await page.click('article[data-type=seledyne] button[type=submit]');
    await page.waitForSelector('section.table .board');
    const names = await page.$$eval('ol.players .pname', (ps) => ps.map((p) => p.textContent));
    expect(names.slice(1)).toEqual(['ربات ۲ (حریص)', 'ربات ۳ (حریص)']);
    expect(await latinText(page, 'main')).toEqual([]);
    // Seledyne's gift targets are the other players' name plates.
    expect(await smallTargets(page, '.board .card.player, main select')).toEqual([]);
    await shot(page, { path: `${SHOTS}/seledyne-bots-fa-phone.png`, fullPage: true });
    // A SCOUT game against two greedy bots, resigned: the bots finish it; the finished table stays Persian.
    await page.goto(`${server.url}/#/`);
    await page.waitForSelector('article[data-type=scout] .bot-seat');
    await page.selectOption('article[data-type=scout] select[name=seats]', '3');
    for (const s of ['1', '2']) await page.selectOption(`article[data-type=scout] select[name=seat-kind-${s}]`, 'greedy');
    await page.click('article[data-type=scout] button[type=submit]');
    await page.waitForSelector('section.table[data-game=scout] .board');
    await page.click('button.resign');
    await page.click('button.resign-yes');
    await page.waitForSelector('section.table[data-over="true"] .final-sheet', { timeout: 120_000 });
    expect(await latinText(page, 'main')).toEqual([]);
    expect(await page.textContent('.final-sheet')).toMatch(/ربات ۲ \(حریص\)[\s\S]*ربات ۳ \(حریص\)|ربات ۳ \(حریص\)[\s\S]*ربات ۲ \(حریص\)/);
    await shot(page, { path: `${SHOTS}/scout-over-fa-phone.png`, fullPage: true });

    // A tournament with bots: Persian digits, a minus sign kept left-to-right, arrows pointing the Persian way.
    await page.goto(`${server.url}/#/tournaments`);
    await page.waitForSelector('form.create-tournament');
    expect(await latinText(page, 'main')).toEqual([]);
    await page.selectOption('form.create-tournament select[name="game"]', 'scout');
    await page.fill('form.create-tournament input[name="rounds"]', '1');
    await page.fill('form.create-tournament input[name=bots]', 'random, random, random');
    await page.click('form.create-tournament button[type=submit]');
    await page.waitForSelector('section.tournament[data-status="OPEN"] button.join');
    await page.click('button.join');
    await page.waitForFunction(() => document.querySelectorAll('p.entrants span').length === 4, undefined, { timeout: 10_000, polling: POLL_MS });
    await page.click('button.start');
    await page.waitForSelector('section.tournament[data-status="RUNNING"] div.round');
    const text = await page.$eval('section.tournament', (el) => {
      const copy = el.cloneNode(true) as HTMLElement;
      copy.querySelectorAll('code').forEach((c) => c.remove()); // seed hashes stay hexadecimal
      return copy.textContent!;
    });
    expect(text).not.toMatch(/[0-9]/);
    expect(text).not.toMatch(/[0-9۰-۹]+[.٫][0-9۰-۹]+-/);
    expect(await page.$$eval('a.open-table', (as) => as.map((a) => a.textContent))).toEqual(expect.arrayContaining([expect.stringMatching(/←$/)]));
    expect(await latinText(page, 'main')).toEqual([]);
    await shot(page, { path: `${SHOTS}/tournament-fa-phone.png`, fullPage: true });
    expect(problems(page)).toEqual([]);
  }, 300_000);

  it("SCOUT at 360 px: all of a 12-card hand shows (a fan), each card's numbers visible, no scrolling", async () => {
    const g = await seatedGame(server, 'scout', 3);
    const page = await seatPage(chrome.browser, server.url, g, 0, 'scout', { lang: 'fa', viewport: NARROW });
    const hand = await page.$eval('[data-hand="0"] .cards', (row) => {
      const cards = [...row.querySelectorAll<HTMLElement>('.card:not(.gap)')];
      const box = row.getBoundingClientRect();
      const shown = cards.map((c, i) => {
        const r = c.getBoundingClientRect();
        const next = cards[i + 1]?.getBoundingClientRect();
        return Math.min(r.right, box.right) - Math.max(r.left, box.left) - (next ? Math.max(0, r.right - next.left) : 0);
      });
      const big = cards.map((c) => {
        const b = c.querySelector('.big')!.getBoundingClientRect();
        const next = c.nextElementSibling?.getBoundingClientRect();
        return next ? b.right <= next.left + 1 : true;
      });
      return { count: cards.length, scroll: row.scrollWidth - row.clientWidth, narrowest: Math.min(...shown), numbersShow: big.every(Boolean) };
    });
    expect(hand.count).toBe(12);
    expect(hand.scroll).toBeLessThanOrEqual(1);
    expect(hand.narrowest).toBeGreaterThanOrEqual(16);
    expect(hand.numbersShow).toBe(true);
    await shot(page, { path: `${SHOTS}/phone-360-scout.png`, fullPage: true });
    expect(problems(page)).toEqual([]);
  });
});
