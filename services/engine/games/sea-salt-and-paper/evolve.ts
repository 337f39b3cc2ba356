/** evolve: total and deterministic; shallow copies only. */
import type { Event } from './events.js';
import type { Phase, State } from './state.js';

const add = (hand: readonly number[], ...cards: number[]) => [...hand, ...cards].sort((a, b) => a - b);
const without = (cards: readonly number[], ...gone: number[]) => cards.filter((c) => !gone.includes(c));
const set = <T>(list: readonly T[], i: number, value: T): T[] => list.map((x, j) => (j === i ? value : x));
const update = <T>(list: readonly T[], i: number, f: (x: T) => T): T[] => list.map((x, j) => (j === i ? f(x) : x));

/** Phase 1 of a turn, or straight to Phase 2 when there is nothing to take (E4). */
export function startPhase(s: Pick<State, 'deck' | 'discards' | 'options'>): Phase {
  const anything = s.deck.length > 0 || s.discards.some((p) => p.length > 0);
  return anything || s.options.nothingToTake === 'SKIP_TURN' ? 'draw' : 'play';
}

export function evolve(s: State, e: Event): State {
  switch (e.type) {
    case 'RoundStarted': {
      const deck = e.deck ?? [];
      const discards = [[e.discards[0]], [e.discards[1]]];
      return {
        ...s,
        round: e.round,
        starter: e.starter,
        active: e.starter,
        deck,
        discards,
        hands: s.hands.map(() => []),
        played: s.played.map(() => []),
        drawn: [],
        crabPile: null,
        call: null,
        revealed: s.revealed.map(() => false),
        finalTurns: [],
        turn: 1,
        lastTurn: s.lastTurn.map((_, i) => (i === e.starter ? 1 : -1)),
        phase: startPhase({ deck, discards, options: s.options }),
      };
    }
    case 'Drew': {
      const cards = s.deck.slice(0, e.count);
      const deck = s.deck.slice(e.count);
      if (e.count === 1) return { ...s, deck, hands: update(s.hands, e.seat, (h) => add(h, cards[0]!)), phase: 'play' };
      return { ...s, deck, drawn: cards, phase: 'keep' };
    }
    case 'Kept':
      return {
        ...s,
        hands: update(s.hands, e.seat, (h) => add(h, e.card ?? s.drawn.find((c) => c !== e.discarded)!)),
        discards: update(s.discards, e.pile, (p) => [...p, e.discarded]),
        drawn: [],
        phase: 'play',
      };
    case 'TookDiscard':
      return { ...s, hands: update(s.hands, e.seat, (h) => add(h, e.card)), discards: update(s.discards, e.pile, (p) => p.slice(0, -1)), phase: 'play' };
    case 'DuoPlayed': {
      const phase: Phase = !e.effect ? 'play' : e.duo === 'crab' ? 'crabPile' : e.duo === 'boat' ? startPhase(s) : e.duo === 'sharkSwimmer' ? 'shark' : 'play';
      return { ...s, hands: update(s.hands, e.seat, (h) => without(h, ...e.cards)), played: update(s.played, e.seat, (p) => [...p, ...e.cards]), phase };
    }
    case 'PileChosen':
      return { ...s, crabPile: e.pile, phase: 'crabCard' };
    case 'CardTaken': {
      const card = e.card ?? s.discards[e.pile]!.at(-1)!;
      return { ...s, hands: update(s.hands, e.seat, (h) => add(h, card)), discards: update(s.discards, e.pile, (p) => without(p, card)), crabPile: null, phase: 'play' };
    }
    case 'FishDrew':
      return { ...s, deck: s.deck.slice(1), hands: update(s.hands, e.seat, (h) => add(h, s.deck[0]!)) };
    case 'Stole': {
      const card = e.card ?? s.hands[e.from]![0]!;
      const hands = update(s.hands, e.from, (h) => without(h, card));
      return { ...s, hands: update(hands, e.seat, (h) => add(h, card)), phase: 'play' };
    }
    case 'TurnEnded': {
      const finalTurns = s.finalTurns.length > 0 ? without(s.finalTurns, e.seat) : s.finalTurns;
      if (e.next === null) return { ...s, finalTurns };
      return { ...s, finalTurns, active: e.next, phase: startPhase(s), turn: s.turn + 1, lastTurn: set(s.lastTurn, e.next, s.turn + 1) };
    }
    case 'Called': {
      const others = Array.from({ length: s.seats - 1 }, (_, i) => (e.seat + 1 + i) % s.seats);
      return { ...s, call: { kind: e.call, caller: e.seat, drawPileEmpty: s.deck.length === 0 }, revealed: set(s.revealed, e.seat, true), finalTurns: e.call === 'LAST_CHANCE' ? others : [] };
    }
    case 'HandRevealed':
      return { ...s, revealed: set(s.revealed, e.seat, true) };
    case 'RoundEnded': {
      const { type: _type, ...summary } = e;
      return { ...s, totals: e.totals, lastRound: summary, revealed: e.hands ? s.revealed.map(() => true) : s.revealed };
    }
    case 'GameOver':
      return { ...s, phase: 'over', result: { scores: e.scores, winners: e.winners, reason: e.reason } };
  }
}

/** Every card of the state, for the conservation invariant (58 distinct ids). */
export function allCards(s: State): number[] {
  return [...s.deck, ...s.discards.flat(), ...s.hands.flat(), ...s.played.flat(), ...s.drawn];
}
