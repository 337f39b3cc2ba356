/// <reference lib="dom" />
/** Two people play Seledyne to the end in Chromium by clicking, in Persian (play-kit.ts). One game a file: the browser files run side by side. */
import { describe, expect, it } from 'vitest';
import { usePlay } from './play-kit.js';

const { startGame, playToTheEnd } = usePlay();

describe('two people play Seledyne to the end in Chromium by clicking', () => {
  it('Seledyne (one stage), in Persian (right to left)', async () => {
    const { gameId, pages } = await startGame('seledyne', { stages: '1', initialHandSize: '3' }, 'list', 'fa');
    expect(await pages[0]!.evaluate(() => document.documentElement.dir)).toBe('rtl');
    // Each card names its house in its corner. The Persian names are wider than a card at the corner's
    // old size: a full-size card shows the whole name, inside the card (a small one may end it with …).
    const corners = [pages[0]!, pages[1]!].map((p) => p.locator('.card:not(.small) .corner'));
    expect(await corners[0]!.count(), 'the hand shows its houses').toBeGreaterThan(0);
    const cut = async (shown: (typeof corners)[number]) => shown.evaluateAll((all) =>
      all.flatMap((corner) => {
        const c = corner.getBoundingClientRect();
        const card = corner.closest('.card')!.getBoundingClientRect();
        return corner.scrollWidth > corner.clientWidth || c.left < card.left || c.right > card.right ? [`${corner.textContent} ${corner.scrollWidth}/${corner.clientWidth}`] : [];
      }),
    );
    expect([...(await cut(corners[0]!)), ...(await cut(corners[1]!))], 'every house name shows whole, inside its card').toEqual([]);
    await playToTheEnd(gameId, pages, 'seledyne', 3, 900);
  }, 240_000);
});
