/**
 * The names the page gives seats (services/web/public/js/names.js, issue 38 item 1): two bots of
 * one kind, which the server names alike ("search:2 bot"), read differently in both languages,
 * and Persian names carry no Latin letter or ASCII digit. Node only: the module is pure.
 */
import { describe, expect, it } from 'vitest';

// A plain-JS browser module: imported by path so the type checker does not need its types.
const NAMES = '../../services/web/public/js/names.js';
const { holderName, seatName, entrantName, specName } = (await import(/* @vite-ignore */ NAMES)) as {
  holderName: (p: { seat: number; name: string; bot: string | null }, lang: string) => string;
  seatName: (players: { seat: number; name: string; bot: string | null }[], seat: number, lang: string) => string;
  entrantName: (e: { index: number; name: string; bot: string | null }, lang: string) => string;
  specName: (spec: string, lang: string) => string;
};

const players = [
  { seat: 0, name: 'Ann', bot: null },
  { seat: 1, name: 'search:2 bot', bot: 'search:2' },
  { seat: 2, name: 'search:2 bot', bot: 'search:2' },
  { seat: 3, name: 'greedy bot', bot: 'greedy' },
];

describe('seat names', () => {
  it('gives every server bot seat a name of its own, with its kind and level, in English and Persian', () => {
    expect(players.map((p) => holderName(p, 'en'))).toEqual(['Ann', 'Bot 2 (search·2)', 'Bot 3 (search·2)', 'Bot 4 (greedy)']);
    expect(players.map((p) => holderName(p, 'fa'))).toEqual(['Ann', 'ربات ۲ (جستجوگر·۲)', 'ربات ۳ (جستجوگر·۲)', 'ربات ۴ (حریص)']);
    for (const lang of ['en', 'fa']) expect(new Set(players.map((p) => holderName(p, lang))).size).toBe(players.length);
    for (const p of players.slice(1)) expect(holderName(p, 'fa')).not.toMatch(/[A-Za-z0-9]/);
  });

  it('keeps a chosen name (a person, a registered bot, a person whose seat a bot now plays)', () => {
    expect(holderName({ seat: 1, name: 'Deep Thought', bot: null }, 'fa')).toBe('Deep Thought');
    expect(holderName({ seat: 1, name: 'Bob', bot: 'search:10' }, 'en')).toBe('Bob');
    expect(seatName(players, 5, 'fa')).toBe('صندلی ۶');
  });

  it("names a tournament's bot entrants by their entry, a spec in words", () => {
    expect(entrantName({ index: 2, name: 'search:1 #3', bot: 'search:1' }, 'en')).toBe('Bot 3 (search·1)');
    expect(entrantName({ index: 0, name: 'random #1', bot: 'random' }, 'fa')).toBe('ربات ۱ (تصادفی)');
    expect(entrantName({ index: 1, name: 'Rita', bot: null }, 'fa')).toBe('Rita');
    expect(specName('unknownkind:4', 'fa')).toBe('unknownkind·۴');
  });
});
