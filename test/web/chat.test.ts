/// <reference lib="dom" />
/**
 * The table's chat panel in Chromium: a message typed on one page appears on the other over
 * graphql-ws, as text (markup in it stays text, never elements), in English and in Persian; a
 * spectator of a game without spectatorChat sees no panel.
 */
import { describe, expect, it } from 'vitest';
import { useServer } from '../kit/server.js';
import { POLL_MS, atVersion, player, problems, scoutForTwo, tableState, useBrowser } from './browser.js';

const server = useServer();
const chrome = useBrowser();

describe('the chat panel on a table', () => {
  it('a message sent from one page shows on the other as plain text; a spectator without spectatorChat sees no chat', async () => {
    const ann = await player(chrome.browser, server.url, 'Ann');
    const { gameId, guest: bob } = await scoutForTwo(ann, server.url, (link) => player(chrome.browser, link, 'Bob', 'fa'));
    await bob.waitForSelector('section.table[data-seat="1"] section.chat');
    // Persian words on Bob's page.
    expect(await bob.locator('section.chat h3').textContent()).toBe('پیام‌ها');
    const start = (await tableState(ann))!.version;
    await atVersion(ann, start);

    const markup = '<img src=x onerror="window.pwned=1"><b>bold?</b>';
    await ann.fill('section.chat textarea', markup);
    await ann.locator('section.chat .chat-send button').click();
    await bob.waitForSelector('section.chat li.message');
    expect(await bob.locator('section.chat li.message .text').textContent()).toBe(markup);
    expect(await bob.locator('section.chat li.message img, section.chat li.message b').count()).toBe(0);
    expect(await bob.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
    // Bob answers in Persian with Enter.
    await bob.fill('section.chat textarea', 'سلام');
    await bob.press('section.chat textarea', 'Enter');
    await ann.waitForFunction(() => document.querySelectorAll('section.chat li.message').length === 2, undefined, { polling: POLL_MS });
    expect(await ann.locator('section.chat li.message .text').allTextContents()).toEqual([markup, 'سلام']);

    const watcher = await player(chrome.browser, `${server.url}/#/game/${gameId}`, 'Cy'); // the game's link as its first load
    await watcher.waitForSelector('section.table');
    expect(await watcher.locator('section.chat').count()).toBe(0);
    for (const p of [ann, bob, watcher]) expect(problems(p)).toEqual([]);
  });
});
