/**
 * Seledyne in the environment. A card is named by its slot: house (NAB SAL YAR ARM INE MOR, the
 * game's published order) × its place among the house's ten cards (the setup's `cardValues`, in
 * order; ids are house and value, a repeated value lettered b, c … as the rules document says), so
 * 60 card slots. Moves with two choices are sub-actions: an exchange is [give card, take card or
 * "random"]; a gift is [target seat, its cards in ascending slot order …, done].
 *
 * Tokens (438):
 *   0 roundDraw (random)      1 + c   roundDraw card c         61 skipRoundDraw
 *   62 sixRule no             63 sixRule yes (random)          64 + c  sixRule yes, card c
 *   124 + c exchange: give c  184 + c exchange: take c         244 exchange: take at random
 *   245 + c tribute c         305, 306 confirmTribute boost false / true
 *   307 sixMultipleDraw (random)   308 + c sixMultipleDraw card c   368 stopDrawing
 *   369 + seat gift: target (its seat number)   375 + c gift: card c   435 gift: done
 *   436 pass                  437 endTurn
 */
import type { SeledyneView } from '../../engine/registry.js';
import { relative, slices, unknownMove, type GameSpace, type Setup } from '../space.js';

const HOUSES = ['NAB', 'SAL', 'YAR', 'ARM', 'INE', 'MOR'];
const N = 60;
const RD = 0;
const SKIP_RD = RD + 1 + N;
const SIX = SKIP_RD + 1;
const EX_GIVE = SIX + 2 + N;
const EX_TAKE = EX_GIVE + N;
const EX_RANDOM = EX_TAKE + N;
const TRIBUTE = EX_RANDOM + 1;
const CONFIRM = TRIBUTE + N;
const SMD = CONFIRM + 2;
const STOP = SMD + 1 + N;
const GIFT_TARGET = STOP + 1;
const GIFT_CARD = GIFT_TARGET + 6;
const GIFT_DONE = GIFT_CARD + N;
const PASS = GIFT_DONE + 1;
const END = PASS + 1;
const SIZE = END + 1;
const PHASES = ['round-draw', 'six-rule', 'turn-open', 'turn-select', 'turn-draws', 'turn-ready', 'turn-gifting', 'turn-closing'];
const STEPS = ['open', 'select', 'draws', 'ready', 'gifting', 'closing'];

/** Card id → slot, per setup (the card values are an option). */
const slotTables = new WeakMap<object, Map<string, number>>();
function slotsOf(setup: Setup): Map<string, number> {
  let t = slotTables.get(setup.options);
  if (!t) {
    t = new Map();
    const values = (setup.options.cardValues as number[] | undefined) ?? [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    HOUSES.forEach((house, h) => {
      const seen = new Map<number, number>();
      values.forEach((value, i) => {
        const n = seen.get(value) ?? 0;
        seen.set(value, n + 1);
        t!.set(`${house}-${String(value).padStart(2, '0')}${n === 0 ? '' : String.fromCharCode(97 + n)}`, h * 10 + i);
      });
    });
    slotTables.set(setup.options, t);
  }
  return t;
}

type Card = SeledyneView['istham'][number]['card'];
type Move = { type: string; card?: string; use?: boolean; give?: string; take?: string; boost?: boolean; target?: number; cards?: string[] };

const PER_SEAT = 6 + 8 + 3 * N + 20;

export const seledyneSpace: GameSpace = {
  game: 'seledyne',
  compound: true,
  size: () => SIZE,
  encode(move, setup) {
    const m = move as Move;
    const slots = slotsOf(setup);
    const slot = (id: string | undefined) => {
      const s = id === undefined ? undefined : slots.get(id);
      return s === undefined ? unknownMove('seledyne', move) : s;
    };
    switch (m.type) {
      case 'roundDraw':
        return m.card === undefined ? RD : RD + 1 + slot(m.card);
      case 'skipRoundDraw':
        return SKIP_RD;
      case 'sixRule':
        return !m.use ? SIX : m.card === undefined ? SIX + 1 : SIX + 2 + slot(m.card);
      case 'exchange':
        return [EX_GIVE + slot(m.give), m.take === undefined ? EX_RANDOM : EX_TAKE + slot(m.take)];
      case 'tribute':
        return TRIBUTE + slot(m.card);
      case 'confirmTribute':
        return CONFIRM + (m.boost ? 1 : 0);
      case 'sixMultipleDraw':
        return m.card === undefined ? SMD : SMD + 1 + slot(m.card);
      case 'stopDrawing':
        return STOP;
      case 'gift':
        return [GIFT_TARGET + m.target!, ...m.cards!.map((c) => GIFT_CARD + slot(c)).sort((a, b) => a - b), GIFT_DONE];
      case 'pass':
        return PASS;
      case 'endTurn':
        return END;
    }
    return unknownMove('seledyne', move);
  },
  tokenName(t) {
    const card = (c: number) => `${HOUSES[Math.floor(c / 10)]}#${c % 10}`;
    if (t === RD) return 'roundDraw';
    if (t < SKIP_RD) return `roundDraw:${card(t - RD - 1)}`;
    if (t === SKIP_RD) return 'skipRoundDraw';
    if (t === SIX) return 'sixRule:no';
    if (t === SIX + 1) return 'sixRule:yes';
    if (t < EX_GIVE) return `sixRule:yes:${card(t - SIX - 2)}`;
    if (t < EX_TAKE) return `exchange:give:${card(t - EX_GIVE)}`;
    if (t < EX_RANDOM) return `exchange:take:${card(t - EX_TAKE)}`;
    if (t === EX_RANDOM) return 'exchange:take:random';
    if (t < CONFIRM) return `tribute:${card(t - TRIBUTE)}`;
    if (t < SMD) return `confirmTribute:${t === CONFIRM + 1}`;
    if (t === SMD) return 'sixMultipleDraw';
    if (t < STOP) return `sixMultipleDraw:${card(t - SMD - 1)}`;
    if (t === STOP) return 'stopDrawing';
    if (t < GIFT_CARD) return `gift:to:${t - GIFT_TARGET}`;
    if (t < GIFT_DONE) return `gift:card:${card(t - GIFT_CARD)}`;
    if (t === GIFT_DONE) return 'gift:done';
    if (t === PASS) return 'pass';
    if (t === END) return 'endTurn';
    throw new RangeError(`seledyne: no token ${t}`);
  },
  layout: (setup) =>
    slices([
      ['hand', N, 'card slots in my hand'],
      ['reserve', N, 'card slots in my reserve'],
      ['istham', N, 'card slots in Isthām'],
      ['phase', PHASES.length + 1, 'one-hot: round-draw, six-rule, turn-open, turn-select, turn-draws, turn-ready, turn-gifting, turn-closing, other'],
      ['table', 4, 'stage / stages; round / 10; last round; non-gift streak / 10'],
      ['turn', 6 + N + 7 + setup.seats, 'the turn under way: its step one-hot (6), the tribute selection (card slots), tributed / 10, boost, effective die / 20, draws left / 5, exchanges / 5, Sum Rule active, Sum Rule unknown (null), then the seats (relative to me) gifted to'],
      ['players', setup.seats * PER_SEAT, 'per seat relative to me: house one-hot (6); hand count / 10, reserve count / 10, die / 12, total / 50, must choose, has chosen, its turn, to move; card slots on its counter, known in its hand, of its house in Isthām; its unplayed values 1..20'],
    ]),
  observe(view, seat, setup, put, at) {
    const v = view as SeledyneView;
    const seats = setup.seats;
    const slots = slotsOf(setup);
    const card = (base: number, c: Card) => {
      const s = slots.get(c.id);
      if (s !== undefined) put(base + s, 1);
    };
    const me = v.players[seat]!;
    for (const c of me.hand ?? []) card(at.hand!, c);
    for (const c of me.reserve ?? []) card(at.reserve!, c);
    for (const i of v.istham) card(at.istham!, i.card);
    const ph = PHASES.indexOf(v.phase);
    put(at.phase! + (ph < 0 ? PHASES.length : ph), 1);
    put(at.table!, v.stage / v.stages);
    put(at.table! + 1, v.round / 10);
    put(at.table! + 2, v.lastRound ? 1 : 0);
    put(at.table! + 3, v.nonGiftStreak / 10);
    const t = v.turn;
    if (t) {
      const b = at.turn!;
      const step = STEPS.indexOf(t.step);
      if (step >= 0) put(b + step, 1);
      for (const c of t.selection) card(b + 6, c);
      const f = b + 6 + N;
      put(f, t.tributed / 10);
      put(f + 1, t.boost ? 1 : 0);
      put(f + 2, t.effectiveDie / 20);
      put(f + 3, t.drawsLeft / 5);
      put(f + 4, t.exchanges / 5);
      put(f + 5, t.sumActive === true ? 1 : 0);
      put(f + 6, t.sumActive === null ? 1 : 0);
      for (const g of t.giftedTo) put(f + 7 + relative(g, seat, seats), 1);
    }
    v.players.forEach((pv, p) => {
      const b = at.players! + relative(p, seat, seats) * PER_SEAT;
      const h = HOUSES.indexOf(pv.house);
      if (h >= 0) put(b + h, 1);
      const f = b + 6;
      put(f, pv.handCount / 10);
      put(f + 1, pv.reserveCount / 10);
      put(f + 2, pv.die / 12);
      put(f + 3, pv.total / 50);
      put(f + 4, pv.mustChoose ? 1 : 0);
      put(f + 5, pv.hasChosen ? 1 : 0);
      put(f + 6, t?.seat === p ? 1 : 0);
      put(f + 7, v.toMove.includes(p) ? 1 : 0);
      for (const c of pv.counter) card(f + 8, c);
      for (const c of pv.knownInHand) card(f + 8 + N, c);
      for (const i of v.istham) if (i.owner === p) card(f + 8 + 2 * N, i.card);
      for (const value of pv.unplayed ?? []) if (value >= 1 && value <= 20) put(f + 8 + 3 * N + value - 1, 1);
    });
  },
};
