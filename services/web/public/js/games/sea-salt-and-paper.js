/** Sea Salt & Paper: your hand, the draw pile, two discard piles, duos in front of each player. */
import { h } from '../dom.js';
import { backs, card, row, target } from '../cards.js';
import { sspInfo } from '../card-info.js';
import { word } from '../words.js';
import { hyphenated, labelFit, resultTable, tr, who } from './helpers.js';

const COLOURS = {
  darkBlue: '#27408b', lightBlue: '#8ec5e8', black: '#2b2b2b', yellow: '#f3d34a', lightGreen: '#9ed89a', white: '#fbfbf6',
  purple: '#8a5bb8', lightGrey: '#c9ccd1', lightOrange: '#f6b878', lightPink: '#f5b7c9', orange: '#ec7a2e',
};
const DARK = new Set(['darkBlue', 'black', 'purple']);
/** A mark per category, from fonts every system has (no emoji font needed). */
const MARK = { duo: '◆', collector: '●', multiplier: '✕', mermaid: '★' };
const CATEGORY = { duo: ['duo', 'جفت'], collector: ['collector', 'کلکسیونی'], multiplier: ['multiplier', 'ضریب'], mermaid: ['mermaid', 'پری دریایی'] };
const FA = { crab: 'خرچنگ', boat: 'قایق', fish: 'ماهی', swimmer: 'شناگر', shark: 'کوسه', shell: 'صدف', octopus: 'هشت‌پا', penguin: 'پنگوئن', sailor: 'ملوان', lighthouse: 'فانوس دریایی', shoalOfFish: 'دستهٔ ماهی', penguinColony: 'کلونی پنگوئن', captain: 'ناخدا', mermaid: 'پری دریایی' };

/** A card's name: the catalog's where it has one, else from its type. */
function cardName(c, x) {
  const entry = c.type.catalog?.cards?.find?.((k) => k.id === x.id);
  if (entry?.names) return entry.names[c.lang] ?? entry.names.en;
  if (c.lang === 'fa' && FA[x.type]) return FA[x.type];
  return x.type.replace(/([a-z])([A-Z])/g, '$1 $2');
}

/** Words wider than a card at 11 px that the syllable rule (helpers.js hyphenated, words of 8+ letters) leaves whole. */
const BREAKS = { Lighthouse: 'Light\u00ADhouse', Swimmer: 'Swim\u00ADmer' };

export function face(c, x, opts = {}) {
  const name = cardName(c, x);
  const small = (opts.cls ?? '').split(' ').includes('small');
  return card(
    c,
    { key: `card:${x.id}`, style: { background: COLOURS[x.colour] ?? '#fff', color: DARK.has(x.colour) ? '#fff' : '#1f2430' }, info: () => sspInfo(x, name, c.lang), ...opts },
    h('span.mark', { 'aria-hidden': 'true' }, MARK[x.category] ?? '•'),
    // Full-size cards: an 11 px caption, long words broken at soft hyphens (as Silver's); the small ones shrink long words.
    h('span.label', { class: small ? labelFit(name) : 'hyphenated' }, small ? name : hyphenated(name.replace(/\p{L}+/gu, (w) => BREAKS[w] ?? w))),
    h('span.sub', {}, tr(c, ...(CATEGORY[x.category] ?? [x.category]))),
  );
}

function allCards(view) {
  return [...(view.myHand ?? []), ...(view.drawn ?? []), ...(view.crabPileCards ?? []), ...view.discards.map((d) => d.top).filter(Boolean), ...view.players.flatMap((p) => [...(p.hand ?? []), ...p.duos.flatMap((d) => d.cards)])];
}

export default {
  board(view, c) {
    const me = c.seat;
    const others = view.players.filter((p) => p.seat !== me);
    const mine = view.players.find((p) => p.seat === me);
    return [
      h('div.seatrow', {}, others.map((p) =>
        h('div', {},
          target(c, `seat:${p.seat}`, 'player', c.name(p.seat)),
          row(`${c.n(p.handCount)} ${tr(c, 'cards', 'کارت')}${p.protected ? ` · ${tr(c, 'protected', 'محافظت‌شده')}` : ''}`,
            p.hand ? p.hand.map((x) => face(c, x, { cls: 'small', owner: p.seat })) : [backs(c, p.handCount)],
            { dataset: { hand: p.seat, ...(p.hand ? { revealed: 'true' } : {}) } }),
          p.duos.length ? row(tr(c, 'Duos', 'جفت‌ها'), p.duos.flatMap((d) => d.cards.map((x) => face(c, x, { cls: 'small' })))) : null))),
      h('div.seatrow', {},
        row(tr(c, 'Draw pile', 'دستهٔ کارت'), [target(c, 'deck', 'deck', c.n(view.deckCount))]),
        ...view.discards.map((d) => row(`${tr(c, 'Discard', 'دورریز')} ${c.n(d.pile + 1)} (${c.n(d.count)})`, [d.top ? face(c, d.top, { key: `pile:${d.pile}` }) : target(c, `pile:${d.pile}`, 'empty', '—')])),
        view.drawn?.length ? row(tr(c, 'Drawn: keep one', 'کشیده‌شده: یکی را نگه دارید'), view.drawn.map((x) => face(c, x, { owner: me }))) : null,
        // Full size: the player reads these names to choose (a small card's caption is 6-7 px).
        view.crabPileCards?.length ? row(tr(c, 'Crab: take one', 'خرچنگ: یکی را بردارید'), view.crabPileCards.map((x) => face(c, x))) : null),
      h('p.note', {}, [
        `${tr(c, 'Round', 'دور')} ${c.n(view.round)} · ${tr(c, 'first to', 'هدف')} ${c.n(view.targetScore)} ${tr(c, 'points wins', 'امتیاز')}`,
        view.call ? ` · ${word(view.call.kind, c.lang)} ${tr(c, 'called by', 'اعلام از')} ${who(c, view.call.caller)}` : '',
        view.myPoints ? ` · ${tr(c, 'your points', 'امتیاز شما')}: ${c.n(view.myPoints.total)} + ${tr(c, 'colour', 'رنگ')} ${c.n(view.myColourBonus ?? 0)}` : '',
      ].join('')),
      me === null || me === undefined ? null : row(tr(c, 'Your hand', 'دست شما'), (view.myHand ?? []).map((x) => face(c, x, { owner: me })), { dataset: { hand: me } }),
      mine?.duos.length ? row(tr(c, 'Your duos', 'جفت‌های شما'), mine.duos.flatMap((d) => d.cards.map((x) => face(c, x, { cls: 'small' })))) : null,
    ];
  },

  keys(m) {
    switch (m.type) {
      case 'draw': return ['deck'];
      case 'takeDiscard': case 'choosePile': return [`pile:${m.pile}`];
      case 'keep': return [`card:${m.card}`, `pile:${m.pile}`];
      case 'playDuo': return m.cards.map((x) => `card:${x}`);
      case 'chooseCard': return [`card:${m.card}`];
      case 'chooseOpponent': return [`seat:${m.opponent}`];
      default: return [];
    }
  },

  label(m, c) {
    const byId = new Map(allCards(c.view).map((x) => [x.id, x]));
    const n = (id) => (byId.has(id) ? cardName(c, byId.get(id)) : `#${id}`);
    switch (m.type) {
      case 'draw': return tr(c, 'Draw two cards', 'دو کارت بکش');
      case 'takeDiscard': return `${tr(c, 'Take from discard', 'از دورریز بردار')} ${m.pile + 1}`;
      case 'keep': return `${tr(c, 'Keep', 'نگه دار')} ${n(m.card)}, ${tr(c, 'discard the other on pile', 'دیگری روی دورریز')} ${m.pile + 1}`;
      case 'playDuo': return `${tr(c, 'Play duo', 'جفت بازی کن')}: ${m.cards.map(n).join(' + ')}`;
      case 'choosePile': return `${tr(c, 'Look through discard', 'دورریز را بگرد')} ${m.pile + 1}`;
      case 'chooseCard': return `${tr(c, 'Take', 'بردار')} ${n(m.card)}`;
      case 'chooseOpponent': return `${tr(c, 'Steal a card from', 'کارتی بدزد از')} ${c.name(m.opponent)}`;
      case 'endTurn': return tr(c, 'End turn', 'پایان نوبت');
      case 'stop': return tr(c, 'Call STOP (the round ends now)', 'اعلام «بس» (دور همین حالا تمام می‌شود)');
      case 'lastChance': return tr(c, 'Call LAST CHANCE (a bet: the others play one more turn)', 'اعلام «آخرین فرصت» (شرط: دیگران یک نوبت دیگر بازی می‌کنند)');
      default: return undefined;
    }
  },

  score: (view, s) => view.players.find((p) => p.seat === s)?.total,

  result(view, c) {
    const r = view.lastRound;
    if (!r) return null;
    return resultTable(`${tr(c, 'Round', 'دور')} ${c.n(r.round)}: ${word(r.reason, c.lang)}${r.caller !== null && r.caller !== undefined ? ` (${who(c, r.caller)})` : ''}`, [
      [tr(c, 'Player', 'بازیکن'), tr(c, 'cards', 'کارت‌ها'), tr(c, 'colour', 'رنگ'), tr(c, 'score', 'امتیاز'), tr(c, 'total', 'جمع')],
      ...r.players.map((p) => [who(c, p.seat), c.n(p.cardPoints), c.n(p.colourBonus), c.n(p.score), c.n(p.total)]),
    ]);
  },
};
