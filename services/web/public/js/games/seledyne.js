/** Seledyne: each seat's house, hand and reserve (yours face up), its counter, and Isthām. */
import { h } from '../dom.js';
import { backs, card, infoButton, row, target } from '../cards.js';
import { seledyneInfo, seledyneTerm } from '../card-info.js';
import { word } from '../words.js';
import { resultTable, tr, who } from './helpers.js';
import { cardName, HOUSES } from './seledyne-cards.js';

const HOUSE = { NAB: '#2f5f9e', SAL: '#a8382a', YAR: '#85600f', ARM: '#37733a', INE: '#6e4493', MOR: '#2f2f3a' };
const SPECIAL = { EXCHANGE: '⇄', SUM: '+' };

export function face(c, x, opts = {}, where = 'hand') {
  const house = HOUSES[x.house] ?? { en: x.house, fa: x.house };
  return card(
    c,
    { key: `card:${x.id}`, style: { background: HOUSE[x.house] ?? '#777', color: '#fff' }, info: () => seledyneInfo(x, house, where, c.lang), ...opts },
    h('span.corner.house', { dir: 'auto' }, house[c.lang] ?? house.en),
    h('span.big', {}, c.n(x.value)),
    x.special ? h('span.sub', {}, SPECIAL[x.special] ?? x.special) : null,
  );
}

function houseName(c, p) {
  return p.houseName ? (p.houseName[c.lang] ?? p.houseName.en) : p.house;
}

export default {
  board(view, c) {
    const me = c.seat;
    const seats = [...view.players].sort((a, b) => (a.seat === me ? 1 : b.seat === me ? -1 : a.seat - b.seat));
    return [
      ...seats.map((p) => {
        const mine = p.seat === me;
        return h('div.seat-block', { dataset: { seat: p.seat } },
          h('div.seatrow', {},
            target(c, `seat:${p.seat}`, 'player', `${who(c, p.seat)} · ${houseName(c, p)}`),
            p.seat === seats[0].seat ? infoButton(seledyneTerm('house', c.lang), c.lang) : null,
            h('span.note', {}, `${tr(c, 'die', 'تاس')} ${c.n(p.die)} · ${tr(c, 'total', 'جمع')} ${c.n(p.total)}${p.mustChoose ? ` · ${tr(c, 'choosing', 'در حال انتخاب')}` : ''}${p.hasChosen ? ' ✓' : ''}`)),
          h('div.seatrow', {},
            row(`${tr(c, 'Hand', 'دست')} (${c.n(p.handCount)})`, p.hand ? p.hand.map((x) => face(c, x, { owner: p.seat })) : [backs(c, p.handCount)], { dataset: { hand: p.seat } }),
            row(`${tr(c, 'Reserve', 'مخزن')} (${c.n(p.reserveCount)})`, p.reserve ? p.reserve.map((x) => face(c, x, { cls: 'small', owner: p.seat }, 'reserve')) : [backs(c, p.reserveCount)], { dataset: { hand: p.seat } }),
            row(h('span', {}, tr(c, 'Counter', 'پیشخوان'), ' ', infoButton(seledyneTerm('counter', c.lang), c.lang)), p.counter.map((x) => face(c, x, { cls: 'small' }, 'counter')))));
      }),
      row(h('span', {}, `${tr(c, 'Isthām', 'ایستهام')} (${c.n(view.istham.length)}) `, infoButton(seledyneTerm('istham', c.lang), c.lang), ' ', infoButton(seledyneTerm('tribute', c.lang), c.lang)),
        view.istham.map((e) => face(c, e.card, { cls: 'small', title: `${cardName(e.card.id, c.lang)} · ${tr(c, 'tributed by', 'پیشکش از')} ${c.name(e.tributedBy)}` }, 'istham'))),
      h('p.note', {}, `${tr(c, 'Stage', 'مرحله')} ${c.n(view.stage)}/${c.n(view.stages)} · ${tr(c, 'round', 'دور')} ${c.n(view.round)} · ${word(view.phase, c.lang)}` +
        (view.turn ? ` · ${tr(c, 'die this turn', 'تاس این نوبت')} ${c.n(view.turn.effectiveDie)}${view.turn.selection.length ? ` · ${tr(c, 'tribute', 'پیشکش')}: ${view.turn.selection.map((x) => cardName(x.id, c.lang)).join('، ')}` : ''}` : '') +
        (view.lastRound ? ` · ${tr(c, 'last round', 'دور آخر')}` : ''),
        view.phase === 'six' ? infoButton(seledyneTerm('six', c.lang), c.lang) : null),
    ];
  },

  keys(m) {
    switch (m.type) {
      case 'exchange': return [`card:${m.give}`, ...(m.take ? [`card:${m.take}`] : [])];
      case 'roundDraw': case 'tribute': case 'sixMultipleDraw': return m.card ? [`card:${m.card}`] : [];
      case 'sixRule': return m.use && m.card ? [`card:${m.card}`] : [];
      case 'gift': return [...m.cards.map((x) => `card:${x}`), `seat:${m.target}`];
      default: return [];
    }
  },

  label(m, c) {
    switch (m.type) {
      case 'exchange': return `${tr(c, 'Exchange', 'مبادله')} ${cardName(m.give, c.lang)}${m.take ? ` ⇄ ${cardName(m.take, c.lang)}` : ''}`;
      case 'roundDraw': return `${tr(c, 'Round draw', 'کشیدن دور')}${m.card ? ` ${cardName(m.card, c.lang)}` : ''}`;
      case 'skipRoundDraw': return tr(c, 'Skip the round draw', 'بدون کشیدن');
      case 'sixRule': return m.use ? `${tr(c, 'Use the Six rule', 'قانون شش')}${m.card ? ` · ${cardName(m.card, c.lang)}` : ''}` : tr(c, 'Do not use the Six rule', 'بدون قانون شش');
      case 'tribute': return `${tr(c, 'Tribute', 'پیشکش')} ${cardName(m.card, c.lang)}`;
      case 'confirmTribute': return m.boost ? tr(c, 'Confirm tribute, boost the die', 'تأیید پیشکش، با افزایش تاس') : tr(c, 'Confirm tribute', 'تأیید پیشکش');
      case 'sixMultipleDraw': return `${tr(c, 'Draw', 'بکش')}${m.card ? ` ${cardName(m.card, c.lang)}` : ''}`;
      case 'stopDrawing': return tr(c, 'Stop drawing', 'پایان کشیدن');
      case 'gift': return `${tr(c, 'Gift', 'هدیه')} ${m.cards.map((x) => cardName(x, c.lang)).join(' + ')} ${c.lang === 'fa' ? '←' : '→'} ${c.name(m.target)}`;
      case 'pass': return tr(c, 'Pass', 'گذر');
      case 'endTurn': return tr(c, 'End turn', 'پایان نوبت');
      default: return undefined;
    }
  },

  score: (view, s) => view.players.find((p) => p.seat === s)?.total,

  result(view, c) {
    const r = view.stageResults[view.stageResults.length - 1];
    if (!r) return null;
    return resultTable(`${tr(c, 'Stage', 'مرحله')} ${c.n(r.stage)}: ${word(r.reason, c.lang)}`, [
      [tr(c, 'Player', 'بازیکن'), tr(c, 'Isthām', 'ایستهام'), tr(c, 'counter', 'پیشخوان'), tr(c, 'score', 'امتیاز'), tr(c, 'total', 'جمع')],
      ...r.scores.map((s) => [who(c, s.seat), c.n(s.positive), c.n(-s.negative), c.n(s.score), c.n(s.total)]),
    ]);
  },
};
