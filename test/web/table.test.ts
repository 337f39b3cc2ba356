/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * A table's behaviour when seats act at once: a page that has not yet heard of the other
 * seat's move (its updates held back on the WebSocket) still plays its own, because a move
 * refused with VERSION_CONFLICT is replayed when it is still legal in the newest state.
 */
import { describe, expect, it } from 'vitest';
import { useServer } from '../kit/server.js';
import { atVersion, useBrowser, player, problems, scoutForTwo, tableState } from './browser.js';

const server = useServer();
const chrome = useBrowser();

describe('a table in Chromium', () => {
  it('plays a simultaneous move from a page that missed the other seat’s move (VERSION_CONFLICT replayed)', async () => {
    const ann = await player(chrome.browser, server.url, 'Ann');
    const bob = await player(chrome.browser, server.url, 'Bob');
    let hold = false;
    await bob.routeWebSocket(/\/graphql$/, (ws) => {
      const upstream = ws.connectToServer();
      upstream.onMessage((m) => !hold && ws.send(m));
      ws.onMessage((m) => upstream.send(m));
    });
    // SCOUT starts with every seat choosing at once whether to rotate its hand.
    const gameId = await scoutForTwo(ann, bob, server.url);
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
});
