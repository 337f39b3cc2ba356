/** SCOUT: two-number cards; your hand in order, the Active Set on the table, other hands face down. */
import { h } from '../dom.js';
import { backs, card, row, target } from '../cards.js';
import { scoutInfo } from '../card-info.js';
import { word } from '../words.js';
import { resultTable, tr, who } from './helpers.js';

const hue = (n) => `hsl(${(n * 37) % 360} 65% 86%)`;

export function face(c, k, { up, lo, hi }, opts = {}) {
  const down = up === lo ? hi : lo;
  // 6 and 9 are underlined, as on the printed cards: a card may be held either way up.
  const num = (n) => ({ class: n === 6 || n === 9 ? 'six-nine' : '' });
  return card(c, { key: k, style: { background: hue(up) }, info: () => scoutInfo({ up, lo, hi }, c.lang), ...opts }, h('span.big', num(up), c.n(up)), h('span.low', num(down), c.n(down)));
}

export default {
  board(view, c) {
    const me = c.seat;
    const others = view.players.filter((p) => p.seat !== me);
    // Where a scouted card may go shows once a card of the set is picked.
    const scouting = c.game.legalMoves.some((m) => 'at' in m) && (c.isSelected('set:left') || c.isSelected('set:right'));
    const hand = view.hand ?? [];
    const handCards = [];
    hand.forEach((x, i) => {
      if (scouting) handCards.push(target(c, `slot:${i}`, 'gap', '↓'));
      handCards.push(face(c, `hand:${i}`, x, { owner: me }));
    });
    if (scouting) handCards.push(target(c, `slot:${hand.length}`, 'gap', '↓'));
    const set = view.activeSet?.cards ?? [];
    return [
      h('div.seatrow', {}, others.map((p) =>
        row(`${c.name(p.seat)} · ${c.n(p.handCount)} ${tr(c, 'cards', 'کارت')}${p.knownCards.length ? ` · ${tr(c, 'scouted', 'برداشته')}: ${p.knownCards.map((k) => `${c.n(k.lo)}/${c.n(k.hi)}`).join(' ')}` : ''}`,
          [backs(c, p.handCount)], { dataset: { hand: p.seat } }))),
      row(view.activeSet ? `${tr(c, 'Active set of', 'دستهٔ فعال')} ${who(c, view.activeSet.owner)}` : tr(c, 'The table is empty', 'میز خالی است'),
        set.map((x, i) => face(c, i === 0 ? 'set:left' : i === set.length - 1 ? 'set:right' : undefined, x, {})), { class: c.lastEvents?.some((e) => e.type === 'Shown') ? 'moved' : '' }),
      h('p.note', {}, `${tr(c, 'Round', 'دور')} ${c.n(view.round)}/${c.n(view.rounds)} · ${tr(c, 'highest total wins', 'بیشترین جمع می‌برد')} · ${tr(c, 'start player', 'آغازگر')}: ${who(c, view.startPlayer)}` +
        (view.phase === 'rotate' ? ` · ${tr(c, 'choose whether to rotate your hand', 'برگرداندن دست را انتخاب کنید')}` : '') +
        (view.scoutShowPending ? ` · ${tr(c, 'Scout & Show: now show', 'اسکات و شو: اکنون نشان دهید')}` : '')),
      me === null || me === undefined ? null : row(`${tr(c, 'Your hand', 'دست شما')}${view.myRotation === null || view.myRotation === undefined ? '' : view.myRotation ? ` (${tr(c, 'rotated', 'برگردانده')})` : ''}`, handCards, { dataset: { hand: me }, class: 'one-row', style: `--n:${hand.length};--g:${scouting ? hand.length + 1 : 0}` }),
    ];
  },

  keys(m) {
    if (m.type === 'show') return range(m.from, m.to).map((i) => `hand:${i}`);
    if (m.type === 'scout' || m.type === 'scoutShow') return [`set:${m.end}`, `slot:${m.at}`, ...(m.from !== undefined ? range(m.from, m.to).map((i) => `hand:${i}`) : [])];
    return [];
  },

  label(m, c) {
    const v = c.view;
    if (m.type === 'rotate') return m.rotate ? tr(c, 'Rotate my hand', 'دستم را برگردان') : tr(c, 'Keep my hand', 'دستم را نگه دار');
    if (m.type === 'show') return `${tr(c, 'Show', 'نشان بده')} ${(v.hand ?? []).slice(m.from, m.to + 1).map((x) => x.up).join(' ')} (${m.from === m.to ? m.from + 1 : `${m.from + 1}–${m.to + 1}`})`;
    if (m.type === 'scout' || m.type === 'scoutShow') {
      const set = v.activeSet?.cards ?? [];
      const x = m.end === 'left' ? set[0] : set[set.length - 1];
      const value = x ? (m.flip ? (x.up === x.lo ? x.hi : x.lo) : x.up) : '?';
      const end = m.end === 'left' ? tr(c, 'from the left end', 'از سر چپ') : tr(c, 'from the right end', 'از سر راست');
      const turned = m.flip ? tr(c, ' turned over', ' برگردانده') : '';
      const base = `${m.type === 'scoutShow' ? tr(c, 'Scout & Show', 'اسکات و نمایش') : tr(c, 'Scout', 'اسکات')} ${value}${turned} ${end} ${c.lang === 'fa' ? '←' : '→'} ${tr(c, 'slot', 'جای')} ${m.at + 1}`;
      return m.from !== undefined ? `${base}, ${tr(c, 'then show', 'سپس نشان بده')} ${m.from + 1}–${m.to + 1}` : base;
    }
    if (m.type === 'pass') return tr(c, 'Pass (ends the round)', 'گذر (دور تمام می‌شود)');
    return undefined;
  },

  score: (view, s) => view.players[s]?.total,
  seatInfo: (view, s, c) => {
    const p = view.players[s];
    return p ? `${c.n(p.handCount)} ${tr(c, 'cards', 'کارت')} · ${c.n(p.capturedCount)} ${tr(c, 'captured', 'گرفته')} · ${c.n(p.scoutChips)} ${tr(c, 'chips', 'ژتون')}` : '';
  },

  result(view, c) {
    const r = view.lastRound;
    if (!r) return null;
    return resultTable(`${tr(c, 'Round', 'دور')} ${c.n(r.round)}: ${word(r.reason, c.lang)}`, [
      [tr(c, 'Player', 'بازیکن'), tr(c, 'captured', 'گرفته'), tr(c, 'chips', 'ژتون'), tr(c, 'hand', 'دست'), tr(c, 'score', 'امتیاز'), tr(c, 'total', 'جمع')],
      ...r.scores.map((s, i) => [who(c, i), c.n(s.captured), c.n(s.scoutChips), c.n(-s.handPenalty), c.n(s.score), c.n(r.totals[i])]),
    ]);
  },
};

function range(a, b) {
  return Array.from({ length: b - a + 1 }, (_, i) => a + i);
}
