/// <reference lib="dom" />
/** Two people play SCOUT to the end in Chromium by clicking, the guest on a phone (play-kit.ts). One game a file: the browser files run side by side. */
import { describe, expect, it } from 'vitest';
import { usePlay } from './play-kit.js';

const { startGame, playToTheEnd } = usePlay();

describe('two people play SCOUT to the end in Chromium by clicking', () => {
  it('SCOUT (2 players: 2 rounds), joined from the open games list, the guest on a phone (390 px), with a fixed seed', async () => {
    // A fixed deal: the game's length (and the file's time) is the same on every run (37 steps; seed 'a1' took 47,
    // random seeds 19-34 s of Chromium's CPU). A random seed's page (revealed at the end, no "fixed" note) is
    // page.test's finished game.
    const { gameId, pages } = await startGame('scout', { seed: 'b2' }, 'list');
    await pages[1]!.setViewportSize({ width: 390, height: 844 });
    await playToTheEnd(gameId, pages, 'scout', 1, 400);
    // The phone played every move of its seat by tapping in place, and nothing ever scrolled sideways.
    expect(await pages[1]!.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // The seed is revealed at the end, and the phone says it was fixed.
    expect(await pages[1]!.locator('code.seed').count()).toBe(1);
    expect(await pages[1]!.locator('.seed-fixed').count()).toBe(1);
  }, 240_000);
});
