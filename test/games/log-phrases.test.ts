/**
 * The web page's game log (services/web/public/js/log) has a phrase, in English and in Persian,
 * for every event type of every game (the game's own, from its event schemas, and the table's
 * and the app's), and says each event of a real game as a seat sees it (redacted) in words:
 * no "undefined", "null", "NaN" or "[object" in any sentence.
 */
import { describe, expect, it } from 'vitest';
import { eventSchemas } from '../../services/analytics/event-schemas.js';
import { table } from '../../services/engine/core/index.js';
import { games } from '../../services/engine/registry.js';
import { randomPlaythrough } from '../kit/playthrough.js';

// A plain-JS browser module: imported by path so the type checker does not need its types.
const LOG = '../../services/web/public/js/log/index.js';
const log: {
  phraseFor(game: string, type: string): [unknown, unknown] | null;
  phraseContext(lang: string, o: { name(s: number): string; card(c: unknown): string }): unknown;
  logLines(game: string, history: { version: number; seat: number | null; by: string | null; events: unknown[] }[], x: unknown): { text: string; count: number }[];
} = await import(/* @vite-ignore */ LOG);

/** The game's own event types: the keys of its event schemas (the one source its events.ts infers from). */
const ownEventTypes = (id: string): string[] => Object.keys(games.find((g) => g.id === id)!.events ?? {});

describe('the game log has words for every event', () => {
  for (const game of games) {
    it(`${game.id}: every event type has a phrase in English and Persian`, () => {
      const types = [...ownEventTypes(game.id), ...Object.keys(eventSchemas(game))];
      expect(ownEventTypes(game.id).length).toBeGreaterThan(5);
      const missing = types.filter((t) => {
        const p = log.phraseFor(game.id, t);
        return !p || typeof p[0] !== 'function' || typeof p[1] !== 'function';
      });
      expect(missing).toEqual([]);
    });

    it(`${game.id}: a played game's redacted history, seat by seat, reads as sentences`, () => {
      const { events } = randomPlaythrough(game, { seats: 2, seed: `log-${game.id}`, deepEvery: 1_000_000, options: game.id === 'silver' ? { rounds: 1 } : {} });
      const t = table(game);
      for (const seat of [0, 1, null]) {
        for (const lang of ['en', 'fa']) {
          const x = log.phraseContext(lang, { name: (s) => ['Ann', 'Bob'][s] ?? `seat ${s}`, card: () => 'CARD' });
          const history = events.map((e, i) => ({ version: i + 1, seat: null, by: null, events: [t.redact(e, seat)] }));
          const lines = log.logLines(game.id, history, x);
          const bad = lines.filter((l) => !l.text || /undefined|\bnull\b|NaN|\[object/.test(l.text));
          expect(bad.map((l) => l.text).slice(0, 3), `seat ${seat} ${lang}`).toEqual([]);
          if (lang === 'fa') expect(lines.some((l) => /[0-9]/.test(l.text)), 'Persian digits').toBe(false);
        }
      }
    });
  }
});
