/// <reference lib="dom" />
/** Two people play SCOUT to the end in Chromium by clicking, the guest on a phone (play-kit.ts). One game a file: the browser files run side by side. */
import { describe, expect, it } from 'vitest';
import { usePlay } from './play-kit.js';

const { startGame, playToTheEnd } = usePlay();

describe('two people play SCOUT to the end in Chromium by clicking', () => {
  it('SCOUT (2 players: 2 rounds), joined from the open games list, the guest on a phone (390 px)', async () => {
    const { gameId, pages } = await startGame('scout', {}, 'list');
    await pages[1]!.setViewportSize({ width: 390, height: 844 });
    await playToTheEnd(gameId, pages, 'scout', 1, 400);
    // The phone played every move of its seat by tapping in place, and nothing ever scrolled sideways.
    expect(await pages[1]!.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // The seed was random: revealed at the end, with no "fixed" note.
    expect(await pages[1]!.locator('code.seed').count()).toBe(1);
    expect(await pages[1]!.locator('.seed-fixed').count()).toBe(0);
  }, 240_000);
});
