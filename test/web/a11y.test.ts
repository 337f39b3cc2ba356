/// <reference lib="dom" />
/**
 * axe-core finds no serious or critical violation on any kind of page: the lobby, a table of
 * each game (as a seat with moves to make), a finished game, its replay, a rules page, in English and in Persian.
 */
import { describe, expect, it } from 'vitest';
import { games } from '../../services/engine/registry.js';
import { useServer } from '../kit/server.js';
import { seriousViolations } from './axe.js';
import { openAsSeat, playFirstMoves, seatedGame, type ApiGame } from './api-game.js';
import { player, problems, useBrowser } from './browser.js';

const server = useServer();
const chrome = useBrowser();

/**
 * The games both languages' pages look at, set up once for the file: a seated table of each game
 * and a finished SCOUT game. A page only reads them (axe looks, nobody moves).
 */
let shared: Promise<{ tables: Map<string, ApiGame>; over: ApiGame }> | undefined;
function sharedGames() {
  return (shared ??= (async () => {
    const tables = new Map<string, ApiGame>();
    for (const g of games) tables.set(g.id, await seatedGame(server, g.id, 2, g.id === 'silver' ? { rounds: 1 } : {}));
    const over = await seatedGame(server, 'scout', 2);
    await playFirstMoves(server, over);
    return { tables, over };
  })());
}

describe('axe-core: no serious or critical violation', () => {
  for (const lang of ['en', 'fa'] as const) {
    it(`${lang}: the lobby, a table of each game, a finished game, its replay, a rules page`, async () => {
      const page = await player(chrome.browser, server.url, 'Ann', lang);
      const found: Record<string, unknown> = { lobby: await seriousViolations(page) };
      const { tables, over } = await sharedGames();
      for (const g of games) {
        await openAsSeat(page, server.url, tables.get(g.id)!, 0, g.id);
        found[g.id] = await seriousViolations(page);
      }
      await openAsSeat(page, server.url, over, 0, 'scout');
      await page.waitForSelector('.banner.over');
      found.finished = await seriousViolations(page);
      await page.goto(`${server.url}/#/game/${over.gameId}/replay/8?seat=all`);
      await page.waitForSelector('section.table.replay[data-face-up="true"] section.seat-view');
      found.replay = await seriousViolations(page);
      await page.goto(`${server.url}/#/rules/silver/4.1`);
      await page.waitForSelector('section.rules h1');
      found.rules = await seriousViolations(page);
      console.log(`axe ${lang}: ${Object.entries(found).map(([k, v]) => `${k} ${(v as { id: string; nodes: number }[]).map((x) => `${x.id}×${x.nodes}`).join('+') || 0}`).join(', ')}`);
      for (const [where, v] of Object.entries(found)) expect(v, where).toEqual([]);
      expect(problems(page)).toEqual([]);
    }, 120_000);
  }
});
