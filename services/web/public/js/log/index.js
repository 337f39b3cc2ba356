/**
 * The game log: each history entry (as the seat may see it: the server redacts it) in sentences,
 * one phrase per event type per game, English and Persian. Repeats are grouped: identical
 * sentences in one entry, and runs of identical automatic entries ("×33 nobody could play").
 * Pure (no DOM): tests import it in Node to check that every event type has a phrase.
 */
import { num } from '../numerals.js';
import { word } from '../words.js';
import shared from './shared.js';
import scout from './scout.js';
import ssp from './sea-salt-and-paper.js';
import seledyne from './seledyne.js';
import silver from './silver.js';

export const PHRASES = { shared, scout, 'sea-salt-and-paper': ssp, seledyne, silver };

/** The phrase pair [en, fa] for an event type of a game, or null when there is none. */
export function phraseFor(game, type) {
  return PHRASES[game]?.[type] ?? shared[type] ?? null;
}

/**
 * What phrases use. `names(seat)` names a seat; `card(c)` names one of the game's cards as the
 * event carries it (a number, an id, or an object, by game).
 */
export function phraseContext(lang, { name, card, winners }) {
  const x = {
    lang,
    // The game's result as the server reads it (a seat that resigned is never a winner), over the stored event's.
    winners,
    n: (v) => num(v, lang),
    who: (seat) => (seat === null || seat === undefined ? (lang === 'fa' ? 'کسی' : 'someone') : name(seat)),
    word: (code) => word(code, lang),
    card: (c) => card(c, lang),
    cards: (cs) => cs.map((c) => card(c, lang)).join(lang === 'fa' ? ' و ' : ' + '),
    list: (items) => (items.length ? items.join(lang === 'fa' ? '، ' : ', ') : lang === 'fa' ? 'هیچ‌کس' : 'nobody'),
  };
  return x;
}

/** One event in words; an event type without a phrase still says something (its type, spaced). */
export function sentence(game, event, x) {
  const p = phraseFor(game, event.type);
  if (!p) return String(event.type).replace(/([a-z])([A-Z])/g, '$1 $2');
  return (x.lang === 'fa' ? p[1] : p[0])(event, x);
}

/**
 * The log, newest first: [{ version, seat, by, text, count }]. An entry's identical sentences are
 * one with "×n"; a run of entries that say the same one sentence is one line with its count.
 */
export function logLines(game, history, x) {
  const lines = [];
  for (const entry of history) {
    const texts = [];
    for (const ev of entry.events) {
      const s = sentence(game, ev, x);
      const last = texts[texts.length - 1];
      if (last && last.s === s) last.n++;
      else texts.push({ s, n: 1 });
    }
    const text = shorten(texts, x)
      .map((t) => (t.n > 1 ? `${t.s} (×${x.n(t.n)})` : t.s))
      .join(lang(x) === 'fa' ? '؛ ' : '; ');
    const prev = lines[lines.length - 1];
    if (prev && prev.text === text && prev.by === entry.by && prev.seat === entry.seat) {
      prev.count++;
      prev.version = entry.version;
    } else lines.push({ version: entry.version, first: entry.version, seat: entry.seat ?? null, by: entry.by ?? null, text, count: 1, events: entry.events });
  }
  return lines.reverse();
}

const lang = (x) => x.lang;

const MAX_SENTENCES = 6;

/**
 * A long chain of automatic steps in one entry (Seledyne's rounds nobody could play) reads as its
 * first and last sentences around how many steps passed, and what the most frequent one said.
 */
function shorten(texts, x) {
  if (texts.length <= MAX_SENTENCES) return texts;
  const middle = texts.slice(3, -2);
  const counts = new Map();
  for (const t of middle) counts.set(t.s, (counts.get(t.s) ?? 0) + t.n);
  const [common, n] = [...counts].sort((a, b) => b[1] - a[1])[0];
  const steps = middle.reduce((k, t) => k + t.n, 0);
  const said = x.lang === 'fa' ? `… ${x.n(steps)} گام خودکار (${x.n(n)} بار: ${common}) …` : `… ${x.n(steps)} automatic steps (${x.n(n)} × ${common}) …`;
  return [...texts.slice(0, 3), { s: said, n: 1 }, ...texts.slice(-2)];
}
