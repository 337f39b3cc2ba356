/// <reference lib="dom" />
/** Two people play Seledyne to the end in Chromium by clicking, in Persian (play-kit.ts). One game a file: the browser files run side by side. */
import { describe, expect, it } from 'vitest';
import { usePlay } from './play-kit.js';

const { startGame, playToTheEnd } = usePlay();

describe('two people play Seledyne to the end in Chromium by clicking', () => {
  it('Seledyne (one stage), in Persian (right to left)', async () => {
    const { gameId, pages } = await startGame('seledyne', { stages: '1', initialHandSize: '3' }, 'list', 'fa');
    expect(await pages[0]!.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await playToTheEnd(gameId, pages, 'seledyne', 3, 900);
  }, 240_000);
});
