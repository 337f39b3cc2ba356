/** Two people play Sea Salt & Paper to the end in Chromium by clicking (play-kit.ts). One game a file: the browser files run side by side. */
import { describe, expect, it } from 'vitest';
import { usePlay } from './play-kit.js';

const { startGame, playToTheEnd } = usePlay();

describe('two people play Sea Salt & Paper to the end in Chromium by clicking', () => {
  it('Sea Salt & Paper (target score 10), joined by the invite link, with a fixed seed shown as fixed', async () => {
    const { gameId, pages } = await startGame('sea-salt-and-paper', { targetScore: '10', seed: 'browser-test' }, 'invite');
    expect(await pages[1]!.locator('.seed-fixed').count()).toBe(1);
    await playToTheEnd(gameId, pages, 'sea-salt-and-paper', 2, 600);
  }, 240_000);
});
