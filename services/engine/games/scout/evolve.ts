/** evolve: total and deterministic; one shallow copy of the state (`copyState`), then what the event changes. */
import { insertAt, setAt } from '../../core/index.js';
import { flipped, placed, setupFor, type PlacedCard } from './cards.js';
import type { RoundDealt, RoundEnded, Scouted, ScoutEvent, Shown } from './events.js';
import { copyState, isTwoPlayer, nextSeat, type State } from './state.js';

/** §2.3 step 4: the whole hand turned 180°: every card flips and the order reverses. */
export const rotateHand = (hand: readonly PlacedCard[]): PlacedCard[] => hand.map(flipped).reverse();

function dealt(s: State, e: RoundDealt): State {
  const setup = setupFor(s.seats);
  const next = copyState(s);
  next.phase = 'rotate';
  next.round = e.round;
  next.startPlayer = e.startPlayer;
  next.turn = e.startPlayer;
  next.hands = e.hands.map((h) => h ?? []);
  next.rotation = s.rotation.map(() => null);
  next.captured = s.captured.map(() => []);
  next.chips = s.chips.map(() => setup.scoutChips);
  next.scoutShowChip = s.scoutShowChip.map(() => setup.scoutShow);
  next.active = [];
  next.owner = null;
  next.consecutiveScouts = 0;
  next.actions = 0;
  next.pendingShow = false;
  next.scoutedIn = s.scoutedIn.map(() => []);
  next.setAside = e.setAside ?? [];
  // 2p: what each seat saw of round 1 starts with its own hand (and outlives the round).
  if (setup.setAside && e.round === 1) next.roundOneSeen = next.hands.map((h) => h.map((c) => c.id));
  return next;
}

function scouted(s: State, e: Scouted): State {
  const active = e.end === 'left' ? s.active.slice(1) : s.active.slice(0, -1);
  const card = placed(e.flip ? flipped(e.card) : e.card);
  const hand = insertAt(s.hands[e.seat]!, e.at ?? s.hands[e.seat]!.length, card);
  let chips = s.chips;
  if (e.chipTo !== null) chips = setAt(chips, e.chipTo, chips[e.chipTo]! + 1);
  if (e.paid) chips = setAt(chips, e.seat, chips[e.seat]! - 1);
  const next = copyState(s);
  next.active = active;
  next.chips = chips;
  next.hands = setAt(s.hands, e.seat, hand);
  next.scoutedIn = setAt(s.scoutedIn, e.seat, [...s.scoutedIn[e.seat]!, card.id]);
  if (s.pendingShow) return next; // Scout & Show: the same seat shows next (its Show counts the action)
  next.actions = (s.actions ?? 0) + 1;
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
  const next = copyState(s);
  next.hands = setAt(s.hands, e.seat, without(hand, e.from, e.to));
  if (s.active.length) {
    const ids = captured.slice();
    for (const c of s.active) ids.push(c.id);
    next.captured = setAt(s.captured, e.seat, ids);
  }
  if (known.length) next.scoutedIn = setAt(s.scoutedIn, e.seat, known.filter((id) => !e.cards.some((c) => c.id === id)));
  next.active = hand.slice(e.from, e.to + 1);
  next.owner = e.seat;
  next.consecutiveScouts = 0;
  next.actions = (s.actions ?? 0) + 1;
  next.pendingShow = false;
  next.turn = nextSeat(s, e.seat);
  if (isTwoPlayer(s) && s.round === 1 && s.roundOneSeen) next.roundOneSeen = seenShown(s, e, s.roundOneSeen);
  return next;
}

/** 2p round 1: the other seat now has seen the shown cards (those scouted in it had seen already). */
function seenShown(s: State, e: Shown, seen: number[][]): number[][] {
  const known = s.scoutedIn[e.seat]!;
  const fresh = e.cards.filter((c) => !known.includes(c.id)).map((c) => c.id);
  if (fresh.length === 0) return seen;
  return seen.map((mine, p) => (p === e.seat ? mine : mine.concat(fresh)));
}

function roundEnded(s: State, e: RoundEnded): State {
  const next = copyState(s);
  next.phase = e.round >= s.rounds ? 'over' : 'between';
  next.totals = e.totals;
  next.roundScores = s.roundScores.map((r, p) => [...r, e.scores[p]!.score]);
  next.lastRound = e;
  return next;
}

export function evolve(s: State, e: ScoutEvent): State {
  let next: State;
  switch (e.type) {
    case 'RoundDealt':
      return dealt(s, e);
    case 'RotationChosen':
      next = copyState(s);
      next.rotation = setAt(s.rotation, e.seat, e.rotate);
      if (e.rotate) next.hands = setAt(s.hands, e.seat, rotateHand(s.hands[e.seat]!));
      return next;
    case 'PlayBegan':
      next = copyState(s);
      next.phase = 'play';
      next.turn = e.player;
      return next;
    case 'ScoutShowStarted':
      next = copyState(s);
      next.pendingShow = e.showFollows !== false;
      next.scoutShowChip = setAt(s.scoutShowChip, e.seat, false);
      return next;
    case 'Scouted':
      return scouted(s, e);
    case 'Shown':
      return shown(s, e);
    case 'Passed':
      return s;
    case 'RoundEnded':
      return roundEnded(s, e);
  }
}
