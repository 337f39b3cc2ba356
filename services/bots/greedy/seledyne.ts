/**
 * Seledyne's greedy bot: one ply, from the stage score (§5.3: a card left in your counter counts
 * against you; the cards you give count against their new holders until they tribute them).
 * It prefers: the gift worth most (highest cards out of the hand first, they are the hardest to
 * give later), unless beginning a tribute gains more over the average other player (by card owner
 * the tributed card scores for its house too: nothing gained at two seats); once begun, the whole
 * counter goes, highest first (each card a minus gone). It draws the reserve card that pays a
 * difference now. It takes the tribute's
 * boost when that pays more, uses the Six Rule when a 5 gives more than the 6, exchanges only to
 * make a gift that is missing, and passes or ends the turn last. Ties go to the rng.
 */
import type { Bot, Rng } from '../../engine/core/index.js';
import type { Card } from '../../engine/games/seledyne/cards.js';
import type { Command } from '../../engine/games/seledyne/commands.js';
import type { Options } from '../../engine/games/seledyne/options.js';
import type { SeledynePlayoutView } from '../../engine/games/seledyne/view.js';
import { seatRelative } from '../seat-order.js';

/** The bot reads only what a playout view holds (search/rollout.ts builds no more): the whole view is one. */
type SeledyneView = SeledynePlayoutView;
type Me = SeledyneView['players'][number];

// Loops, not callbacks: the bot decides every move of a search's playouts.
function cardOf(cards: readonly Card[], id: string | undefined): Card | undefined {
  for (const c of cards) if (c.id === id) return c;
  return undefined;
}
const valueOf = (cards: readonly Card[], id: string | undefined) => cardOf(cards, id)?.value ?? 0;

/**
 * What single-card gifts from `hand` at effective die `die` are worth: per open target, the best
 * card paying its difference (`extra`: a card's value, 0 for none). The hand's values as bits of
 * one number first (options cap a card at 20), then one bit test per target.
 */
function giftWorth(v: SeledyneView, seat: number, die: number, hand: readonly Card[], extra: number): number {
  let bits = 0;
  for (const c of hand) if (c.value <= 30) bits |= 1 << c.value;
  let worth = 0;
  for (const p of v.players) {
    const diff = die - p.die;
    if (p.seat === seat || diff < 1 || v.turn?.giftedTo.includes(p.seat)) continue;
    if (extra === diff || (diff <= 30 ? ((bits >>> diff) & 1) === 1 : hand.some((c) => c.value === diff))) worth += diff;
  }
  return worth;
}

/**
 * What a tributed card's value gains over the average other player (§5.3, A18): by card owner it
 * scores for its house too (nothing gained at two seats), by tributer for you alone.
 */
const gainOfTribute = (o: Options, seats: number) => (o.positiveScoring === 'TRIBUTER' ? 1 : (seats - 2) / (seats - 1));

/**
 * What one decision's scores share, each found on first need: an exchange list pairs every hand
 * card with every reserve card (a third of the moves a playout lists), so their shared answers
 * (is a gift offered, which differences are open) are found once, not per move.
 */
class Decision {
  #gifts: boolean | null = null;
  #open = -1;
  constructor(
    readonly v: SeledyneView,
    readonly me: Me,
    readonly moves: readonly Command[],
    readonly top: number,
    readonly tributeGain: number,
  ) {}

  /** Whether the list offers a gift. */
  get gifts(): boolean {
    if (this.#gifts === null) {
      this.#gifts = false;
      for (const m of this.moves) if (m.type === 'gift') this.#gifts = true;
    }
    return this.#gifts;
  }

  /** Whether a card of `value` pays the difference to some target open this turn. */
  paysNow(value: number): boolean {
    // (options cap a card at 20: the loop is for a value past the bits)
    if (value > 30) return giftWorth(this.v, this.me.seat, this.v.turn?.effectiveDie ?? 0, [], value) > 0;
    if (this.#open < 0) this.#open = openDifferences(this.v, this.me.seat);
    return ((this.#open >>> value) & 1) === 1;
  }
}

/** The differences (up to 30) to the targets open this turn at the turn's effective die, as bits. */
function openDifferences(v: SeledyneView, seat: number): number {
  const die = v.turn?.effectiveDie ?? 0;
  let bits = 0;
  for (const p of v.players) {
    const diff = die - p.die;
    if (p.seat === seat || diff < 1 || diff > 30 || v.turn?.giftedTo.includes(p.seat)) continue;
    bits |= 1 << diff;
  }
  return bits;
}

function score(m: Command, d: Decision): number {
  const { v, me } = d;
  const hand = me.hand ?? [];
  const reserve = me.reserve ?? [];
  switch (m.type) {
    case 'tribute': {
      // once begun, the whole counter goes (every card a minus gone); whether to begin is weighed
      // against the best gift by what it gains over the average other player
      const value = valueOf(me.counter, m.card);
      return v.turn?.step === 'select' ? 300 + value : 200 + value * d.tributeGain;
    }
    case 'gift': {
      // a gift's cards add up to the difference it pays (§4.2): read from the dice, not card by card
      const sum = v.turn!.effectiveDie - v.players[m.target]!.die;
      return 200 + sum / (v.players.length - 1) + m.cards.length / 100;
    }
    case 'confirmTribute': {
      const t = v.turn!;
      return 150 + giftWorth(v, me.seat, me.die + (m.boost ? t.selection.length : 0), hand, 0) + (m.boost ? 0.5 : 0);
    }
    case 'sixMultipleDraw':
    case 'roundDraw': {
      const value = valueOf(reserve, m.card);
      if (m.type === 'sixMultipleDraw') return 100 + (d.paysNow(value) ? 50 + value : 0);
      // before the roll: an ability card, else the lowest (small differences are the common ones)
      const special = cardOf(reserve, m.card)?.special;
      return 100 + (special ? 20 : 0) - value;
    }
    case 'sixRule': {
      if (!m.use) return giftWorth(v, me.seat, d.top, hand, 0);
      return giftWorth(v, me.seat, d.top - 1, hand, cardOf(reserve, m.card)?.value ?? 0) - 0.5;
    }
    case 'exchange':
      // only to make a gift that is missing, taking the card that pays one
      return !d.gifts && d.paysNow(valueOf(reserve, m.take)) ? 50 : -1;
    default:
      // pass, endTurn, stopDrawing, skipRoundDraw
      return 0;
  }
}

/** The best-scored move, ties drawn from the rng (one loop, no scoring closure: every move of a search's playouts). */
function best(d: Decision, rng: Rng): Command {
  const moves = d.moves;
  let chosen = moves[0]!;
  let high = -Infinity;
  let ties = 0;
  for (const m of moves) {
    const s = score(m, d);
    if (s > high) {
      chosen = m;
      high = s;
      ties = 1;
    } else if (s === high && rng.int(++ties) === 0) chosen = m;
  }
  return chosen;
}

/** Tribute the counter, then give the most, drawing what pays (see above). */
export const tributeThenGiveMost: Bot = seatRelative((view, legalMoves, rng, context) => {
  const v = view as SeledyneView;
  const moves = legalMoves as readonly Command[];
  const me = v.players[context.seat]!;
  const o = context.setup.options as Options;
  return best(new Decision(v, me, moves, o.dieFaces, gainOfTribute(o, v.players.length)), rng);
});
