/** evolve: total and deterministic; shallow copies of what changes. */
import { setAt } from '../../core/index.js';
import { flipped, placed, setupFor, type PlacedCard } from './cards.js';
import type { RoundDealt, Scouted, ScoutEvent, Shown } from './events.js';
import { isTwoPlayer, nextSeat, type State } from './state.js';


/** §2.3 step 4: the whole hand turned 180°: every card flips and the order reverses. */
export const rotateHand = (hand: readonly PlacedCard[]): PlacedCard[] => hand.map(flipped).reverse();

function dealt(s: State, e: RoundDealt): State {
  const setup = setupFor(s.seats);
  return {
    ...s,
    phase: 'rotate',
    round: e.round,
    startPlayer: e.startPlayer,
    turn: e.startPlayer,
    hands: e.hands.map((h) => h ?? []),
    rotation: s.rotation.map(() => null),
    captured: s.captured.map(() => []),
    chips: s.chips.map(() => setup.scoutChips),
    scoutShowChip: s.scoutShowChip.map(() => setup.scoutShow),
    active: [],
    owner: null,
    consecutiveScouts: 0,
    pendingShow: false,
    scoutedIn: s.scoutedIn.map(() => []),
    setAside: e.setAside ?? [],
  };
}

function scouted(s: State, e: Scouted): State {
  const active = e.end === 'left' ? s.active.slice(1) : s.active.slice(0, -1);
  const card = placed(e.flip ? flipped(e.card) : e.card);
  const hand = s.hands[e.seat]!.slice();
  hand.splice(e.at ?? hand.length, 0, card);
  let chips = s.chips;
  if (e.chipTo !== null) chips = setAt(chips, e.chipTo, chips[e.chipTo]! + 1);
  if (e.paid) chips = setAt(chips, e.seat, chips[e.seat]! - 1);
  const next: State = {
    ...s,
    active,
    chips,
    hands: setAt(s.hands, e.seat, hand),
    scoutedIn: setAt(s.scoutedIn, e.seat, [...s.scoutedIn[e.seat]!, card.id]),
  };
  if (s.pendingShow) return next; // Scout & Show: the same seat shows next
  const emptied = active.length === 0 && !s.options.ownerPersistsWhenSetEmptied;
  next.owner = emptied ? null : s.owner;
  next.consecutiveScouts = emptied ? 0 : s.consecutiveScouts + 1;
  // §3.6: with two players scouting does not end the turn.
  if (!isTwoPlayer(s)) next.turn = nextSeat(s, e.seat);
  return next;
}

/** The hand with cards from..to (inclusive) removed; the rest close up. */
function without<T>(hand: readonly T[], from: number, to: number): T[] {
  const out: T[] = [];
  for (let i = 0; i < hand.length; i++) if (i < from || i > to) out.push(hand[i]!);
  return out;
}

function shown(s: State, e: Shown): State {
  const hand = s.hands[e.seat]!;
  const known = s.scoutedIn[e.seat]!;
  const captured = s.captured[e.seat]!;
  return {
    ...s,
    hands: setAt(s.hands, e.seat, without(hand, e.from, e.to)),
    captured: s.active.length ? setAt(s.captured, e.seat, captured.concat(s.active.map((c) => c.id))) : s.captured,
    scoutedIn: known.length ? setAt(s.scoutedIn, e.seat, known.filter((id) => !e.cards.some((c) => c.id === id))) : s.scoutedIn,
    active: hand.slice(e.from, e.to + 1),
    owner: e.seat,
    consecutiveScouts: 0,
    pendingShow: false,
    turn: nextSeat(s, e.seat),
  };
}

export function evolve(s: State, e: ScoutEvent): State {
  switch (e.type) {
    case 'RoundDealt':
      return dealt(s, e);
    case 'RotationChosen':
      return {
        ...s,
        rotation: setAt(s.rotation, e.seat, e.rotate),
        hands: e.rotate ? setAt(s.hands, e.seat, rotateHand(s.hands[e.seat]!)) : s.hands,
      };
    case 'PlayBegan':
      return { ...s, phase: 'play', turn: e.player };
    case 'ScoutShowStarted':
      return { ...s, pendingShow: e.showFollows !== false, scoutShowChip: setAt(s.scoutShowChip, e.seat, false) };
    case 'Scouted':
      return scouted(s, e);
    case 'Shown':
      return shown(s, e);
    case 'Passed':
      return s;
    case 'RoundEnded':
      return {
        ...s,
        phase: e.round >= s.rounds ? 'over' : 'between',
        totals: e.totals,
        roundScores: s.roundScores.map((r, p) => [...r, e.scores[p]!.score]),
        lastRound: e,
      };
  }
}
