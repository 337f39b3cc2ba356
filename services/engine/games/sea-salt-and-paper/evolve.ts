/** evolve: total and deterministic; one shallow copy of the state (`copyState`), then what the event changes. */
import { setAt } from '../../core/index.js';
import type { Event } from './events.js';
import { forgetPlayed, learnTaken, learnTheft } from './knowledge.js';
import { copyState, noKnowledge, nothingGone, type Phase, type State } from './state.js';

/**
 * The hand with `cards` added, kept sorted by id: an insertion sort of the copy, which on a sorted
 * hand only walks each new card into place (a sort with a comparator was ~4% of a 4-seat game's CPU).
 */
function add(hand: readonly number[], ...cards: number[]): number[] {
  const out = hand.concat(cards);
  for (let i = 1; i < out.length; i++) {
    const c = out[i]!;
    let j = i;
    for (; j > 0 && out[j - 1]! > c; j--) out[j] = out[j - 1]!;
    out[j] = c;
  }
  return out;
}
const without = (cards: readonly number[], ...gone: number[]) => cards.filter((c) => !gone.includes(c));
const update = <T>(list: readonly T[], i: number, f: (x: T) => T): T[] => setAt(list, i, f(list[i]!));

/** Phase 1 of a turn, or straight to Phase 2 when there is nothing to take (E4). */
export function startPhase(s: Pick<State, 'deck' | 'discards' | 'options'>): Phase {
  const anything = s.deck.length > 0 || s.discards.some((p) => p.length > 0);
  return anything || s.options.nothingToTake === 'SKIP_TURN' ? 'draw' : 'play';
}

export function evolve(s: State, e: Event): State {
  const next = copyState(s);
  switch (e.type) {
    case 'RoundStarted': {
      next.round = e.round;
      next.starter = e.starter;
      next.active = e.starter;
      next.deck = e.deck ?? [];
      next.discards = [[e.discards[0]], [e.discards[1]]];
      next.pileLog = next.discards;
      next.known = noKnowledge(s.seats);
      next.pileGone = nothingGone(s.seats);
      next.hands = s.hands.map(() => []);
      next.played = s.played.map(() => []);
      next.drawn = [];
      next.crabPile = null;
      next.call = null;
      next.revealed = s.revealed.map(() => false);
      next.finalTurns = [];
      next.turn = 1;
      next.lastTurn = s.lastTurn.map((_, i) => (i === e.starter ? 1 : -1));
      next.phase = startPhase(next);
      return next;
    }
    case 'Drew': {
      const cards = s.deck.slice(0, e.count);
      next.deck = s.deck.slice(e.count);
      if (e.count === 1) {
        next.hands = update(s.hands, e.seat, (h) => add(h, cards[0]!));
        next.phase = 'play';
      } else {
        next.drawn = cards;
        next.phase = 'keep';
      }
      return next;
    }
    case 'Kept':
      next.hands = update(s.hands, e.seat, (h) => add(h, e.card ?? s.drawn.find((c) => c !== e.discarded)!));
      next.discards = update(s.discards, e.pile, (p) => [...p, e.discarded]);
      next.pileLog = update(s.pileLog, e.pile, (p) => [...p, e.discarded]);
      next.drawn = [];
      next.phase = 'play';
      return next;
    case 'TookDiscard':
      next.hands = update(s.hands, e.seat, (h) => add(h, e.card));
      next.discards = update(s.discards, e.pile, (p) => p.slice(0, -1));
      next.known = learnTaken(s.known, e.seat, e.card);
      next.phase = 'play';
      return next;
    case 'DuoPlayed':
      next.hands = update(s.hands, e.seat, (h) => without(h, ...e.cards));
      next.played = update(s.played, e.seat, (p) => [...p, ...e.cards]);
      next.known = forgetPlayed(s.known, e.seat, e.cards);
      next.phase = !e.effect ? 'play' : e.duo === 'crab' ? 'crabPile' : e.duo === 'boat' ? startPhase(s) : e.duo === 'sharkSwimmer' ? 'shark' : 'play';
      return next;
    case 'PileChosen':
      next.crabPile = e.pile;
      next.pileGone = update(s.pileGone, e.seat, (piles) => setAt(piles, e.pile, s.pileLog[e.pile]!.filter((c) => !s.discards[e.pile]!.includes(c))));
      next.phase = 'crabCard';
      return next;
    case 'CardTaken': {
      const card = e.card ?? s.discards[e.pile]!.at(-1)!;
      next.hands = update(s.hands, e.seat, (h) => add(h, card));
      next.discards = update(s.discards, e.pile, (p) => without(p, card));
      next.crabPile = null;
      next.phase = 'play';
      return next;
    }
    case 'FishDrew':
      next.deck = s.deck.slice(1);
      next.hands = update(s.hands, e.seat, (h) => add(h, s.deck[0]!));
      return next;
    case 'Stole': {
      const card = e.card ?? s.hands[e.from]![0]!;
      next.hands = update(update(s.hands, e.from, (h) => without(h, card)), e.seat, (h) => add(h, card));
      next.known = learnTheft(s.known, e.seat, e.from, card, e.victimRevealed);
      next.phase = 'play';
      return next;
    }
    case 'TurnEnded':
      if (s.finalTurns.length > 0) next.finalTurns = without(s.finalTurns, e.seat);
      if (e.next === null) return next;
      next.active = e.next;
      next.phase = startPhase(s);
      next.turn = s.turn + 1;
      next.lastTurn = setAt(s.lastTurn, e.next, s.turn + 1);
      return next;
    case 'Called':
      next.call = { kind: e.call, caller: e.seat, drawPileEmpty: s.deck.length === 0 };
      next.revealed = setAt(s.revealed, e.seat, true);
      next.finalTurns = e.call === 'LAST_CHANCE' ? Array.from({ length: s.seats - 1 }, (_, i) => (e.seat + 1 + i) % s.seats) : [];
      return next;
    case 'HandRevealed':
      next.revealed = setAt(s.revealed, e.seat, true);
      return next;
    case 'RoundEnded': {
      const { type: _type, ...summary } = e;
      next.totals = e.totals;
      next.lastRound = summary;
      if (e.hands) next.revealed = s.revealed.map(() => true);
      return next;
    }
    case 'GameOver':
      next.phase = 'over';
      next.result = { scores: e.scores, winners: e.winners, reason: e.reason };
      return next;
  }
}

/** Every card of the state, for the conservation invariant (58 distinct ids). */
export function allCards(s: State): number[] {
  return [...s.deck, ...s.discards.flat(), ...s.hands.flat(), ...s.played.flat(), ...s.drawn];
}
