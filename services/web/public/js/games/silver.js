/** Silver: every player's village row (face up, face down, or known to you), the deck, the discard pile, the held card. */
import { h } from '../dom.js';
import { back, card, row, target } from '../cards.js';
import { silverInfo } from '../card-info.js';
import { word } from '../words.js';
import { hyphenated, resultTable, tr, who } from './helpers.js';
import { powerOnly, powerText } from './silver-powers-fa.js';

const EDITION = { dagger: '#8d2f2f', coin: '#a17a16', amulet: '#2f5f8d', bullet: '#4d4d4d', promo: '#6b3f8d' };

function entryOf(c, x) {
  return Array.isArray(c.type.catalog) ? c.type.catalog.find((k) => k.edition === x.edition && k.number === x.number) : null;
}

export function face(c, x, opts = {}) {
  const name = c.lang === 'fa' ? x.nameFa ?? x.name : x.name;
  const shown = name.replace(/\s*\(.*\)$/, '');
  return card(
    c,
    { style: { background: '#fbf8ef', borderTop: `8px solid ${EDITION[x.edition] ?? '#555'}` }, info: () => silverInfo(entryOf(c, x), x, c.lang), ...opts },
    h('span.big', {}, c.n(x.number)),
    // Every card full size (the Squire display too): an 11 px caption whose long words break at soft hyphens.
    h('span.label', { class: 'hyphenated' }, hyphenated(shown)),
    opts.sub ? h('span.sub', {}, opts.sub) : null,
  );
}

function slot(c, seat, s) {
  const key = `v:${seat}:${s.position}`;
  const marks = [s.amulet ? tr(c, 'amulet', 'طلسم') : '', s.guarded ? tr(c, 'guarded', 'محافظت') : '', s.rotated ? '↻' : ''].filter(Boolean).join(' ');
  if (!s.card) return back(c, { key, cls: s.rotated ? 'rotated' : '', label: `${tr(c, 'face-down card', 'کارت پشت‌ورو')} ${c.n(s.position + 1)}${marks ? ` (${marks})` : ''}` });
  // A face-down card you know (peeked, in your village or another's) is drawn dimmed: only you see it.
  return face(c, s.card, { key, cls: s.faceUp ? '' : s.publicKnown ? 'known' : 'peeked', owner: s.faceUp || s.publicKnown ? undefined : c.seat, sub: s.faceUp ? marks : `${tr(c, 'face down', 'رو به پایین')} ${marks}` });
}

export default {
  board(view, c) {
    const me = c.seat;
    const ends = c.game.legalMoves.some((m) => m.end !== undefined);
    const villages = [...view.villages].sort((a, b) => (a.seat === me ? 1 : b.seat === me ? -1 : a.seat - b.seat));
    const top = view.discard[view.discard.length - 1];
    const holder = view.turn?.seat ?? view.pending?.seat;
    return [
      ...villages.map((v) => {
        const cards = v.cards.map((s) => slot(c, v.seat, s));
        if (v.seat === me && ends) cards.unshift(target(c, 'end:left', 'gap', '←')), cards.push(target(c, 'end:right', 'gap', '→'));
        // A matched exchange can leave its gap after the last card: a place there has no card to click.
        if (v.seat === me && c.game.legalMoves.some((m) => m.type === 'place' && m.position === v.cards.length)) cards.push(target(c, `v:${me}:${v.cards.length}`, 'gap', '+'));
        return h('div', {}, target(c, `seat:${v.seat}`, 'player', `${who(c, v.seat)} · ${tr(c, 'score', 'امتیاز')} ${c.n(view.scores[v.seat])}${view.caller === v.seat ? ` · ${tr(c, 'called', 'اعلام کرد')}` : ''}`),
          row(null, cards, { dataset: { village: v.seat } }));
      }),
      h('div.seatrow', {},
        row(tr(c, 'Deck', 'دسته'), [target(c, 'deck', 'deck', c.n(view.deckCount))]),
        row(`${tr(c, 'Discard', 'دورریز')} (${c.n(view.discard.length)})`, [top ? face(c, top, { key: 'discard' }) : target(c, 'discard', 'empty', '—')]),
        // Full size, like the deck beside it: a small card's caption would be 5.5-7 px.
        view.display.length ? row(tr(c, 'Squire display', 'نمایش اسکوایر'), view.display.map((x, i) => face(c, x, { key: `display:${i}` }))) : null,
        view.hand.length ? row(`${tr(c, 'Held by', 'در دست')} ${holder === undefined ? '' : who(c, holder)}`, view.hand.map((x, i) => (x ? face(c, x, { key: `held:${i}` }) : back(c, { key: `held:${i}` }))),
          { dataset: { hand: holder ?? '', ...(holder !== me ? { revealed: 'true' } : {}) } }) : null),
      h('p.note', {}, `${tr(c, 'Round', 'دور')} ${c.n(view.round)}/${c.n(view.rounds)} · ${tr(c, 'lowest total wins', 'کمترین جمع می‌برد')} · ${word(view.phase, c.lang)}` +
        (view.pending?.prompt ? ` · ${prompt(c, view.pending.prompt)}` : '') +
        ` · ${tr(c, 'silver token', 'نشان نقره')}: ${word(view.token.kind, c.lang)} (${who(c, view.token.holder)}${view.token.active ? tr(c, ', active', '، فعال') : ''})`),
    ];
  },

  keys(m, seat) {
    const me = (p) => `v:${seat}:${p}`;
    switch (m.type) {
      case 'peek': return m.positions.map(me);
      case 'draw': return m.display !== undefined ? [`display:${m.display}`] : ['deck'];
      case 'take': return ['discard'];
      case 'give': return [me(m.position), `end:${m.end}`];
      case 'activate': return [me(m.position)];
      case 'guard': return [me(m.bodyguard), me(m.position)];
      case 'keep': return [`held:${m.index}`];
      case 'slide': return [me(m.position)];
      case 'exchange': return (m.positions ?? []).map(me);
      case 'place': return m.position !== undefined ? [me(m.position)] : [`end:${m.end}`];
      case 'target': return [`v:${m.seat}:${m.position}`];
      case 'seat': return [`seat:${m.seat}`];
      default: return [];
    }
  },

  label(m, c) {
    const pos = (p) => `${tr(c, 'card', 'کارت')} ${p + 1}`;
    switch (m.type) {
      case 'peek': return `${tr(c, 'Peek at', 'نگاه به')} ${m.positions.map(pos).join(', ')}`;
      case 'draw': return m.display !== undefined ? `${tr(c, 'Take display card', 'برداشتن کارت نمایش')} ${m.display + 1}` : tr(c, 'Draw from the deck', 'از دسته بکش');
      case 'take': return tr(c, 'Take the discard', 'دورریز را بردار');
      case 'call': return tr(c, 'Call a vote (everyone else plays one last turn)', 'اعلام رأی‌گیری (بقیه یک نوبت آخر بازی می‌کنند)');
      case 'give': return `${tr(c, 'Give the Zombie', 'زامبی را بده')} (${pos(m.position)}, ${m.end === 'left' ? tr(c, 'left end', 'سر چپ') : tr(c, 'right end', 'سر راست')})`;
      case 'activate': return `${tr(c, 'Activate', 'فعال کن')} ${pos(m.position)}${m.option ? ` #${m.option + 1}` : ''}`;
      case 'token': return tr(c, 'Use the silver token', 'نشان نقره');
      case 'guard': return `${tr(c, 'Guard', 'محافظت از')} ${pos(m.position)}`;
      case 'end': return tr(c, 'End turn', 'پایان نوبت');
      case 'keep': return `${tr(c, 'Keep drawn card', 'نگه داشتن کارت')} ${m.index + 1}`;
      case 'discard': return tr(c, 'Discard it', 'دور بینداز');
      case 'power': {
        // Say what the power does, from the held card's catalog text (the button's whole point).
        const held = c.view?.hand?.find(Boolean);
        const text = powerOnly(powerText(held && entryOf(c, held), c.lang));
        return text ? `${tr(c, 'Use its power', 'از قدرتش استفاده کن')}: ${text}` : tr(c, 'Use its power', 'از قدرتش استفاده کن');
      }
      case 'slide': return `${tr(c, 'Mark', 'علامت بزن')} ${pos(m.position)}`;
      case 'exchange': return m.positions ? `${tr(c, 'Exchange with', 'مبادله با')} ${m.positions.map(pos).join(', ')}` : tr(c, 'Exchange with the marked cards', 'مبادله با کارت‌های علامت‌خورده');
      case 'place': return m.position !== undefined ? `${tr(c, 'Place at', 'بگذار در')} ${pos(m.position)}` : `${tr(c, 'Place at the', 'بگذار در انتهای')} ${m.end === 'left' ? tr(c, 'left end', 'چپ') : tr(c, 'right end', 'راست')}`;
      case 'target': return `${tr(c, 'Choose', 'انتخاب')} ${who(c, m.seat)}: ${pos(m.position)}`;
      case 'seat': return `${tr(c, 'Choose', 'انتخاب')} ${who(c, m.seat)}`;
      case 'number': return `${tr(c, 'Number', 'عدد')} ${m.value}`;
      case 'pile': return `${tr(c, 'Discard card', 'کارت دورریز')} ${m.index + 1}`;
      case 'confirm': return tr(c, 'Confirm', 'تأیید');
      case 'skip': return tr(c, 'Skip', 'رد شدن');
      default: return undefined;
    }
  },

  score: (view, s) => view.scores[s],

  result(view, c) {
    const r = view.history[view.history.length - 1];
    if (!r) return null;
    return resultTable(`${tr(c, 'Round', 'دور')} ${c.n(r.round)}: ${word(r.reason, c.lang)}${r.caller !== null && r.caller !== undefined ? ` (${who(c, r.caller)}${r.callSucceeded ? ' ✓' : ' ✗'})` : ''} · ${tr(c, 'lowest total wins', 'کمترین جمع می‌برد')}`, [
      [tr(c, 'Player', 'بازیکن'), tr(c, 'village', 'دهکده'), tr(c, 'round', 'دور'), tr(c, 'total', 'جمع')],
      ...r.totals.map((v, i) => [who(c, i), c.n(v), c.n(r.roundScores[i]), c.n(view.scores[i])]),
    ]);
  },
};

/** The view's prompts (English from the engine) in Persian. */
const PROMPTS = {
  'exchange the taken card': 'کارت برداشته را مبادله کنید',
  'discard the card, use its power, or exchange it': 'کارت را دور بیندازید، از قدرتش استفاده کنید یا مبادله‌اش کنید',
  'choose the drawn card to keep': 'کارتی را که نگه می‌دارید برگزینید',
  'choose where the card goes': 'جای کارت را برگزینید',
  'choose an end of your village': 'یک سر دهکده‌تان را برگزینید',
  'choose a face-down card to look at': 'کارت پشت‌ورویی را برای نگاه برگزینید',
  'choose a card to turn over': 'کارتی را برای برگرداندن برگزینید',
  'choose one of your cards to swap': 'یکی از کارت‌هایتان را برای جابه‌جایی برگزینید',
  "choose another player's card to swap with it": 'کارت بازیکن دیگری را برای جابه‌جایی با آن برگزینید',
  'choose a card to exchange for the top deck card, or skip': 'کارتی را برای مبادله با کارت روی دسته برگزینید، یا رد شوید',
  'choose a card of the discard pile': 'کارتی از دورریز برگزینید',
  'choose one of your cards to rotate': 'یکی از کارت‌هایتان را برای چرخاندن برگزینید',
  'choose a rotated card to discard': 'کارت چرخانده‌ای را برای دور انداختن برگزینید',
  'choose a number': 'عددی برگزینید',
  'choose the cards the drawn card replaces': 'کارت‌هایی را که کارت کشیده جایگزینشان می‌شود برگزینید',
  'choose cards you believe are worth 6 or more, then confirm': 'کارت‌هایی را که گمان می‌کنید ۶ یا بیشترند برگزینید، سپس تأیید کنید',
  'choose one of your face-up cards to discard': 'یکی از کارت‌های رویتان را برای دور انداختن برگزینید',
  'choose one of your cards for the token (amulet or bullet)': 'یکی از کارت‌هایتان را برای نشان (طلسم یا گلوله) برگزینید',
  'name the card your Bodyguard protects': 'کارتی را که محافظتان از آن محافظت می‌کند نام ببرید',
  'apply your Debt Collector (confirm) or decline it (skip)': 'طلبکار را اعمال کنید (تأیید) یا نپذیرید (رد شدن)',
  'apply your Halfling (confirm) or decline it (skip)': 'نیم‌قد را اعمال کنید (تأیید) یا نپذیرید (رد شدن)',
  'choose a card to keep for the next round': 'کارتی را برای دور بعد نگه دارید',
  'choose a card to give': 'کارتی را برای دادن برگزینید',
  'choose a player': 'بازیکنی را برگزینید',
  'choose the position for your kept card': 'جای کارت نگه‌داشته را برگزینید',
};
function prompt(c, text) {
  return c.lang === 'fa' ? PROMPTS[text] ?? text : text;
}
