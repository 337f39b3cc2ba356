/**
 * Silver's greedy bot, "keep the low cards": one ply over the legal moves, each valued by how
 * much it lowers the seat's own total as the seat knows it (an unknown card counts as the deck's
 * mean, 6.5). It exchanges a drawn or taken card for a higher known card (or a known pair it
 * matches), takes a low top discard, gives a Zombie away, points powers at its own high cards
 * and at other seats' low ones, names its lowest known card for a Bodyguard, and calls when its
 * estimated total is the lowest at the table.
 * It reads only the view (the fields of `PlayoutView`: a search's playouts build those alone) and the legal moves; ties go to the first move in the seat-relative order
 * (../seat-order.ts: a tie between seats goes to the next seat after its own, never to a seat number).
 */
import type { Bot } from '../../engine/core/index.js';
import { CARD_DEFS } from '../../engine/games/silver/cards.js';
import type { Command } from '../../engine/games/silver/commands.js';
import type { PlayoutView, SlotView } from '../../engine/games/silver/view.js';
import { seatRelative } from '../seat-order.js';

/** The mean card value (338 / 52): what an unseen card is worth. */
const UNKNOWN = 6.5;
const valueOf = (slot: SlotView | undefined) => (!slot ? 0 : slot.card ? slot.card.number : UNKNOWN);

/** Per edition, which numbers are Zombies: asked at every slot of every rollout move, where a card definition looked up by edition was dear. */
const ZOMBIE: Record<string, boolean[]> = {};
for (const d of CARD_DEFS) (ZOMBIE[d.edition] ??= Array<boolean>(14).fill(false))[d.number] ||= !!d.passive?.zombie;

/** A known Zombie cannot be exchanged away (it bounces back, §4.4): only given. */
const zombie = (slot: SlotView | undefined) => !!slot?.card && ZOMBIE[slot.card.edition]![slot.card.number] === true;

/** A village's total as the viewer estimates it. */
function estimate(cards: readonly SlotView[]): number {
  let sum = 0;
  for (const c of cards) sum += valueOf(c);
  return sum;
}

/** What every move of one decision is valued against, computed once (loops: this runs at every move of every rollout). */
function context(v: PlayoutView, me: number) {
  return {
    row: v.villages[me]!.cards,
    held: v.hand[0] ? v.hand[0].number : UNKNOWN,
    top: v.discard.length > 0 ? v.discard[v.discard.length - 1]!.number : 99,
  };
}

/** The highest card the seat could exchange away (a Zombie cannot be): asked only by a listed take, once per decision at most. */
function highestOf(row: readonly SlotView[]): number {
  let highest = 0;
  for (const c of row) if (!zombie(c)) highest = Math.max(highest, valueOf(c));
  return highest;
}

/**
 * Call when clearly lowest, with at most one card of its own unknown. Asked only when a call is
 * listed (most moves of a rollout list none): every village's estimate is read only then.
 */
function callPays(v: PlayoutView, me: number): boolean {
  let others = Infinity;
  for (const x of v.villages) if (x.seat !== me) others = Math.min(others, estimate(x.cards));
  // The own total and unknown count in one pass (the sum in the same order as estimate's).
  let mine = 0;
  let unknown = 0;
  for (const c of v.villages[me]!.cards) {
    mine += valueOf(c);
    if (!c.card) unknown++;
  }
  return mine < others - 2 && unknown <= 1;
}

/** An exchange of the cards at `set`: what it lowers the total by, or -10 when it cannot pay (a Zombie, a set of differing numbers). */
function exchangeGain(row: readonly SlotView[], set: readonly number[], held: number): number {
  // Index loops: a listed move's positions are a frozen array (moves are shared values), which
  // V8 iterates with for-of on a slow path.
  let out = 0;
  for (let i = 0; i < set.length; i++) out += valueOf(row[set[i]!]);
  for (let i = 0; i < set.length; i++) if (zombie(row[set[i]!])) return -10;
  if (set.length > 1) {
    const first = row[set[0]!]!.card?.number;
    for (let i = 1; i < set.length; i++) if (row[set[i]!]!.card?.number !== first) return -10;
  }
  return out - held;
}

const NONE: readonly number[] = [];

/** How much a move lowers the own total (higher is better); 0 is a neutral move. */
function gain(v: PlayoutView, me: number, c: ReturnType<typeof context>, m: Command): number {
  const { row, held, top } = c;
  switch (m.type) {
    case 'call':
      return callPays(v, me) ? 20 : -20;
    case 'take':
      return highestOf(row) - top - 2; // worth it when the top discard beats a card by a clear margin
    case 'draw':
      return 0.5;
    case 'give':
      return 4; // a Zombie leaves the village
    case 'exchange':
      return exchangeGain(row, m.positions ?? v.pending?.slid ?? NONE, held);
    case 'slide': {
      // Mark a known card that has a known twin in the village, worth more than the held card.
      if (zombie(row[m.position])) return -10;
      const n = row[m.position]!.card?.number;
      const slid = v.pending?.slid ?? NONE;
      let twin = false;
      for (let q = 0; q < row.length && !twin; q++) twin = q !== m.position && row[q]!.card?.number === n && (slid.length === 0 || slid.includes(q));
      return n !== undefined && twin && (slid.length > 0 || 2 * n - held > 0) ? 2 * n - held : -10;
    }
    case 'power':
      return v.hand[0]?.timing === 'DIS' ? 0.3 : -1; // a discard power is rarely worse than a plain discard
    case 'keep':
      return -(v.hand[m.index]?.number ?? UNKNOWN);
    case 'target': {
      const slot = v.villages[m.seat]!.cards[m.position];
      const op = v.pending?.step;
      if (op === 'look') return slot?.known ? -1 : m.seat === me ? 2 : 1; // learn own unknown cards first
      if (op === 'keep') return -valueOf(slot); // a Commander keeps a low card
      return m.seat === me ? valueOf(slot) - UNKNOWN : UNKNOWN - valueOf(slot); // own high cards away, others' low ones in
    }
    case 'guard': // other seats' powers take its low cards: shield the lowest it knows (after the main action, before ending)
      return 0.1 + (UNKNOWN - valueOf(row[m.position])) / 100;
    case 'confirm':
      return v.pending?.kind === 'score' ? 1 : 0; // Debt Collector and Halfling lower the total
    case 'place':
      return m.position === undefined ? 0 : valueOf(row[m.position]); // a Commander card replaces a high one
    case 'end':
      return 0;
    default:
      return -0.5; // free actions rule out a call; skip, discard, unslide (only of a known bounce) and the rest are neutral
  }
}

export const greedySilver: Bot = seatRelative((view, legalMoves) => {
  const v = view as PlayoutView;
  const me = v.seat!;
  const c = context(v, me);
  let best = legalMoves[0];
  let bestGain = -Infinity;
  for (const m of legalMoves) {
    const g = gain(v, me, c, m as Command);
    if (g > bestGain) {
      best = m;
      bestGain = g;
    }
  }
  return best;
});
