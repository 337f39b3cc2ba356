/// <reference lib="dom" />
/**
 * Play-by-turn in the page, in Chromium: the create form's time control, each seat's clock
 * counting down, Resign with a confirmation, Cancel before the start, a rematch offered from one
 * context and accepted from another, the claim-or-wait choices of onTimeout ASK, the tab title
 * counting the games that await the player, and the name asked for when none was typed. Time on
 * the server is a manual clock started at the real time, so the page's countdown and the test's
 * "hours later" both hold. Screenshots (en, fa, phone) go to SHOTS (browser.ts).
 */
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../kit/manual-clock.js';
import { createAndJoin, registerPlayer, type Registered } from '../kit/players.js';
import { useServer } from '../kit/server.js';
import { seriousViolations } from './axe.js';
import { POLL_MS, SHOTS, shot, player, problems, ready, useBrowser, withStorage } from './browser.js';

const clock = new ManualClock(Date.now());
const server = useServer({ clock });
const chrome = useBrowser();
const PHONE = { width: 390, height: 844 };
const gameIdOf = (page: Page) => /#\/game\/([\w-]+)/.exec(page.url())![1]!;

/** A page signed in as a registered player (as the page keeps it), on `hash`. */
async function asPlayer(browser: Browser, p: Registered, hash: string, lang: 'en' | 'fa' = 'en', viewport = { width: 1000, height: 720 }): Promise<Page> {
  // Signed in before the first load, as the page keeps it: one load.
  const storageState = withStorage(server.url, { 'parlor.v1': JSON.stringify({ name: p.name, lang, player: { id: p.id, name: p.name, token: p.token } }) });
  const page = await (await browser.newContext({ viewport, storageState })).newPage();
  const seen: string[] = [];
  page.on('pageerror', (e) => seen.push(e.message));
  page.on('console', (m) => m.type() === 'error' && seen.push(m.text()));
  Object.assign(page, { problems: seen });
  await page.goto(`${server.url}/${hash}`);
  await ready(page);
  return page;
}

const gql = (query: string, variables: Record<string, unknown>, token?: string) => server.gql(query, variables, token);

describe('play-by-turn in the page', () => {
  it('a game created with "1 day per move" from the form shows each seat’s clock, counting down', async () => {
    // Ann's page runs on its own clock (flowing, as the real one), so the test can move it a second on.
    const ann = await player(chrome.browser, server.url, 'Ann', 'en', (context) => context.clock.install());
    await ann.selectOption('article[data-type=scout] select[name=time-control]', 'P1D');
    await shot(ann.locator('article[data-type=scout]'), { path: `${SHOTS}/create-time-control-en.png` });
    await ann.locator('article.game-type[data-type=scout] button[type=submit]').click();
    await ann.waitForSelector('section.table');
    const bob = await player(chrome.browser, `${server.url}/#/game/${gameIdOf(ann)}`, 'Bob'); // the invite link as its first load
    await bob.locator('.join-here button').click();
    // SCOUT opens with every seat choosing its hand's side: both clocks run.
    await ann.waitForFunction(() => document.querySelectorAll('.clocks .clock[data-deadline]').length === 2);
    const first = await ann.textContent('.clocks li[data-seat="0"] .clock');
    // A day, less the seconds since the server's (manual) clock was set.
    expect(first).toMatch(/^(1d \u206600:00:00|\u206623:5\d:\d\d)\u2069$/);
    // The same element counts down in place, each second, with no update from the server (a redraw would replace it):
    // two seconds later on the page's clock, it shows another time. Two, not one: the text may come from a redraw
    // (its own time) rather than from the ticker, whose next tick can then fall less than a second after it and
    // show the same second (it failed so once in CI). An update that redraws the table meanwhile (the game's start
    // arriving) leaves a new element: that one is watched instead.
    const tickedInPlace = async () => {
      const seen = await ann.evaluateHandle(() => document.querySelector('.clocks li[data-seat="0"] .clock')!);
      const before = await seen.evaluate((el) => el.textContent);
      await ann.clock.runFor(2000);
      return seen.evaluate((el, was) => ({
        same: el === document.querySelector('.clocks li[data-seat="0"] .clock'),
        changed: el.textContent !== was,
        // What a failure is read by: the texts, the deadline, the page's time and route.
        seen: { was, now: el.textContent, deadline: (el as HTMLElement).dataset.deadline, pageNow: new Date().toISOString(), ready: document.body.dataset.ready, hash: location.hash },
      }), before);
    };
    let ticked = await tickedInPlace();
    for (let tries = 1; !ticked.same && tries < 5; tries++) ticked = await tickedInPlace();
    expect({ same: ticked.same, changed: ticked.changed }, JSON.stringify(ticked.seen)).toEqual({ same: true, changed: true });
    expect(await ann.textContent('.clocks li[data-seat="0"] .clock')).toMatch(/^\u206623:5\d:\d\d\u2069$/);
    expect(problems(ann)).toEqual([]);
  });

  it('Resign asks for a confirmation first; confirmed, a bot takes the seat, and with both resigned the game ends', async () => {
    const created = await gql('mutation($i: CreateGameInput!) { createGame(input: $i) { game { id } } }', { i: { game: 'scout', seats: 2, timeControl: { perMove: 'P1D' }, timeoutBot: 'random' } });
    const id = created.data.createGame.game.id;
    const tokens: string[] = [];
    for (const n of ['Ann', 'Bob']) tokens.push((await gql('mutation($id: ID!, $n: String!) { joinGame(gameId: $id, name: $n) { token } }', { id, n })).data.joinGame.token);
    const page = await player(chrome.browser, server.url, 'Ann');
    await page.evaluate(({ id, token }) => localStorage.setItem('parlor.v1', JSON.stringify({ ...JSON.parse(localStorage.getItem('parlor.v1')!), seats: { [id]: { seat: 0, token, type: 'scout', at: Date.now() } } })), { id, token: tokens[0] });
    await page.goto(`${server.url}/#/game/${id}`);
    await page.waitForSelector('button.resign');
    await page.click('button.resign');
    await page.waitForSelector('.confirm button.resign-no');
    await page.click('.confirm button.resign-no'); // changed my mind: nothing happened
    expect((await gql('query($id: ID!) { game(id: $id) { players { seat bot } } }', { id })).data.game.players[0].bot).toBeNull();
    await page.click('button.resign');
    await page.click('.confirm button.resign-yes');
    await page.waitForSelector('ol.players li[data-seat="0"] .tag.bot');
    expect(await page.$('button.resign')).toBeNull(); // a bot's seat has nothing to resign
    expect((await gql('mutation($id: ID!) { resign(gameId: $id) { id } }', { id }, tokens[1])).errors).toBeUndefined();
    await page.waitForSelector('.banner.over', { timeout: 30_000 });
    expect(problems(page)).toEqual([]);
  });

  it('Cancel: the creator calls off a game nobody joined yet', async () => {
    const ann = await player(chrome.browser, server.url, 'Ann');
    await ann.locator('article.game-type[data-type=scout] button[type=submit]').click();
    await ann.waitForSelector('button.cancel-game');
    await ann.click('button.cancel-game');
    await ann.waitForSelector('section.table[data-over=true]');
    expect((await gql('query($id: ID!) { game(id: $id) { status { phase over } } }', { id: gameIdOf(ann) })).data.game.status).toEqual({ phase: 'cancelled', over: true });
  });

  it('a rematch offered from one context is accepted from another, and both land on the new table', async () => {
    const [ann, bob] = [await registerPlayer(server, 'Ann'), await registerPlayer(server, 'Bob')];
    const id = await createAndJoin(server, { game: 'scout', seats: 2, timeoutBot: 'random' }, [ann, bob]);
    for (const p of [ann, bob]) await gql('mutation($id: ID!) { resign(gameId: $id) { id } }', { id }, p.token);
    await server.play.settle();
    const annPage = await asPlayer(chrome.browser, ann, `#/game/${id}`);
    const bobPage = await asPlayer(chrome.browser, bob, `#/game/${id}`);
    // Both resigned: no one won, and the score sheet marks both seats as resigned.
    expect(await annPage.textContent('div.banner.over')).toContain('no one won');
    expect(await annPage.$$eval('section.final-sheet .tag.left', (t) => t.length)).toBe(2);
    expect(await annPage.$$eval('section.final-sheet tr.winner', (t) => t.length)).toBe(0);
    expect(await annPage.textContent('ol.history')).toContain('The game ended: nobody won');
    await shot(annPage, { path: `${SHOTS}/all-resigned-en.png`, fullPage: true });
    await annPage.click('button.offer-rematch');
    await annPage.waitForSelector('.rematch[role=status]');
    await bobPage.click('button.accept-rematch');
    const rematch = async () => (await gql('query($id: ID!) { game(id: $id) { rematch } }', { id })).data.game.rematch as string;
    await bobPage.waitForSelector(`section.table:not([data-game-id="${id}"])`);
    await annPage.waitForSelector(`section.table:not([data-game-id="${id}"])`);
    for (const page of [annPage, bobPage]) expect(await page.getAttribute('section.table', 'data-game-id')).toBe(await rematch());
    expect([...problems(annPage), ...problems(bobPage)]).toEqual([]);
  });

  it('the tab title counts the games that await the player: "(2) Parlor"', async () => {
    const [ann, bob] = [await registerPlayer(server, 'Ann'), await registerPlayer(server, 'Bob')];
    // SCOUT opens with every seat to move: each game awaits Ann.
    for (let i = 0; i < 2; i++) await createAndJoin(server, { game: 'scout', seats: 2, timeControl: { perMove: 'P1D' } }, [ann, bob]);
    const page = await asPlayer(chrome.browser, ann, '#/');
    await page.waitForFunction(() => document.title === '(2) Parlor', undefined, { polling: POLL_MS });
    const fa = await asPlayer(chrome.browser, ann, '#/', 'fa');
    await fa.waitForFunction(() => document.title === '(۲) پارلر', undefined, { polling: POLL_MS });
    await fa.selectOption('article[data-type=scout] select[name=time-control]', 'P7D+P1D');
    await fa.selectOption('article[data-type=scout] select[name=on-timeout]', 'ASK');
    await shot(fa.locator('article[data-type=scout]'), { path: `${SHOTS}/create-time-control-fa.png` });
  });

  it('joining without a name asks for one: the seat is never called "Player"', async () => {
    const page = await (await chrome.browser.newContext()).newPage();
    await page.goto(server.url);
    await ready(page);
    page.once('dialog', (d) => void d.accept('Zoe'));
    await page.locator('article.game-type[data-type=scout] button[type=submit]').click();
    await page.waitForSelector('section.table');
    expect(await page.textContent('ol.players li[data-seat="0"] .pname')).toContain('Zoe');
    expect(await page.inputValue('#name')).toBe('Zoe');
    // Declining the question joins nobody.
    const other = await (await chrome.browser.newContext()).newPage();
    await other.goto(`${server.url}/#/game/${gameIdOf(page)}`);
    await ready(other);
    other.once('dialog', (d) => void d.dismiss());
    await other.locator('.join-here button').click();
    expect((await gql('query($id: ID!) { game(id: $id) { players { name } } }', { id: gameIdOf(page) })).data.game.players.map((p: any) => p.name)).toEqual(['Zoe']);
  });

  it('the turn sound is off by default; turned on, it beeps when the turn comes to the player', async () => {
    const [ann, bob] = [await registerPlayer(server, 'Ann'), await registerPlayer(server, 'Bob')];
    const id = await createAndJoin(server, { game: 'sea-salt-and-paper', seats: 2, seed: 'beep' }, [ann, bob]);
    const toMove = async () => (await gql('query($id: ID!) { game(id: $id) { status { toMove } } }', { id })).data.game.status.toMove[0] as number;
    const [waiter, mover] = (await toMove()) === 0 ? [bob, ann] : [ann, bob];
    const page = await asPlayer(chrome.browser, waiter, `#/game/${id}`);
    await page.waitForSelector('label.turn-sound input:not(:checked)');
    await page.check('label.turn-sound input');
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('parlor.v1')!).turnSound)).toBe(true);
    // The other seat plays its turn through the API until the turn passes.
    while ((await toMove()) !== [ann, bob].indexOf(waiter)) {
      const legal = (await gql('query($id: ID!) { game(id: $id) { legalMoves } }', { id }, mover.token)).data.game.legalMoves;
      expect((await gql('mutation($id: ID!, $m: JSON!) { submitMove(gameId: $id, move: $m) { game { version } } }', { id, m: legal[0] }, mover.token)).errors).toBeUndefined();
    }
    await page.waitForFunction(() => document.body.dataset.beeped === '1', undefined, { polling: POLL_MS });
    expect(problems(page)).toEqual([]);
  });

  it('screenshots: a table with clocks and the play-by-turn actions, en and fa, desktop and phone', async () => {
    const [ann, bob] = [await registerPlayer(server, 'Ann'), await registerPlayer(server, 'Bob')];
    const id = await createAndJoin(server, { game: 'scout', seats: 2, timeControl: { bank: 'P7D', increment: 'P1D' } }, [ann, bob]);
    for (const [lang, viewport, name] of [['en', { width: 1000, height: 720 }, 'clocks-en'], ['fa', { width: 1000, height: 720 }, 'clocks-fa'], ['en', PHONE, 'clocks-phone-en']] as const) {
      const page = await asPlayer(chrome.browser, ann, `#/game/${id}`, lang, viewport);
      await page.waitForSelector('.clocks .clock[data-deadline]');
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, { path: `${SHOTS}/${name}.png`, fullPage: true });
    }
  });
  it('a seat out of time under ASK: the other player sees the three choices, the late one is told; END ends the game by claim', async () => {
    const [ann, bob] = [await registerPlayer(server, 'Ann'), await registerPlayer(server, 'Bob')];
    const id = await createAndJoin(server, { game: 'sea-salt-and-paper', seats: 2, timeControl: { perMove: 'PT1H' }, onTimeout: 'ASK' }, [ann, bob]);
    await server.play.settle();
    const late = (await gql('query($id: ID!) { game(id: $id) { status { toMove } } }', { id })).data.game.status.toMove[0] as number;
    clock.advance(3_600_000);
    await server.play.settle();
    const [lateP, otherP] = late === 0 ? [ann, bob] : [bob, ann];
    const other = await asPlayer(chrome.browser, otherP, `#/game/${id}`);
    const waiting = await asPlayer(chrome.browser, lateP, `#/game/${id}`);
    await other.waitForSelector('.claim button[data-choice=END]');
    expect(await other.$$eval('.claim button', (bs) => bs.map((b) => (b as HTMLElement).dataset.choice))).toEqual(['BOT', 'END', 'WAIT']);
    await waiting.waitForSelector('.claim-note');
    expect(await waiting.$('.claim button')).toBeNull();
    expect(await seriousViolations(other)).toEqual([]);
    await shot(other, { path: `${SHOTS}/claim-or-wait-en.png`, fullPage: true });
    const fa = await asPlayer(chrome.browser, otherP, `#/game/${id}`, 'fa');
    await fa.waitForSelector('.claim button');
    expect(await seriousViolations(fa)).toEqual([]);
    await shot(fa, { path: `${SHOTS}/claim-or-wait-fa.png`, fullPage: true });
    const phone = await asPlayer(chrome.browser, otherP, `#/game/${id}`, 'fa', { width: 360, height: 780 });
    await phone.waitForSelector('.claim button');
    expect(await phone.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(360);
    const small = await phone.$$eval('.claim button, .pbt-actions button', (bs) => bs.filter((b) => b.getBoundingClientRect().height < 44).length);
    expect(small).toBe(0);
    await phone.setViewportSize(PHONE);
    await shot(phone, { path: `${SHOTS}/claim-or-wait-phone-fa.png`, fullPage: true });
    await other.click('.claim button[data-choice=END]');
    await waiting.waitForSelector('.banner.over');
    expect(await waiting.textContent('.banner.over')).toContain('ended by claim');
    expect([...problems(other), ...problems(waiting)]).toEqual([]);
  });
});
