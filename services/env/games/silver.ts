/**
 * Silver in the environment. Village positions are bounded by the move schema (0..60), so every
 * position-carrying move has a 61-wide block. Two moves are sub-actions: the round-start peek is
 * [first position, second position] (ascending), and naming a Bodyguard's card is [the Bodyguard's
 * position, the named position]. A multi-card exchange is already stepwise in the engine (`slide`
 * each card, then `exchange`); a one-card exchange names its position.
 *
 * Tokens (1,198), P = 61 positions:
 *   0 draw        1 + d draw display d        62 take   63 call   64 token   65 end
 *   66 discard    67 power    68 exchange (the marked cards)    69 confirm    70 skip
 *   71 + 2p + e give (e 0 left, 1 right)       193 + 4p + o activate (option o)
 *   437 + p guard: the Bodyguard at p          498 + p guard: the card named
 *   559 + i keep (Rascal, i < 9)               568 + p slide    629 + p unslide
 *   690 + p exchange [p]                       751 + p place at p    812, 813 place at the left / right end
 *   814 + 61s + p target seat s, position p    1058 + v number v (0..13)
 *   1072 + i pile index i                      1133 + s seat s    1137 + p peek (each of the two)
 */
import { relative, slices, unknownMove, type GameSpace, type Setup } from '../space.js';
import { findGame, type SilverView } from '../../engine/registry.js';

const P = 61;
const DRAW_D = 1;
const SIMPLE = DRAW_D + P; // take, call, token, end, discard, power, exchange, confirm, skip
const SIMPLE_NAMES = ['take', 'call', 'token', 'end', 'discard', 'power', 'exchange', 'confirm', 'skip'];
const GIVE = SIMPLE + SIMPLE_NAMES.length;
const ACTIVATE = GIVE + 2 * P;
const GUARD_BG = ACTIVATE + 4 * P;
const GUARD_POS = GUARD_BG + P;
const KEEP = GUARD_POS + P;
const SLIDE = KEEP + 9;
const UNSLIDE = SLIDE + P;
const EXCHANGE1 = UNSLIDE + P;
const PLACE = EXCHANGE1 + P;
const PLACE_END = PLACE + P;
const TARGET = PLACE_END + 2;
const NUMBER = TARGET + 4 * P;
const PILE = NUMBER + 14;
const SEAT = PILE + P;
const PEEK = SEAT + 4;
const SIZE = PEEK + P;

/** Observation bounds: village slots shown per seat (later positions are left out: rare). */
const SLOTS = 32;
const CARDS = 60;
const PHASES = ['commander', 'peek', 'play', 'scoring'];
const PENDING = ['hold', 'rascal', 'place', 'power', 'score', 'commander'];

/** Catalog index of a card by edition and number (the catalog is the game's published card list). */
const cardIndex: Map<string, number> = (() => {
  const catalog = (findGame('silver')?.catalog ?? {}) as Record<string, { edition: string; number: number }>;
  return new Map(Object.entries(catalog).map(([i, c]) => [`${c.edition}:${c.number}`, Number(i)]));
})();

type CardView = SilverView['discard'][number];
type Move = { type: string; display?: number; position?: number; positions?: number[]; end?: 'left' | 'right'; option?: number; bodyguard?: number; index?: number; seat?: number; value?: number };

const PER_SLOT = 8 + 14 + 5;
const EDITIONS = ['amulet', 'bullet', 'coin', 'dagger', 'promo'];
const PER_SEAT = SLOTS * PER_SLOT + 6;

export const silverSpace: GameSpace = {
  game: 'silver',
  compound: true,
  size: () => SIZE,
  encode(move) {
    const m = move as Move;
    const end = m.end === 'right' ? 1 : 0;
    switch (m.type) {
      case 'draw':
        return m.display === undefined ? 0 : DRAW_D + m.display;
      case 'give':
        return GIVE + 2 * m.position! + end;
      case 'activate':
        return ACTIVATE + 4 * m.position! + m.option!;
      case 'guard':
        return [GUARD_BG + m.bodyguard!, GUARD_POS + m.position!];
      case 'keep':
        return KEEP + m.index!;
      case 'slide':
        return SLIDE + m.position!;
      case 'unslide':
        return UNSLIDE + m.position!;
      case 'exchange':
        if (m.positions === undefined) return SIMPLE + SIMPLE_NAMES.indexOf('exchange');
        if (m.positions.length === 1) return EXCHANGE1 + m.positions[0]!;
        break;
      case 'place':
        return m.position !== undefined ? PLACE + m.position : PLACE_END + end;
      case 'target':
        return TARGET + P * m.seat! + m.position!;
      case 'number':
        return NUMBER + m.value!;
      case 'pile':
        return PILE + m.index!;
      case 'seat':
        return SEAT + m.seat!;
      case 'peek': {
        const [a, b] = m.positions!;
        return a! < b! ? [PEEK + a!, PEEK + b!] : [PEEK + b!, PEEK + a!];
      }
      default: {
        const i = SIMPLE_NAMES.indexOf(m.type);
        if (i >= 0 && m.type !== 'exchange') return SIMPLE + i;
      }
    }
    return unknownMove('silver', move);
  },
  tokenName(t) {
    if (t === 0) return 'draw';
    if (t < SIMPLE) return `draw:display${t - DRAW_D}`;
    if (t < GIVE) return SIMPLE_NAMES[t - SIMPLE]!;
    if (t < ACTIVATE) return `give:${Math.floor((t - GIVE) / 2)}:${(t - GIVE) % 2 ? 'right' : 'left'}`;
    if (t < GUARD_BG) return `activate:${Math.floor((t - ACTIVATE) / 4)}:${(t - ACTIVATE) % 4}`;
    if (t < GUARD_POS) return `guard:bodyguard${t - GUARD_BG}`;
    if (t < KEEP) return `guard:names${t - GUARD_POS}`;
    if (t < SLIDE) return `keep:${t - KEEP}`;
    if (t < UNSLIDE) return `slide:${t - SLIDE}`;
    if (t < EXCHANGE1) return `unslide:${t - UNSLIDE}`;
    if (t < PLACE) return `exchange:${t - EXCHANGE1}`;
    if (t < PLACE_END) return `place:${t - PLACE}`;
    if (t < TARGET) return `place:${t === PLACE_END ? 'left' : 'right'}`;
    if (t < NUMBER) return `target:seat${Math.floor((t - TARGET) / P)}:${(t - TARGET) % P}`;
    if (t < PILE) return `number:${t - NUMBER}`;
    if (t < SEAT) return `pile:${t - PILE}`;
    if (t < PEEK) return `seat:${t - SEAT}`;
    if (t < SIZE) return `peek:${t - PEEK}`;
    throw new RangeError(`silver: no token ${t}`);
  },
  layout: (setup: Setup) =>
    slices([
      ['villages', setup.seats * PER_SEAT, `per seat relative to me: ${SLOTS} village slots of ${PER_SLOT} floats (present, face up, rotated, I know it, everyone knows it, amulet, guarded, in my pending selection; the card's number one-hot 0..13 and edition one-hot amulet/bullet/coin/dagger/promo when I know it); then village size / 32, score / 50, peeked, to move, its turn, the silver token`],
      ['discard', 2 * CARDS + 1, 'the discard pile’s top card (catalog index one-hot), every card in it (multi-hot), its size / 60'],
      ['display', CARDS, 'cards of the Squire display (catalog indexes)'],
      ['held', CARDS + 1, 'cards held in hand that I can see (catalog indexes); held count / 9'],
      ['deck', CARDS + 1, 'the top deck card if I know it (catalog index); deck count / 60'],
      ['phase', PHASES.length + 1, 'one-hot: commander, peek, play, scoring, other'],
      ['table', 7, 'round / rounds; direction is reversed; token active; token used; turn: main action done, power used, extra turn'],
      ['caller', setup.seats + 1, 'the caller relative to me, or none (last)'],
      ['pending', PENDING.length + 1 + 1 + CARDS + 2, 'the pending step: kind one-hot (hold, rascal, place, power, score, commander, other); it is mine; its card (catalog index); face up; penalty'],
    ]),
  observe(view, seat, setup, put, at) {
    const v = view as SilverView;
    const seats = setup.seats;
    const idx = (c: CardView | null | undefined) => (c ? cardIndex.get(`${c.edition}:${c.number}`) : undefined);
    const card1 = (base: number, c: CardView | null | undefined) => {
      const i = idx(c);
      if (i !== undefined) put(base + i, 1);
    };
    const mine = v.pending && v.pending.seat === seat ? v.pending : null;
    for (const village of v.villages) {
      const rel = relative(village.seat, seat, seats);
      const b = at.villages! + rel * PER_SEAT;
      village.cards.forEach((sl, p) => {
        if (p >= SLOTS) return;
        const s = b + p * PER_SLOT;
        put(s, 1);
        if (sl.faceUp) put(s + 1, 1);
        if (sl.rotated) put(s + 2, 1);
        if (sl.known) put(s + 3, 1);
        if (sl.publicKnown) put(s + 4, 1);
        if (sl.amulet) put(s + 5, 1);
        if (sl.guarded) put(s + 6, 1);
        if (village.seat === seat && mine && (mine.slid.includes(p) || mine.selected.includes(p))) put(s + 7, 1);
        if (sl.card) {
          if (sl.card.number >= 0 && sl.card.number <= 13) put(s + 8 + sl.card.number, 1);
          const e = EDITIONS.indexOf(sl.card.edition);
          if (e >= 0) put(s + 22 + e, 1);
        }
      });
      const f = b + SLOTS * PER_SLOT;
      put(f, village.cards.length / SLOTS);
      put(f + 1, (v.scores[village.seat] ?? 0) / 50);
      if (v.peeked[village.seat]) put(f + 2, 1);
      if (v.toMove.includes(village.seat)) put(f + 3, 1);
      if (v.turn?.seat === village.seat) put(f + 4, 1);
      if (v.token.holder === village.seat) put(f + 5, 1);
    }
    if (v.discard.length) card1(at.discard!, v.discard[v.discard.length - 1]);
    for (const c of v.discard) card1(at.discard! + CARDS, c);
    put(at.discard! + 2 * CARDS, v.discard.length / CARDS);
    for (const c of v.display) card1(at.display!, c);
    for (const c of v.hand) card1(at.held!, c);
    put(at.held! + CARDS, v.hand.length / 9);
    for (const k of v.deckKnown) if (k.depth === 0) card1(at.deck!, k.card);
    put(at.deck! + CARDS, v.deckCount / CARDS);
    const ph = PHASES.indexOf(v.phase);
    put(at.phase! + (ph < 0 ? PHASES.length : ph), 1);
    const t = at.table!;
    put(t, v.round / v.rounds);
    if (v.direction < 0) put(t + 1, 1);
    if (v.token.active) put(t + 2, 1);
    if (v.token.used) put(t + 3, 1);
    if (v.turn?.mainDone) put(t + 4, 1);
    if (v.turn?.powerUsed) put(t + 5, 1);
    if (v.turn?.extra) put(t + 6, 1);
    put(at.caller! + (v.caller === null ? seats : relative(v.caller, seat, seats)), 1);
    if (v.pending) {
      const b = at.pending!;
      const k = PENDING.indexOf(v.pending.kind);
      put(b + (k < 0 ? PENDING.length : k), 1);
      if (v.pending.seat === seat) put(b + PENDING.length + 1, 1);
      card1(b + PENDING.length + 2, v.pending.card);
      if (v.pending.faceUp) put(b + PENDING.length + 2 + CARDS, 1);
      if (v.pending.penalty) put(b + PENDING.length + 3 + CARDS, 1);
    }
  },
};
