/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * Ratings on the page, in Chromium: the lobby's leaderboard (best first, bots marked) and a
 * player's page with their rating and its history, in English and in Persian.
 */
import { describe, expect, it } from 'vitest';
import { highCard } from '../kit/high-card.js';
import { createAndJoin, registerPlayer } from '../kit/players.js';
import { useServer } from '../kit/server.js';
import { join } from 'node:path';
import { player, problems, ready, shot, SHOTS, useBrowser } from './browser.js';

// High-card is one move a seat, and few players: the fair-play rules are loosened (test/ratings/fair-play.e2e.test.ts).
// Every test player comes from one address: linked seats would count no game (test/ratings/linked-seats.e2e.test.ts).
const server = useServer({ games: [highCard], ratedMinMoves: 1, ratedLinkedSeats: 'COUNTED', fairRatings: { provisionalOpponents: 1, pairGames: 1000, pairWindow: 10 } });
const chrome = useBrowser();

async function ratedGames() {
  const [ann, bob] = [await registerPlayer(server, 'Ann'), await registerPlayer(server, 'Bob')];
  for (let i = 0; i < 2; i++) {
    const id = await createAndJoin(server, { game: 'high-card', seats: 2, rated: true }, [ann, bob]);
    for (const p of [ann, bob]) await server.gql('mutation($id: ID!) { submitMove(gameId: $id, move: { type: "choose", swap: false }) { game { version } } }', { id }, p.token);
  }
  const vsBot = await createAndJoin(server, { game: 'high-card', seats: 2, rated: true, bots: [{ seat: 1, kind: 'random' }] }, [ann]);
  await server.gql('mutation($id: ID!) { submitMove(gameId: $id, move: { type: "choose", swap: false }) { game { version } } }', { id: vsBot }, ann.token);
  await server.play.settle();
  return { ann, bob };
}

describe('ratings on the page', () => {
  it('the lobby shows the leaderboard best first, and a name opens the player’s page with their rating and history', async () => {
    const { ann } = await ratedGames();
    const page = await player(chrome.browser, server.url, 'Cat');
    await page.waitForSelector('.leaderboard table.ratings tbody tr');
    const rows = await page.$$eval('.leaderboard tbody tr', (trs) => trs.map((tr) => ({ name: tr.children[1]!.textContent, rating: Number(tr.children[2]!.textContent) })));
    expect(rows.map((r) => r.name).sort()).toEqual(['Ann', 'Bob', 'randombot']);
    expect(rows.map((r) => r.rating)).toEqual([...rows.map((r) => r.rating)].sort((a, b) => b - a));
    await page.click(`.leaderboard a[href="#/player/${ann.id}"]`);
    await page.waitForSelector('.player-page article.rating');
    await ready(page);
    expect(await page.textContent('.player-page h2')).toBe('Ann');
    expect(await page.$$eval('.rating-history li', (lis) => lis.length)).toBe(3);
    expect(problems(page)).toEqual([]);
    await page.context().close();
  });

  it('a server bot has a page of its own, and the page speaks Persian', async () => {
    const page = await player(chrome.browser, server.url, 'Dan', 'fa');
    await page.waitForSelector('.leaderboard table.ratings');
    expect(await page.textContent('.leaderboard h2')).toContain('جدول رده‌بندی');
    await page.goto(`${server.url}/#/player/${encodeURIComponent('bot:random')}`);
    await page.waitForSelector('.player-page h2');
    expect(await page.textContent('.player-page h2')).toContain('random');
    expect(await page.textContent('.player-page h2')).toContain('ربات');
    // The history line in Persian digits throughout, as its date is: the place, and the ratings with
    // the Persian decimal separator, the arrow pointing the way the line reads (right to left).
    const line = (await page.textContent('.rating-history li span.muted'))!;
    const place = (await page.textContent('.rating-history li span:not(.muted)'))!;
    expect(`${place} ${line}`).not.toMatch(/[0-9]/);
    expect(place).toMatch(/[۱۲]\/۲$/);
    expect(line).toMatch(/^\u2066?−?[۰-۹]+٫[۰-۹]\u2069? ← \u2066?−?[۰-۹]+٫[۰-۹]\u2069?$/);
    // The headline's Greek labels stay before their figures as the line reads: a right-to-left mark
    // after each keeps the digits out of the label's left-to-right run.
    const headline = (await page.textContent('.player-page article.rating h3 small'))!;
    expect(headline).toMatch(/μ\u200f \u2066?−?[۰-۹]+٫[۰-۹]/);
    expect(headline).toMatch(/σ\u200f [۰-۹]+٫[۰-۹]/);
    await shot(page, { path: join(SHOTS, 'ratings-fa.png'), fullPage: true });
    expect(problems(page)).toEqual([]);
    await page.context().close();
  });
});
