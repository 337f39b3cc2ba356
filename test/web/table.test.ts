/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * A table's behaviour when seats act at once: a page that has not yet heard of the other
 * seat's move (its updates held back on the WebSocket) still plays its own, because a move
 * refused with VERSION_CONFLICT is replayed when it is still legal in the newest state; one the
 * game has passed by (the seat already acted from another device, or the game ended) is dropped
 * quietly: the page shows the game as it is, never a raw VERSION_CONFLICT under the table.
 */
import { describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { useServer } from '../kit/server.js';
import { POLL_MS, atVersion, useBrowser, player, problems, scoutForTwo, tableState } from './browser.js';

const server = useServer();
const chrome = useBrowser();

/**
 * Bob's page opens on the invite link with its WebSocket routed through the test (set on the context before
 * the page loads): while `held()` is true the page hears nothing from the server.
 */
const heldSocket = (held: () => boolean) => (context: BrowserContext) =>
  context.routeWebSocket(/\/graphql$/, (ws) => {
    const upstream = ws.connectToServer();
    upstream.onMessage((m) => !held() && ws.send(m));
    ws.onMessage((m) => upstream.send(m));
  });

describe('a table in Chromium', () => {
  it('plays a simultaneous move from a page that missed the other seat’s move (VERSION_CONFLICT replayed)', async () => {
    const ann = await player(chrome.browser, server.url, 'Ann');
    let hold = false;
    const holdable = heldSocket(() => hold);
    // SCOUT starts with every seat choosing at once whether to rotate its hand.
    const { gameId, guest: bob } = await scoutForTwo(ann, server.url, (link) => player(chrome.browser, link, 'Bob', 'en', holdable));
    await bob.waitForSelector('section.table[data-seat="1"] button.move[data-type=rotate]');
    const start = (await tableState(bob))!.version;
    await atVersion(ann, start);

    hold = true; // Bob's page hears nothing more over the WebSocket
    await ann.locator('button.move[data-type=rotate]').first().click();
    await atVersion(ann, start + 1);
    expect((await tableState(bob))!.version).toBe(start);

    await bob.locator('button.move[data-type=rotate]').first().click();
    await atVersion(bob, start + 2);
    expect(await bob.locator('.actions .error').count()).toBe(0);
    const { data } = await server.gql('query($id: ID!) { game(id: $id) { version status { phase } } }', { id: gameId });
    expect(data.game).toEqual({ version: start + 2, status: { phase: 'play' } });
    expect(problems(ann)).toEqual([]);
    expect(problems(bob)).toEqual([]);
  });

  it('drops quietly a move the game has passed by (the seat acted from another device): no VERSION_CONFLICT shown', async () => {
    const ann = await player(chrome.browser, server.url, 'Ann');
    let hold = false;
    const holdable = heldSocket(() => hold);
    const { gameId, guest: bob } = await scoutForTwo(ann, server.url, (link) => player(chrome.browser, link, 'Bob', 'fa', holdable));
    await bob.waitForSelector('section.table[data-seat="1"] button.move[data-type=rotate]');
    const start = (await tableState(bob))!.version;
    hold = true;
    // Bob's other device answers the rotation with his seat token; this page has not heard of it.
    const token = await bob.evaluate((id) => JSON.parse(localStorage.getItem('parlor.v1')!).seats[id].token as string, gameId);
    const sent = await server.gql('mutation($id: ID!, $m: JSON!) { submitMove(gameId: $id, move: $m) { game { version } } }', { id: gameId, m: { type: 'rotate', rotate: false } }, token);
    expect(sent.errors).toBeUndefined();
    await bob.locator('button.move[data-type=rotate]').first().click();
    // The page fetched the game as it is now (its rotation already made): no error, no English.
    await bob.waitForFunction((v) => Number(document.querySelector<HTMLElement>('section.table')?.dataset.version) > v, start, { polling: POLL_MS });
    expect(await bob.locator('.actions .error, .pbt .error').count()).toBe(0);
    expect(await bob.locator('button.move[data-type=rotate]').count()).toBe(0);
    expect(await bob.textContent('section.table')).not.toContain('VERSION_CONFLICT');
    expect(problems(bob)).toEqual([]);
  });
});
