/**
 * start and decide: the rules check each move with `ensure` and return events. Randomness
 * (the deals, the first start player) is drawn here and written into the events.
 * Refusal messages never name a hidden card.
 */
import { deal, Emitter, ensure, shuffle, type Rng, type Seat } from '../../core/index.js';
import { cardsInPlay, placed, setupFor, type Card, type PlacedCard } from './cards.js';
import type { Command, End } from './commands.js';
import type { RoundDealt, RoundEndReason, ScoutEvent } from './events.js';
import { evolve } from './evolve.js';
import { scoreRound } from './scoring.js';
import { canBeat, shapeOf, stronger, valuesOf, type SetShape } from './sets.js';
import { isTwoPlayer, nextSeat, turnOrder, type State } from './state.js';

/** The Active Set's shape, or null when there is nothing to beat. */
export const activeShape = (s: State): SetShape | null => shapeOf(s.active);

/** Whether `seat` has a Show (§3.3 precondition): any card when nothing is to be beaten. */
export function canShow(s: State, seat: Seat): boolean {
  const hand = s.hands[seat]!;
  const target = activeShape(s);
  return target ? canBeat(valuesOf(hand), target) : hand.length > 0;
}

/** Whether `seat` may Scout now (§3.4 step 1; 2p: it must hold a chip). */
export const canScout = (s: State, seat: Seat) => s.active.length > 0 && (!isTwoPlayer(s) || s.chips[seat]! > 0);

/** Shuffle order and orientation, deal (§2.3 round setup). 2p round 2 uses the set-aside cards. */
export function dealRound(s: State, round: number, startPlayer: number, rng: Rng): RoundDealt {
  const setup = setupFor(s.seats);
  const cards: Card[] = round > 1 && setup.setAside ? s.setAside.map(({ id, lo, hi }) => ({ id, lo, hi })) : cardsInPlay(s.seats);
  const oriented = shuffle(cards, rng).map((c): PlacedCard => ({ id: c.id, lo: c.lo, hi: c.hi, up: rng.int(2) === 1 ? c.hi : c.lo }));
  const { hands, rest } = deal(oriented, s.seats, setup.handSize);
  const setAside = round === 1 && setup.setAside ? rest : [];
  return { type: 'RoundDealt', round, startPlayer, hands, handSizes: hands.map((h) => h.length), setAside, setAsideCount: setAside.length };
}

export function start(s: State, rng: Rng): ScoutEvent[] {
  return [dealRound(s, 1, s.options.startSeat ?? rng.int(s.seats), rng)];
}

/** §4.1 / §4.2 / §4.3: score the round, then deal the next one unless the game is over. */
function endRound(s: State, reason: RoundEndReason, exempt: number | null, rng: Rng): ScoutEvent[] {
  const counts = s.hands.map((hand, p) => ({ captured: s.captured[p]!.length, scoutChips: s.chips[p]!, handCards: hand.length }));
  const scores = scoreRound(counts, exempt, !isTwoPlayer(s) || s.options.twoPlayerUnspentChipsScore);
  const totals = s.totals.map((t, p) => t + scores[p]!.score);
  const ended: ScoutEvent = { type: 'RoundEnded', round: s.round, reason, exempt, scores, totals };
  if (s.round >= s.rounds) return [ended];
  return [ended, dealRound(s, s.round + 1, nextSeat(s, s.startPlayer), rng)];
}

function rotate(s: State, seat: Seat, choice: boolean): ScoutEvent[] {
  ensure(s.phase === 'rotate', 'the hand may only be rotated at the start of a round, before the first turn');
  ensure(s.rotation[seat] === null, 'you have already chosen whether to rotate your hand this round');
  if (!s.options.simultaneousRotation) ensure(rotationToMove(s)[0] === seat, 'wait until the players before you have chosen');
  const events: ScoutEvent[] = [{ type: 'RotationChosen', seat, rotate: choice }];
  if (s.rotation.every((r, p) => p === seat || r !== null)) events.push({ type: 'PlayBegan', round: s.round, player: s.startPlayer });
  return events;
}

/** Seats still to choose their rotation, in the order they may. */
export function rotationToMove(s: State): number[] {
  // Simultaneous: every open seat, by seat number; otherwise the first open seat in turn order.
  const open: number[] = [];
  for (const p of s.options.simultaneousRotation ? s.rotation.keys() : turnOrder(s)) {
    if (s.rotation[p] !== null) continue;
    open.push(p);
    if (!s.options.simultaneousRotation) break;
  }
  return open;
}

/** §4.1 condition 3 (option `roundActionLimit`): a round still going after its last allowed action ends, nobody exempt. */
function actionLimit(t: Emitter<State, ScoutEvent>, rng: Rng): ScoutEvent[] {
  const s = t.state;
  const limit = s.options.roundActionLimit;
  if (limit !== null && s.phase === 'play' && (s.actions ?? 0) >= limit) t.emit(...endRound(s, 'action-limit', null, rng));
  return t.events;
}

/** §3.3 Show, then the end-of-round checks that follow a Show. */
function show(s: State, seat: Seat, from: number, to: number, rng: Rng): ScoutEvent[] {
  const hand = s.hands[seat]!;
  ensure(from <= to && to < hand.length, 'from and to must be positions in your hand with from ≤ to');
  const cards = hand.slice(from, to + 1).map(placed);
  const shape = shapeOf(cards);
  ensure(shape, 'those cards are not a set: show a single card, equal values, or a run stepping by one');
  const target = activeShape(s);
  ensure(!target || stronger(shape, target), 'that set is not stronger than the Active Set');
  const t = new Emitter(s, evolve).emit({ type: 'Shown', seat, from, to, cards, captured: s.active.length });
  const after = t.state;
  // §4.1 condition 1: an empty hand ends the round at once.
  if (after.hands[seat]!.length === 0) return t.emit(...endRound(after, 'empty-hand', null, rng)).events;
  // §3.6 2p condition 2: the opponent can neither Show nor Scout.
  const opponent = nextSeat(s, seat);
  if (isTwoPlayer(s) && !canShow(after, opponent) && !canScout(after, opponent)) return t.emit(...endRound(after, 'cannot-act', seat, rng)).events;
  return actionLimit(t, rng);
}

/** The Scout part (§3.4 steps 2–5), shared by Scout and Scout & Show. */
function scoutEvents(s: State, seat: Seat, end: End, flip: boolean, at: number): ScoutEvent[] {
  ensure(s.active.length > 0, 'there is no card in the Active Set to scout');
  ensure(at <= s.hands[seat]!.length, 'the insert position must be between 0 and the number of cards in your hand');
  const card = placed(end === 'left' ? s.active[0]! : s.active[s.active.length - 1]!);
  const two = isTwoPlayer(s);
  return [{ type: 'Scouted', seat, end, card, flip, at, atPublic: !s.options.hideScoutInsertPosition, chipTo: two ? null : s.owner, paid: two }];
}

/** A plain Scout's events from `t` on, and the end-of-round checks that follow a Scout. */
function plainScout(t: Emitter<State, ScoutEvent>, seat: Seat, end: End, flip: boolean, at: number, rng: Rng): ScoutEvent[] {
  const s = t.state;
  const after = t.emit(...scoutEvents(s, seat, end, flip, at)).state;
  if (isTwoPlayer(s)) {
    // §3.6: the scout acts again; if it can neither Show nor Scout the round ends (Owner exempt).
    if (!canShow(after, seat) && !canScout(after, seat)) t.emit(...endRound(after, 'cannot-act', after.owner, rng));
    return actionLimit(t, rng);
  }
  // §4.1 condition 2: everyone else scouted since the Owner's Show.
  if (after.owner !== null && after.consecutiveScouts >= s.seats - 1) t.emit(...endRound(after, 'scouted-around', after.owner, rng));
  return actionLimit(t, rng);
}

function scout(s: State, seat: Seat, end: End, flip: boolean, at: number, rng: Rng): ScoutEvent[] {
  if (isTwoPlayer(s)) ensure(s.chips[seat]! > 0, 'you have no Scout chip left to pay for a Scout');
  return plainScout(new Emitter(s, evolve), seat, end, flip, at, rng);
}

function scoutShow(s: State, seat: Seat, c: Extract<Command, { type: 'scoutShow' }>, rng: Rng): ScoutEvent[] {
  ensure(!isTwoPlayer(s), 'Scout & Show is not used with two players');
  ensure(s.scoutShowChip[seat], 'you have already used your Scout & Show chip this round');
  ensure((c.from === undefined) === (c.to === undefined), 'give both from and to, or neither');
  const scouted = scoutEvents(s, seat, c.end, c.flip, c.at);
  const showFollows = canShow(scouted.reduce(evolve, s), seat);
  // §3.5 step 7 / E6: by default offered only when a Show can follow; otherwise a plain Scout.
  ensure(showFollows || !s.options.scoutShowOnlyWhenShowFollows, 'no Show would be possible after that scout');
  if (!showFollows) {
    ensure(c.from === undefined, 'no Show is possible after that scout: leave out from and to');
    return plainScout(new Emitter(s, evolve).emit({ type: 'ScoutShowStarted', seat, showFollows }), seat, c.end, c.flip, c.at, rng);
  }
  const t = new Emitter(s, evolve).emit({ type: 'ScoutShowStarted', seat }, ...scouted);
  if (c.from === undefined || c.to === undefined) return t.events;
  return t.emit(...show(t.state, seat, c.from, c.to, rng)).events;
}

function pass(s: State, seat: Seat, rng: Rng): ScoutEvent[] {
  ensure(isTwoPlayer(s) && s.options.twoPlayerAllowPass, 'passing is not allowed: Show or Scout');
  ensure(s.active.length > 0 && s.owner !== null, 'you must Show: there is no set to pass on');
  return [{ type: 'Passed', seat }, ...endRound(s, 'passed', s.owner, rng)];
}

export function decide(s: State, c: Command, seat: Seat, rng: Rng): ScoutEvent[] {
  if (c.type === 'rotate') return rotate(s, seat, c.rotate);
  ensure(s.phase === 'play', s.phase === 'rotate' ? 'first choose whether to rotate your hand' : 'the game is over');
  ensure(seat === s.turn, 'it is not your turn');
  if (s.pendingShow) ensure(c.type === 'show', 'finish your Scout & Show with a Show');
  switch (c.type) {
    case 'show':
      return show(s, seat, c.from, c.to, rng);
    case 'scout':
      return scout(s, seat, c.end, c.flip, c.at, rng);
    case 'scoutShow':
      return scoutShow(s, seat, c, rng);
    case 'pass':
      return pass(s, seat, rng);
  }
}
