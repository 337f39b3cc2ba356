/**
 * sampleWorld: a state one seat cannot tell from the real one, drawn from its view. Public and
 * own cards stay where the view shows them; each discard pile keeps its top and holds the rest
 * of its count as cards seen landing on it, in their order; cards seen landing on a pile and no
 * longer there went into a hidden hand (cards never return to the draw pile); cards known to be
 * in a hidden hand stay there; every card never seen face up fills the rest of the hidden hands,
 * the other seat's two drawn cards and the draw pile, in an order drawn from the rng.
 */
import { dealUnseen, PlacedIds, shuffle, type Rng, type SetupContext } from '../../core/index.js';
import { DECK_SIZE, MERMAIDS, typeOf } from './cards.js';
import type { Options } from './options.js';
import { noKnowledge, type Phase, type State } from './state.js';
import type { CardView, DuoView, View } from './view.js';

const ids = (cards: readonly CardView[]): number[] => cards.map((c) => c.id);
const duoCards = (duos: readonly DuoView[]): number[] => duos.flatMap((d) => [d.cards[0]!.id, d.cards[1]!.id]);
const byId = (a: number, b: number) => a - b;

/** `k` of `from`, each subset equally likely, in their order (Knuth's selection sampling). */
function pickInOrder(from: readonly number[], k: number, rng: Rng): number[] {
  const out: number[] = [];
  for (let i = 0; i < from.length && out.length < k; i++) if (rng.int(from.length - i) < k - out.length) out.push(from[i]!);
  return out;
}

const mermaidCount = (hand: readonly number[]) => hand.reduce((n, c) => n + (typeOf(c) === 'mermaid' ? 1 : 0), 0);

/** Tries before accepting a deal that gives a hidden hand all four mermaids (the game would have ended). */
const DEALS = 20;

export function sampleWorld(v: View, seat: number, rng: Rng, setup: SetupContext<Options>): State {
  const n = setup.seats;
  const players = v.players;
  const placed = new PlacedIds(DECK_SIZE);
  const place = (cards: readonly number[]) => placed.add(cards);
  // What the seat sees: its hand, revealed hands, the known cards of hidden hands, duos, its draw.
  const hands = players.map((p) => (p.seat === seat ? ids(v.myHand!) : p.hand ? ids(p.hand) : ids(p.known)));
  const hidden = players.filter((p) => p.seat !== seat && !p.hand).map((p) => p.seat);
  const played = players.map((p) => duoCards(p.duos));
  hands.forEach(place);
  played.forEach(place);
  const mine = seat === v.toMove[0] && v.phase === 'keep' && v.drawn ? ids(v.drawn) : null;
  if (mine) place(mine);

  // The piles: the top and, below it in landing order, the rest of the count among the cards seen there.
  const discards = v.discards.map((d) => {
    if (d.pile === v.crabPile && v.crabPileCards) return ids(v.crabPileCards);
    if (d.top === null) return [];
    const log = ids(d.seen);
    const below = log.slice(0, log.indexOf(d.top.id)).filter((c) => !placed.has(c));
    return [...pickInOrder(below, d.count - 1, rng), d.top.id];
  });
  discards.forEach(place);
  // Seen landing on a pile and gone from it: in a hidden hand (no card goes back to the draw pile).
  const taken: number[] = [];
  for (const d of v.discards) for (const c of d.seen) if (!placed.has(c.id)) taken.push(c.id);
  const neverFaceUp = placed.add(taken).rest();

  const free = hidden.map((p) => players[p]!.handCount - hands[p]!.length);
  const slots = free.reduce((a, b) => a + b, 0);
  const drawnCount = v.phase === 'keep' && !mine ? 2 : 0;
  let deal = dealHidden(neverFaceUp, taken, free, slots, drawnCount, rng);
  for (let i = 1; i < DEALS && v.winners === null && deal.places.some((h, k) => mermaidCount(h) + mermaidCount(hands[hidden[k]!]!) === MERMAIDS); i++) {
    deal = dealHidden(neverFaceUp, taken, free, slots, drawnCount, rng);
  }
  hidden.forEach((p, k) => (hands[p] = [...hands[p]!, ...deal.places[k]!].sort(byId)));

  const known = noKnowledge(n);
  known[seat] = players.map((p) => ids(p.known));
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
