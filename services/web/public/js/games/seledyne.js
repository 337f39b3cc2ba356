/** Seledyne: each seat's house, hand and reserve (yours face up), its counter, and Isthām. */
import { h } from '../dom.js';
import { back, card, row, target } from '../cards.js';
import { resultTable, tr, who } from './index.js';

const HOUSE = { NAB: '#3b6fb6', SAL: '#b8412f', YAR: '#d6a21e', ARM: '#4a8c4a', INE: '#7b4fa0', MOR: '#2f2f3a' };
const SPECIAL = { EXCHANGE: '⇄', SUM: '+' };

function face(c, x, opts = {}) {
  return card(
    c,
    { key: `card:${x.id}`, style: { background: HOUSE[x.house] ?? '#777', color: '#fff' }, title: x.id + (x.special ? ` (${x.special})` : ''), ...opts },
    h('span.corner', {}, x.house),
    h('span.big', {}, x.value),
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
            h('span.note', {}, `${tr(c, 'die', 'تاس')} ${p.die} · ${tr(c, 'total', 'جمع')} ${p.total}${p.mustChoose ? ` · ${tr(c, 'choosing', 'در حال انتخاب')}` : ''}${p.hasChosen ? ' ✓' : ''}`)),
          h('div.seatrow', {},
            row(`${tr(c, 'Hand', 'دست')} (${p.handCount})`, p.hand ? p.hand.map((x) => face(c, x, { owner: p.seat })) : Array.from({ length: p.handCount }, () => back(c, { cls: 'small' })), { dataset: { hand: p.seat } }),
            row(`${tr(c, 'Reserve', 'ذخیره')} (${p.reserveCount})`, p.reserve ? p.reserve.map((x) => face(c, x, { cls: 'small', owner: p.seat })) : Array.from({ length: p.reserveCount }, () => back(c, { cls: 'small' })), { dataset: { hand: p.seat } }),
            row(tr(c, 'Counter', 'پیشخوان'), p.counter.map((x) => face(c, x, { cls: 'small' })))));
      }),
      row(`Isthām (${view.istham.length})`, view.istham.map((e) => face(c, e.card, { cls: 'small', title: `${e.card.id} · ${tr(c, 'tributed by', 'پیشکش از')} ${c.name(e.tributedBy)}` }))),
      h('p.note', {}, `${tr(c, 'Stage', 'مرحله')} ${view.stage}/${view.stages} · ${tr(c, 'round', 'دور')} ${view.round} · ${view.phase}` +
        (view.turn ? ` · ${tr(c, 'die this turn', 'تاس این نوبت')} ${view.turn.effectiveDie}${view.turn.selection.length ? ` · ${tr(c, 'tribute', 'پیشکش')}: ${view.turn.selection.map((x) => x.id).join(' ')}` : ''}` : '') +
        (view.lastRound ? ` · ${tr(c, 'last round', 'دور آخر')}` : '')),
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
      case 'exchange': return `${tr(c, 'Exchange', 'مبادله')} ${m.give}${m.take ? ` ⇄ ${m.take}` : ''}`;
      case 'roundDraw': return `${tr(c, 'Round draw', 'کشیدن دور')}${m.card ? ` ${m.card}` : ''}`;
      case 'skipRoundDraw': return tr(c, 'Skip the round draw', 'بدون کشیدن');
      case 'sixRule': return m.use ? `${tr(c, 'Use the Six rule', 'قانون شش')}${m.card ? ` · ${m.card}` : ''}` : tr(c, 'Do not use the Six rule', 'بدون قانون شش');
      case 'tribute': return `${tr(c, 'Tribute', 'پیشکش')} ${m.card}`;
      case 'confirmTribute': return m.boost ? tr(c, 'Confirm tribute, boost the die', 'تأیید پیشکش، با افزایش تاس') : tr(c, 'Confirm tribute', 'تأیید پیشکش');
      case 'sixMultipleDraw': return `${tr(c, 'Draw', 'بکش')}${m.card ? ` ${m.card}` : ''}`;
      case 'stopDrawing': return tr(c, 'Stop drawing', 'پایان کشیدن');
      case 'gift': return `${tr(c, 'Gift', 'هدیه')} ${m.cards.join(' + ')} → ${c.name(m.target)}`;
      case 'pass': return tr(c, 'Pass', 'گذر');
      case 'endTurn': return tr(c, 'End turn', 'پایان نوبت');
      default: return undefined;
    }
  },

  score: (view, s) => view.players.find((p) => p.seat === s)?.total,

  result(view, c) {
    const r = view.stageResults[view.stageResults.length - 1];
    if (!r) return null;
    return resultTable(`${tr(c, 'Stage', 'مرحله')} ${r.stage}: ${r.reason}`, [
      [tr(c, 'Player', 'بازیکن'), 'Isthām', tr(c, 'counter', 'پیشخوان'), tr(c, 'score', 'امتیاز'), tr(c, 'total', 'جمع')],
      ...r.scores.map((s) => [who(c, s.seat), s.positive, -s.negative, s.score, s.total]),
    ]);
  },
};
