/**
 * Every Silver card's power reads in Persian on the page (services/web/public/js/games/silver-powers-fa.js):
 * each card of every edition, the promo cards included, has a Persian text for the catalog's English,
 * with no Latin letter in it. A catalog text changed in English shows here as untranslated.
 * Node only: the module is pure.
 */
import { describe, expect, it } from 'vitest';
import { CARD_DEFS } from '../../../services/engine/games/silver/cards.js';

// A plain-JS browser module: imported by path so the type checker does not need its types.
const POWERS = '../../../services/web/public/js/games/silver-powers-fa.js';
const { powerText, catalogText } = (await import(/* @vite-ignore */ POWERS)) as {
  powerText: (entry: { edition: string; number: number; powerText: string }, lang: string) => string | null;
  catalogText: (text: string, lang: string) => string;
};

describe('Silver powers in Persian', () => {
  it('every card of every edition has its power in Persian, without Latin letters', () => {
    const untranslated = CARD_DEFS.filter((d) => {
      const fa = powerText(d, 'fa');
      return !fa || fa === d.powerText || /[A-Za-z]/.test(fa);
    }).map((d) => `${d.edition} ${d.number}: ${d.powerText}`);
    expect(untranslated).toEqual([]);
  });

  it('a power read by guess (an option) says its guess in Persian too', () => {
    const guesses = CARD_DEFS.flatMap((d) => (d.guess ? [d.guess.text] : []));
    expect(guesses.length).toBeGreaterThan(0);
    for (const g of guesses) expect(catalogText(g, 'fa')).toMatch(/^[^A-Za-z]+$/);
  });

  it('English stays the catalog text', () => {
    for (const d of CARD_DEFS) expect(powerText(d, 'en')).toBe(d.powerText);
  });
});
