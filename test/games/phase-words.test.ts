/**
 * The page names every phase a game can be in, in English and in Persian (services/web/public/js/words.js):
 * a Persian page must not print an engine code (it printed "waiting for players" over a game's seats). The phases are the
 * ones real games pass through: every state of seeded random games, from the table waiting for
 * its players to the end.
 */
import { describe, expect, it } from 'vitest';
import { table, type TableState } from '../../services/engine/core/index.js';
import { games } from '../../services/engine/registry.js';
import { randomPlaythrough } from '../kit/playthrough.js';

// A plain-JS browser module: imported by path so the type checker does not need its types.
const WORDS = '../../services/web/public/js/words.js';
const { word }: { word(code: string, lang: string): string } = await import(/* @vite-ignore */ WORDS);

describe('the page has words for every phase', () => {
  for (const game of games) {
    it(`${game.id}: every phase of played games is named in English and Persian`, () => {
      const t = table(game);
      const phases = new Set<string>();
      for (const seats of [...new Set([game.seats.min, game.seats.max])]) {
        const { events } = randomPlaythrough(game, { seats, seed: `phases-${game.id}-${seats}`, deepEvery: 1_000_000, options: game.id === 'silver' ? { rounds: 1 } : {} });
        let state: TableState | null = null;
        for (const e of events) phases.add(t.status((state = t.fold([e], state))).phase);
      }
      expect(phases.has('waiting-for-players')).toBe(true);
      // An unnamed code comes back as itself, dashes spaced: readable in English, Latin letters on a Persian page.
      const unnamed = [...phases].filter((p) => !/[\u0600-\u06FF]/.test(word(p, 'fa')) || word(p, 'en') === '');
      expect(unnamed).toEqual([]);
    });
  }
});
