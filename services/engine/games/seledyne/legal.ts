/** legalCommands and status: small lists, each accepted unchanged by decide. */
import { lastOf, type Seat, type Status } from '../../core/index.js';
import type { Card } from './cards.js';
import type { Command } from './commands.js';
import { BOOSTED, confirmsAllowed, drawProblem, exchangeAllowed, exchangePlanner, exchangePlanOk, handBits, passProblem, stopProblem, sumRuleActive, tributable, UNBOOSTED } from './rules.js';
import { listsOf } from './listed-now.js';
import { CONFIRM_BOOSTED, CONFIRM_UNBOOSTED, END_TURN, PASS, ROUND_DRAW, SIX_MULTIPLE_DRAW, SIX_RULE_DECLINED, SIX_RULE_USED, SKIP_ROUND_DRAW, STOP_DRAWING, giftOf, roundDrawOf, sixMultipleDrawOf, sixRuleUsing, tributeOf } from './moves.js';
import { randomDraws, randomExchange, type State, type Turn } from './state.js';

/** Card sets (one card, or two or more under the Sum Rule) from `hand` that add up to `target`. */
export function payments(hand: readonly Card[], target: number, sumRule: boolean): Card[][] {
  const out: Card[][] = [];
  for (const c of hand) if (c.value === target) out.push([c]);
  if (sumRule) sumSets(byValue(hand), 0, target, [], out);
  return out;
}

/** A copy of `hand` by value, low first, stable: an insertion sort (ten cards at most; the built-in sort allocated its own work arrays). */
function sortedByValue(hand: readonly Card[]): Card[] {
  const out: Card[] = [];
  for (const c of hand) {
    out.push(c);
    let i = out.length - 1;
    for (; i > 0 && out[i - 1]!.value > c.value; i--) out[i] = out[i - 1]!;
    out[i] = c;
  }
  return out;
}
/**
 * The hand by value, low first (a stable sort: equal values keep the hand's order); a dealt hand is
 * already. Remembered for the hand asked last: a hand lives through many states (each asks its gifts).
 */
const byValue = lastOf((hand: readonly Card[]): readonly Card[] => {
  for (let i = 1; i < hand.length; i++) if (hand[i]!.value < hand[i - 1]!.value) return sortedByValue(hand);
  return hand;
});

/**
 * Sets of two or more cards of `sorted` (by value) from index `i` on adding up to `left`, in search
 * order. `chosen` is the path so far, one array pushed and popped (a copy only for a set found, not a
 * spread per step: the legal list of every turn under the Sum Rule searches here).
 */
function sumSets(sorted: readonly Card[], i: number, left: number, chosen: Card[], out: Card[][]): void {
  if (left === 0) {
    if (chosen.length >= 2) out.push(chosen.slice());
    return;
  }
  for (let j = i; j < sorted.length && sorted[j]!.value <= left; j++) {
    chosen.push(sorted[j]!);
    sumSets(sorted, j + 1, left - sorted[j]!.value, chosen, out);
    chosen.pop();
  }
}

/**
 * Whether the acting seat has any gift now, without listing them: some target it may still gift to
 * whose difference one hand card pays, or, under the Sum Rule, some cards together. The same answer
 * as `gifts(s, t).length > 0`: every payment listed there passes `giftProblem` at these steps.
 */
export function anyGift(s: State, t: Turn): boolean {
  if (t.step !== 'open' && t.step !== 'ready' && t.step !== 'gifting') return false;
  const hand = s.players[t.seat]!.hand;
  const sum = sumRuleActive(s, t);
  let sums = 1; // subset sums of the hand as bits, made on first need (differences stay below 31)
  let made = false;
  for (let target = 0; target < s.seats; target++) {
    const diff = t.effective - s.players[target]!.die;
    if (target === t.seat || diff < 1 || t.targets.includes(target)) continue;
    if (!sum) {
      for (const c of hand) if (c.value === diff) return true;
      continue;
    }
    if (diff > 30) {
      if (payments(hand, diff, true).length > 0) return true;
      continue;
    }
    if (!made) {
      sums = handBits(hand).sums;
      made = true;
    }
    if (((sums >>> diff) & 1) === 1) return true;
  }
  return false;
}

// Each appends its commands to `out`: top-level functions, not closures made per call.

/**
 * Every gift: each target the seat may still gift to, each payment of its difference. Built to pass
 * every check of rules.ts `giftProblem` (called only at the steps where it allows gifts), so none is
 * asked again; the command-space tests hold decide to accepting each one.
 */
function gifts(out: Command[], s: State, t: Turn): void {
  const hand = s.players[t.seat]!.hand;
  const sum = sumRuleActive(s, t);
  // made on first need: the hand's subset sums (a target no set pays is skipped) and the hand by value
  let sums = 0;
  let summed = false;
  let sorted: readonly Card[] | null = null;
  for (let target = 0; target < s.seats; target++) {
    const diff = t.effective - s.players[target]!.die;
    if (target === t.seat || diff < 1 || t.targets.includes(target)) continue;
    for (const c of hand) if (c.value === diff) out.push(giftOf(target, c.id));
    if (!sum || hand.length < 2) continue;
    if (diff <= 30) {
      if (!summed) {
        sums = handBits(hand).sums;
        summed = true;
      }
      if (((sums >>> diff) & 1) === 0) continue;
    }
    sorted ??= byValue(hand);
    const sets: Card[][] = [];
    sumSets(sorted, 0, diff, [], sets);
    for (const cards of sets) out.push({ type: 'gift', target, cards: ids(cards) });
  }
}

function ids(cards: readonly Card[]): string[] {
  const out: string[] = [];
  for (const c of cards) out.push(c.id);
  return out;
}

/**
 * Every exchange: once allowed, the cards are the seat's own, and only the plan is left to check
 * (`exchangePlanProblem`), asked of the step's planner once, each card by its bit there: the
 * planner's cards are the hand's, then the reserve's, in order (rules.ts `plannerAt`).
 */
function exchanges(out: Command[], s: State, t: Turn): void {
  if (!exchangeAllowed(s, t)) return;
  const p = s.players[t.seat]!;
  const random = randomExchange(s.options);
  const plan = exchangePlanner(s, t);
  const held = p.hand.length;
  for (let i = 0; i < held; i++) {
    const give = p.hand[i]!;
    if (random) {
      if (plan === null || exchangePlanOk(plan, t, 1 << i, null)) out.push({ type: 'exchange', give: give.id });
      continue;
    }
    for (let j = 0; j < p.reserve.length; j++) if (plan === null || exchangePlanOk(plan, t, 1 << i, 1 << (held + j))) out.push({ type: 'exchange', give: give.id, take: p.reserve[j]!.id });
  }
}

function tributes(out: Command[], s: State, t: Turn): void {
  for (const c of tributable(s, t)) out.push(tributeOf(c.id));
}

function turnCommands(s: State, t: Turn): Command[] {
  const p = s.players[t.seat]!;
  const out: Command[] = [];
  switch (t.step) {
    case 'open':
      exchanges(out, s, t);
      tributes(out, s, t);
      gifts(out, s, t);
      if (passProblem(s, t) === null) out.push(PASS);
      break;
    case 'select':
      tributes(out, s, t);
      const confirms = confirmsAllowed(s, t);
      if ((confirms & BOOSTED) !== 0) out.push(CONFIRM_BOOSTED);
      if ((confirms & UNBOOSTED) !== 0) out.push(CONFIRM_UNBOOSTED);
      break;
    case 'draws':
      if (randomDraws(s.options)) {
        if (drawProblem(s, t, null) === null) out.push(SIX_MULTIPLE_DRAW);
      } else for (const c of p.reserve) if (drawProblem(s, t, c.id) === null) out.push(sixMultipleDrawOf(c.id));
      if (stopProblem(s, t) === null) out.push(STOP_DRAWING);
      break;
    case 'ready':
      exchanges(out, s, t);
      gifts(out, s, t);
      break;
    case 'gifting':
      gifts(out, s, t);
      exchanges(out, s, t);
      out.push(END_TURN);
      break;
    case 'closing':
      exchanges(out, s, t);
      out.push(END_TURN);
      break;
  }
  return out;
}

/** Seats still to choose in a simultaneous step, in seat order. */
function choosing(s: State): Seat[] {
  const out: Seat[] = [];
  for (let i = 0; i < s.seats; i++) if (s.eligible[i] && s.pending[i] === null) out.push(i);
  return out;
}

export function toMove(s: State): Seat[] {
  switch (s.phase) {
    case 'draw':
      return choosing(s);
    case 'six': {
      if (s.options.sixRuleDecisionMode === 'SIMULTANEOUS') return choosing(s);
      for (let i = 0; i < s.seats; i++) {
        const seat = (s.startSeat + i) % s.seats;
        if (s.eligible[seat] && s.pending[seat] === null) return [seat];
      }
      return [];
    }
    case 'turn':
      return s.current === null ? [] : [s.current];
    default:
      return [];
  }
}

/** Every legal command of `seat` (memoised for the last state asked, listed-now.ts; a fresh array each call). */
export function legalCommands(s: State, seat: Seat): Command[] {
  const lists = listsOf(s);
  return (lists[seat] ??= computeLegal(s, seat)).slice();
}

function computeLegal(s: State, seat: Seat): Command[] {
  if (!status(s).toMove.includes(seat)) return [];
  const p = s.players[seat]!;
  // a card named per reserve card where the owner picks (A5), else one move without a card
  const named = !randomDraws(s.options) && p.reserve.length > 0;
  if (s.phase === 'draw') {
    const out: Command[] = [];
    if (named) for (const c of p.reserve) out.push(roundDrawOf(c.id));
    else out.push(ROUND_DRAW);
    if (!s.options.roundDrawMandatory) out.push(SKIP_ROUND_DRAW);
    return out;
  }
  if (s.phase === 'six') {
    const out: Command[] = [SIX_RULE_DECLINED];
    if (named) for (const c of p.reserve) out.push(sixRuleUsing(c.id));
    else out.push(SIX_RULE_USED);
    return out;
  }
  return turnCommands(s, s.turn!);
}

const PHASES: Record<State['phase'], string> = {
  setup: 'setup',
  roll: 'roll',
  draw: 'round-draw',
  six: 'six-rule',
  turn: 'turn',
  roundEnd: 'round-end',
  stageEnd: 'stage-end',
  over: 'over',
};

/** `turn-<step>`, made once (status is asked several times per move). */
const TURN_PHASES: Record<Turn['step'], string> = { open: 'turn-open', select: 'turn-select', draws: 'turn-draws', ready: 'turn-ready', gifting: 'turn-gifting', closing: 'turn-closing' };

/**
 * The state's status, remembered for the state asked last (a rollout asks it of each state twice, for
 * the mover and for the view): shared with the next caller asking of the same state, read it, never change it.
 */
export const status: (s: State) => Status = lastOf(statusNow);

function statusNow(s: State): Status {
  if (s.phase === 'over') return { phase: 'over', toMove: [], over: true, result: { scores: s.players.map((p) => p.total), winners: s.winners ?? [] } };
  if (s.phase === 'turn' && s.turn && s.current !== null) return turnStatus(s.turn.step, s.current);
  const phase = s.phase === 'turn' && s.turn ? TURN_PHASES[s.turn.step] : PHASES[s.phase];
  return { phase, toMove: toMove(s), over: false, result: null };
}

/**
 * A turn's status, one frozen object per step and seat, shared by every state at that step: a
 * rollout asks the status of every state it reaches, and most are turns. Shared like the memo's
 * answer (read it, never change it), as the table shares its own status while seats are waiting.
 */
function turnStatus(step: Turn['step'], seat: Seat): Status {
  return (turnStatusBySeat[seat] ??= turnStatusesOf(seat))[step];
}
const turnStatusBySeat: Record<Turn['step'], Status>[] = [];
function turnStatusesOf(seat: Seat): Record<Turn['step'], Status> {
  const toMove = Object.freeze([seat]) as Seat[];
  const out = {} as Record<Turn['step'], Status>;
  for (const step of Object.keys(TURN_PHASES) as Turn['step'][]) out[step] = Object.freeze({ phase: TURN_PHASES[step], toMove, over: false, result: null });
  return out;
}
