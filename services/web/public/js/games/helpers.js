/** What the four renderers share: a word in the page's language, a seat's name, a results table. */
import { h } from '../dom.js';

/** English or Persian, as the page speaks. */
export function tr(c, en, fa) {
  return c.lang === 'fa' && fa ? fa : en;
}

/** The name of the seat, or "you". */
export function who(c, seat) {
  return seat === c.seat ? tr(c, 'you', 'شما') : c.name(seat);
}

/** A small results table: rows of cells, the first row the header. */
export function resultTable(title, rows) {
  return h('div.result', { tabindex: 0, role: 'region', 'aria-label': title }, h('h4', {}, title), h('table', {}, rows.map((r, i) => h('tr', {}, r.map((cell) => h(i === 0 ? 'th' : 'td', {}, String(cell ?? '')))))));
}

/** A card caption's size class: a long word in smaller type, so it fits the card whole ("Lighthouse", "Bodyguard"). */
export function labelFit(name) {
  const longest = Math.max(0, ...String(name).split(/\s+/).map((w) => w.length));
  return longest > 9 ? 'longer' : longest > 7 ? 'long' : '';
}

/**
 * A caption with soft hyphens between the syllables of its long Latin words (a rough V-CV / VC-CV
 * rule, never leaving fewer than three letters on a side): at a readable 11 px "Doppelgänger" is
 * wider than a card, and Chromium has no hyphenation dictionaries on Linux, so `hyphens: auto`
 * would leave it overflowing or (with overflow-wrap) broken at any letter. Persian words fit whole.
 */
export function hyphenated(name) {
  const vowel = (ch) => /[aeiouyàâäéèêëïîôöüû]/i.test(ch ?? '');
  return String(name).replace(/\p{Script=Latin}{8,}/gu, (word) => {
    let out = '';
    for (let i = 0; i < word.length; i++) {
      out += word[i];
      if (i < 2 || word.length - i - 1 < 3 || vowel(word[i + 1]) || !vowel(word[i + 2])) continue;
      if (vowel(word[i]) || vowel(word[i - 1])) out += '\u00AD'; // before a consonant-vowel pair: after a vowel, or between two consonants
    }
    return out;
  });
}
