/**
 * sampleWorld: a state one seat cannot tell from the real one, drawn from its view. Public and
 * own cards stay where the view shows them; each discard pile keeps its top and holds the rest
 * of its count as cards seen landing on it (not known to be gone), in their order; cards seen on a pile and no
 * longer there went into a hidden hand (cards never return to the draw pile); cards known to be
 * in a hidden hand stay there; every card never seen face up fills the rest of the hidden hands,
 * the other seat's two drawn cards and the draw pile, in an order drawn from the rng.
 */
import { dealUnseen, PlacedIds, shuffle, type Rng, type SetupContext } from '../../core/index.js';
import { DECK_SIZE, MERMAIDS, typeOf } from './cards.js';
import type { Options } from './options.js';
import { noKnowledge, nothingGone, type Phase, type State } from './state.js';
import type { CardView, DuoView, View } from './view.js';

// Plain loops: a search bot samples a world per iteration, and maps and closures cost here.
function ids(cards: readonly CardView[]): number[] {
  const out: number[] = new Array(cards.length);
  for (let i = 0; i < cards.length; i++) out[i] = cards[i]!.id;
  return out;
}
function duoCards(duos: readonly DuoView[]): number[] {
  const out: number[] = [];
  for (const d of duos) out.push(d.cards[0]!.id, d.cards[1]!.id);
  return out;
}
const byId = (a: number, b: number) => a - b;

/** `k` of `from`, each subset equally likely, in their order (Knuth's selection sampling). */
function pickInOrder(from: readonly number[], k: number, rng: Rng): number[] {
  const out: number[] = [];
  for (let i = 0; i < from.length && out.length < k; i++) if (rng.int(from.length - i) < k - out.length) out.push(from[i]!);
  return out;
}

function mermaidCount(hand: readonly number[]): number {
  let n = 0;
  for (const c of hand) if (typeOf(c) === 'mermaid') n++;
  return n;
}

/** `cards`, marked placed. */
function placedAll(placed: PlacedIds, cards: number[]): number[] {
  placed.add(cards);
  return cards;
}

/** Whether the deal gives a hidden hand all four mermaids. */
function fourMermaids(hidden: readonly number[], hands: readonly number[][], dealt: readonly number[][]): boolean {
  for (let k = 0; k < hidden.length; k++) if (mermaidCount(hands[hidden[k]!]!) + mermaidCount(dealt[k]!) === MERMAIDS) return true;
  return false;
}

/** Tries before accepting a deal that gives a hidden hand all four mermaids (the game would have ended). */
const DEALS = 20;

export function sampleWorld(v: View, seat: number, rng: Rng, setup: SetupContext<Options>): State {
  const n = setup.seats;
  const players = v.players;
  const placed = new PlacedIds(DECK_SIZE);
  // What the seat sees: its hand, revealed hands, the known cards of hidden hands, duos, its draw.
  const hands: number[][] = [];
  const played: number[][] = [];
  const hidden: number[] = [];
  for (const p of players) {
    const visible = p.seat === seat ? v.myHand! : p.hand;
    if (!visible) hidden.push(p.seat);
    hands.push(placedAll(placed, ids(visible ?? p.known)));
    played.push(placedAll(placed, duoCards(p.duos)));
  }
  const mine = seat === v.toMove[0] && v.phase === 'keep' && v.drawn ? placedAll(placed, ids(v.drawn)) : null;

  // The piles: the top and, below it in landing order, the rest of the count among the cards seen there.
  const discards: number[][] = [];
  for (const d of v.discards) {
    if (d.pile === v.crabPile && v.crabPileCards) discards.push(ids(v.crabPileCards));
    else if (d.top === null) discards.push([]);
    else {
      const below: number[] = [];
      for (const c of d.seen) {
        if (c.id === d.top.id) break;
        if (!placed.has(c.id) && !d.gone.some((g) => g.id === c.id)) below.push(c.id);
      }
      const pile = pickInOrder(below, d.count - 1, rng);
      pile.push(d.top.id);
      discards.push(pile);
    }
  }
  for (const d of discards) placed.add(d);
  // Seen landing on a pile and gone from it: in a hidden hand (no card goes back to the draw pile).
  const taken: number[] = [];
  for (const d of v.discards) for (const c of d.seen) if (!placed.has(c.id)) taken.push(c.id);
  const neverFaceUp = placed.add(taken).rest();

  const free: number[] = [];
  let slots = 0;
  for (const p of hidden) {
    free.push(players[p]!.handCount - hands[p]!.length);
    slots += free.at(-1)!;
  }
  const drawnCount = v.phase === 'keep' && !mine ? 2 : 0;
  let deal = dealHidden(neverFaceUp, taken, free, slots, drawnCount, rng);
  for (let i = 1; i < DEALS && v.winners === null && fourMermaids(hidden, hands, deal.places); i++) deal = dealHidden(neverFaceUp, taken, free, slots, drawnCount, rng);
  for (let k = 0; k < hidden.length; k++) {
    const hand = hands[hidden[k]!]!;
    for (const c of deal.places[k]!) hand.push(c);
    hand.sort(byId);
  }

  const known = noKnowledge(n);
  known[seat] = players.map((p) => ids(p.known));
  const pileGone = nothingGone(n);
  pileGone[seat] = v.discards.map((d) => ids(d.gone));
  const r = v.lastRound;
  const scored = r !== null && r.players[0]!.hand !== null;
  return {
    seats: n,
    options: setup.options,
    target: v.targetScore,
    round: v.round,
    starter: v.starter,
    active: v.toMove[0] ?? v.starter,
    phase: v.phase as Phase,
    deck: deal.deck,
    discards,
    pileLog: v.discards.map((d) => ids(d.seen)),
    hands,
    played,
    known,
    pileGone,
    drawn: mine ?? deal.drawn,
    crabPile: v.crabPile,
    call: v.call && { kind: v.call.kind as 'STOP' | 'LAST_CHANCE', caller: v.call.caller, drawPileEmpty: v.call.drawPileEmpty },
    revealed: players.map((p) => p.revealed),
    finalTurns: [...v.finalTurnsRemaining],
    turn: v.turn,
    lastTurn: players.map((p) => p.lastTurn),
    totals: players.map((p) => p.total),
    lastRound: r && {
      round: r.round,
      reason: r.reason as 'STOP' | 'LAST_CHANCE' | 'EMPTY_DECK',
      caller: r.caller,
      betWon: r.betWon,
      hands: scored ? r.players.map((p) => ids(p.hand!)) : null,
      played: scored ? r.players.map((p) => duoCards(p.duos!)) : null,
      cardPoints: scored ? r.players.map((p) => p.cardPoints!) : null,
      colourBonus: scored ? r.players.map((p) => p.colourBonus!) : null,
      scores: r.players.map((p) => p.score),
      totals: r.players.map((p) => p.total),
      nextStarter: r.nextStarter,
    },
    result: v.winners && { scores: players.map((p) => p.total), winners: [...v.winners], reason: v.endReason as 'TARGET' | 'FOUR_MERMAIDS' },
  };
}

/**
 * The hidden hands' free slots get every taken pile card and enough never-seen cards; the other
 * seat's drawn pair and the draw pile get the rest of the never-seen ones.
 */
function dealHidden(neverFaceUp: readonly number[], taken: readonly number[], free: readonly number[], slots: number, drawnCount: number, rng: Rng) {
  const rest = dealUnseen(neverFaceUp, [slots - taken.length, drawnCount], rng);
  // Already shuffled unless taken cards join them.
  const cards = taken.length > 0 ? shuffle([...taken, ...rest.places[0]!], rng) : rest.places[0]!;
  const places: number[][] = [];
  let at = 0;
  for (const size of free) places.push(cards.slice(at, (at += size)));
  return { places, drawn: rest.places[1]!, deck: rest.rest };
}
