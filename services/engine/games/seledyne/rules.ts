/**
 * The rules of a move: checks shared with legal.ts (each returns why a move is refused, or null)
 * and the events of one command. The automatic steps that follow are in flow.ts.
 * Sections (§) and option ids (A0–A30) cite docs/rules/seledyne.md.
 */
import { ensure, illegal, lastOf, pick, type Rng } from '../../core/index.js';
import { total, type Card } from './cards.js';
import type { Command } from './commands.js';
import type { ExchangeTime, SeledyneEvent } from './events.js';
import { evolve } from './evolve.js';
import type { Options } from './options.js';
import { listedNow } from './listed-now.js';
import { drawsEarned, giftInReach, kindOf, Planner, type PlanRules } from './plan.js';
import { countSpecial, findCard, hasSpecial, randomDraws, randomExchange, type Player, type State, type Turn } from './state.js';

type E = SeledyneEvent;

/**
 * The planners of the state asked last, by seat. One slot, not a WeakMap: a state is asked about
 * in one burst (decide's checks, the forced-end check, the legal list), and a WeakMap entry per
 * state costs the garbage collector more than `plannerAt` costs to find the planner again.
 */
let lastState: State | null = null;
let lastPlanners: (Planner | undefined)[] = [];
/**
 * What a planner is made of (`plannerAt`): the players, the turn's targets and the options. A state
 * that shares them (a tribute's selection growing card by card, a Six-Multiple draw declined)
 * keeps the planners, and their memos, of the state before it.
 */
let plannedPlayers: State['players'] | null = null;
let plannedTargets: readonly number[] | null = null;
let plannedOptions: Options | null = null;

/** The search over the acting seat's own turn (plan.ts), built from what that seat knows. */
export function plannerFor(s: State, seat: number): Planner {
  if (s !== lastState) {
    lastState = s;
    const targets = s.turn?.targets ?? null;
    if (s.players !== plannedPlayers || targets !== plannedTargets || s.options !== plannedOptions) {
      lastPlanners = [];
      plannedPlayers = s.players;
      plannedTargets = targets;
      plannedOptions = s.options;
    }
  }
  return (lastPlanners[seat] ??= plannerAt(s, seat));
}

const rulesByOptions = new WeakMap<Options, PlanRules>();

function planRules(o: Options): PlanRules {
  let rules = rulesByOptions.get(o);
  if (!rules) {
    rules = {
      randomDraws: randomDraws(o),
      randomExchange: randomExchange(o),
      drawsOptional: o.sixMultipleDrawsOptional,
      exchangeOncePerTurn: o.exchangeLimit === 'ONCE_PER_TURN',
      boostOptional: o.tributeBoostMode === 'OPTIONAL',
      sixMultipleMode: o.sixMultipleMode,
    };
    rulesByOptions.set(o, rules);
  }
  return rules;
}

/** The physical dice of the seats `seat` may still gift to this turn, in seat order. */
function targetDice(s: State, seat: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < s.seats; i++) if (i !== seat && !s.turn?.targets.includes(i)) out.push(s.players[i]!.die);
  return out;
}

/**
 * A planner for one state only (see `plannerFor`). Planners were once shared across states by player
 * object; a planner kept that long outlives young-generation collections with its search memos, and
 * copying those cost more than the searches it saved (measured with the other games played first,
 * as `npm run bench` does).
 */
function plannerAt(s: State, seat: number): Planner {
  const p = s.players[seat]!;
  return new Planner({ rules: planRules(s.options), hand: p.hand, reserve: p.reserve, counter: p.counter, die: p.die, targetDice: targetDice(s, seat), tributedSum: p.tributedSum });
}

const find = findCard;

// ---------------------------------------------------------------- checks shared with legal.ts

/** Sum Rule (§4.5, A13): active for the acting seat's next gift. */
export function sumRuleActive(s: State, t: Turn): boolean {
  // fixed at the gift step's start: once set, the hand and counter need no look (the legal list, decide and the view all ask)
  if (s.options.sumRuleCheckTiming === 'GIFT_STEP_START' && t.sumActive != null) return t.sumActive;
  const p = s.players[t.seat]!;
  return hasSpecial(p.hand, 'SUM') || hasSpecial(p.counter, 'SUM');
}

/** Why a gift is refused, or null (§4.2). */
export function giftProblem(s: State, t: Turn, target: number, cardIds: readonly string[]): string | null {
  if (t.step === 'closing') return 'after an exchange at T5 only the end of the turn may follow';
  if (t.step !== 'open' && t.step !== 'ready' && t.step !== 'gifting') return 'no gift at this step of the turn';
  if (target === t.seat || target < 0 || target >= s.seats) return 'gift to another player';
  if (t.targets.includes(target)) return 'one gift per target per turn';
  const diff = t.effective - s.players[target]!.die;
  if (diff < 1) return "the target's die must be lower than yours";
  // loops, not a Set and callbacks: decide asks this of every gift played
  for (let i = 1; i < cardIds.length; i++) if (cardIds.indexOf(cardIds[i]!) < i) return 'a card can be given once';
  const hand = s.players[t.seat]!.hand;
  let sum = 0;
  for (const id of cardIds) {
    const c = find(hand, id);
    if (!c) return 'gift cards from your hand';
    sum += c.value;
  }
  if (sum !== diff) return `the cards must add up to the difference ${diff}`;
  if (cardIds.length > 1 && !sumRuleActive(s, t)) return 'several cards need the Sum Rule';
  return null;
}

/** Whether the acting seat may exchange now (§4.6; A14 limits how many per turn). */
export function exchangeAllowed(s: State, t: Turn): boolean {
  const p = s.players[t.seat]!;
  if (t.step === 'select' || t.step === 'draws' || p.hand.length === 0 || p.reserve.length === 0) return false;
  // once per turn: one Exchange card is enough, found without counting (the legal list asks at most steps)
  if (s.options.exchangeLimit === 'ONCE_PER_TURN') return t.exchanges === 0 && (hasSpecial(p.hand, 'EXCHANGE') || hasSpecial(p.counter, 'EXCHANGE'));
  return t.exchanges < countSpecial(p.hand, 'EXCHANGE') + countSpecial(p.counter, 'EXCHANGE');
}

/** Why an exchange is refused, or null. `take` null: a random reserve card (A5). */
export function exchangeProblem(s: State, t: Turn, give: string, take: string | null): string | null {
  if (!exchangeAllowed(s, t)) return 'no exchange available now';
  const p = s.players[t.seat]!;
  if (!find(p.hand, give)) return 'give a card from your hand';
  if (randomExchange(s.options) !== (take === null)) return randomExchange(s.options) ? 'the reserve card is taken at random' : 'choose a reserve card';
  if (take !== null && !find(p.reserve, take)) return 'take a card from your reserve';
  return exchangePlanProblem(s, t, give, take);
}

/**
 * The planner `exchangePlanProblem` asks at this step, or null when it asks none (every exchange
 * allowed passes): the legal list asks it once, then tests each exchange by its cards' bits
 * (`exchangePlanOk`) instead of asking `exchangePlanProblem` of each.
 */
export function exchangePlanner(s: State, t: Turn): Planner | null {
  return t.step === 'ready' || (t.step === 'open' && !s.options.exchangeWithoutGiftAllowed) ? plannerFor(s, t.seat) : null;
}

/** `exchangePlanProblem(...) === null` with `plan` from `exchangePlanner` (not null), the cards by their bits in the planner. */
export function exchangePlanOk(plan: Planner, t: Turn, give: number, take: number | null): boolean {
  return t.step === 'ready' ? plan.exchangeStepOkBits(t.effective, plan.handMask, t.exchanges, give, take) : plan.openExchangeOkBits(plan.handMask, t.exchanges, give, take);
}

/** The part of `exchangeProblem` that asks the plan: after it, a gift must stay reachable (A16, §4.3). */
export function exchangePlanProblem(s: State, t: Turn, give: string, take: string | null): string | null {
  if (t.step === 'ready') {
    const plan = plannerFor(s, t.seat);
    if (!plan.exchangeStepOk(t.effective, plan.handMask, t.exchanges, give, take)) return 'after a tribute a gift must stay possible';
  }
  if (t.step === 'open' && !s.options.exchangeWithoutGiftAllowed) {
    const plan = plannerFor(s, t.seat);
    if (!plan.openExchangeOk(plan.handMask, t.exchanges, give, take)) return 'an exchange needs a gift this turn';
  }
  return null;
}

/** The state, turn and answer `tributable` gave last (decide asks again of the move the legal list just offered). */
let tribState: State | null = null;
let tribTurn: Turn | null = null;
let tribCards: readonly Card[] = [];

/**
 * Counter cards that may be added to the tribute now: some tribute with them leaves a gift reachable
 * (§4.3). The list is shared with the next caller asking of the same state and turn: read it, never change it.
 */
export function tributable(s: State, t: Turn): readonly Card[] {
  if (s === tribState && t === tribTurn) return tribCards;
  const out = tributableNow(s, t);
  tribState = s;
  tribTurn = t;
  tribCards = out;
  return out;
}

function tributableNow(s: State, t: Turn): readonly Card[] {
  if (t.step !== 'open' && t.step !== 'select') return [];
  const p = s.players[t.seat]!;
  if (p.hand.length === 0 && !s.options.emptyHandMayTribute) return [];
  if (p.die + p.counter.length <= 30) {
    const byHand = tributableByHand(s, t, p.reserve.length === 0);
    if (byHand !== null) return byHand;
  }
  return tributableBySearch(s, t);
}

/** `tributable` by the turn search (plan.ts), whatever the reserve; the law tests compare the closed form with it. */
export function tributableBySearch(s: State, t: Turn): Card[] {
  if (t.step !== 'open' && t.step !== 'select') return [];
  const p = s.players[t.seat]!;
  if (p.hand.length === 0 && !s.options.emptyHandMayTribute) return [];
  const counter = t.selection.length === 0 ? p.counter : p.counter.filter((c) => !t.selection.some((x) => x.id === c.id));
  if (counter.length === 0 || !giftInReach(p.hand, p.reserve, p.die, p.counter.length, targetDice(s, t.seat))) return [];
  const plan = plannerFor(s, t.seat);
  const { kinds } = plan.tributeOptions(t.selection, plan.handMask, t.exchanges);
  if (kinds.length === 0) return [];
  const out: Card[] = [];
  for (const c of counter) if (kinds.includes(kindOf(c))) out.push(c);
  return out;
}

/** What `tributeLeads` reads of the seat: its hand's values as bits, and its counter's Sum cards. */
interface NoReserve {
  singles: number;
  sums: number;
  sumInHand: boolean;
  counterSums: number;
  chosenSums: number;
  /** Counter cards not yet selected, and the Sum cards among them. */
  rest: number;
  restSums: number;
  declined: boolean;
}

/**
 * Some tribute of the selection, one more card (a Sum card or not) and any of the rest leads to a
 * gift. The tribute's size k runs over a range, and the Sum Rule holds for its smaller sizes only
 * (the other cards from the non-Sum ones first: it holds while a Sum card is left), so per target
 * the boosted differences are two ranges of bits, as in `tributeOpenWithoutReserve`, not a loop
 * over k. A top-level function, not a closure: see plan.ts.
 */
function tributeLeads(s: State, t: Turn, f: NoReserve, sumCard: boolean): boolean {
  const die = s.players[t.seat]!.die;
  const m = t.selection.length + 1;
  const taken = f.chosenSums + (sumCard ? 1 : 0);
  const plain = f.rest - f.restSums - (sumCard ? 0 : 1);
  // the first `keeps` extra cards (of f.rest - 1 at most) keep the Sum Rule: with a Sum card in
  // hand all do; else while a Sum card is left in the counter, the plain ones going first
  const left = f.counterSums - taken;
  const keeps = f.sumInHand ? f.rest : left > 0 ? Math.min(f.rest, plain + left) : 0;
  for (let i = 0; i < s.seats; i++) {
    if (i === t.seat || t.targets.includes(i)) continue;
    const d = s.players[i]!.die;
    // boosted by k = m … m + keeps − 1 under the Sum Rule, then on single cards up to m + rest − 1
    if (anyBit(f.sums, die + m - d, die + m + keeps - 1 - d) || anyBit(f.singles, die + m + keeps - d, die + m + f.rest - 1 - d)) return true;
    // declined (A10): the die as it is, paid under the Sum Rule when some size keeps it
    if (f.declined && die - d >= 1 && (((keeps > 0 ? f.sums : 0) | (keeps < f.rest ? f.singles : 0)) >>> (die - d)) & 1) return true;
  }
  return false;
}

/**
 * A hand as bits, for the closed-form answers below (values up to 30): `singles` has bit v for each
 * card of value v, `sums` bit v for each sum of a non-empty subset of cards; and whether a Sum card is in it.
 * Remembered for the hand asked last (a hand lives through many states, and the legal list, the
 * forced end and the tribute checks each ask it of the same one).
 */
export const handBits: (hand: readonly Card[]) => HandBits = lastOf(handBitsNow);

/** What `handBits` answers (shared with the next caller asking of the same hand: read it, never change it). */
export interface HandBits {
  singles: number;
  sums: number;
  sumInHand: boolean;
}

function handBitsNow(hand: readonly Card[]): HandBits {
  let singles = 0;
  let sums = 0;
  let sumInHand = false;
  for (const c of hand) {
    if (c.special === 'SUM') sumInHand = true;
    if (c.value > 30) continue;
    singles |= 1 << c.value;
    sums = (sums | (sums << c.value) | (1 << c.value)) & 0x7fffffff;
  }
  return { singles, sums, sumInHand };
}

/**
 * `tributable` from the hand alone, without the turn search (the legal list asks it of most turns).
 * With no reserve there is no Six-Multiple draw and no exchange, so a
 * tribute of k cards leads to a gift iff the hand pays some target's difference at the die plus k
 * (or at the die, the boost declined where A10 allows), under the Sum Rule when a Sum card is in
 * the hand or left in the counter. Only whether a card is a Sum card matters, so per kind (Sum or
 * not): every size k the selection with it can grow to, its other cards taken from non-Sum ones
 * first (that keeps the Sum Rule longest). With `exact` (an empty reserve) that is the answer.
 * With a reserve a "yes" still holds: draws and exchanges only add to what the hand can do (a
 * draw adds a card, an exchange is never forced), so a tribute the hand alone can follow with a
 * gift stays legal; a "no" may not (a drawn card may pay), so when some kind present is a "no",
 * null: the search answers. Held to `tributableBySearch` by test/games/seledyne/tribute-no-reserve.test.ts.
 */
export function tributableByHand(s: State, t: Turn, exact: boolean): Card[] | null {
  const p = s.players[t.seat]!;
  const chosen = t.selection;
  const { singles, sums, sumInHand } = handBits(p.hand);
  let counterSums = 0;
  let restSums = 0;
  let rest = 0;
  for (const c of p.counter) {
    const sum = c.special === 'SUM';
    if (sum) counterSums++;
    if (chosen.length > 0 && find(chosen, c.id)) continue;
    rest++;
    if (sum) restSums++;
  }
  if (rest === 0) return [];
  const facts: NoReserve = { singles, sums, sumInHand, counterSums, chosenSums: countSpecial(chosen, 'SUM'), rest, restSums, declined: s.options.tributeBoostMode === 'OPTIONAL' };
  const plainOk = rest > restSums && tributeLeads(s, t, facts, false);
  const sumOk = restSums > 0 && tributeLeads(s, t, facts, true);
  if (!exact && ((rest > restSums && !plainOk) || (restSums > 0 && !sumOk))) return null;
  if (!plainOk && !sumOk) return [];
  const out: Card[] = [];
  for (const c of p.counter) if ((c.special === 'SUM' ? sumOk : plainOk) && !(chosen.length > 0 && find(chosen, c.id))) out.push(c);
  return out;
}

/** Whether `bits` has a bit in [lo, hi] (both below 31; lo raised to 1: a difference is at least 1). */
function anyBit(bits: number, lo: number, hi: number): boolean {
  if (lo < 1) lo = 1;
  return lo <= hi && ((bits >>> lo) & ((1 << (hi - lo + 1)) - 1)) !== 0;
}

/**
 * `tributable(s, t).length > 0` at the start of a turn (step open) of a seat whose reserve is empty,
 * without the turn search: the question a forced end asks of nearly every turn late in a stage.
 * With no reserve there is no Six-Multiple draw and no exchange (plan.ts: both need a reserve
 * card), so a tribute of k counter cards leads to a gift iff the hand pays some target's difference
 * at the die plus k (the boost) or at the die (the boost declined, where A10 allows). Under the
 * Sum Rule several cards pay; it holds with a Sum card in hand, or one left in the counter, so the
 * tribute with the fewest Sum cards is the best case: every k below the counter's size when it
 * holds a Sum card. Per target, the differences of k = 1 … K form a range of bits.
 * test/games/seledyne/tribute-no-reserve.test.ts holds it to `tributable` on every such turn of
 * many games and option sets, and on made-up positions.
 */
export function tributeOpenWithoutReserve(s: State, t: Turn): boolean {
  const p = s.players[t.seat]!;
  const counter = p.counter.length;
  if (counter === 0 || (p.hand.length === 0 && !s.options.emptyHandMayTribute)) return false;
  const die = p.die;
  // past the small-number sums (no usual game; defensive: no position found where the answer differs): ask the search
  if (die + counter > 30) return tributable(s, t).length > 0;
  // the hand's single values and subset sums, as bits
  const { singles, sums, sumInHand } = handBits(p.hand);
  // the largest tribute size that keeps the Sum Rule (0: none does)
  const keeps = sumInHand ? counter : hasSpecial(p.counter, 'SUM') ? counter - 1 : 0;
  const declined = s.options.tributeBoostMode === 'OPTIONAL';
  for (let i = 0; i < s.seats; i++) {
    if (i === t.seat) continue;
    const d = s.players[i]!.die;
    // boosted, k = 1 … keeps under the Sum Rule, then k = keeps + 1 … counter on single cards
    if (anyBit(sums, die + 1 - d, die + keeps - d) || anyBit(singles, die + keeps + 1 - d, die + counter - d)) return true;
    // declined: the die as it is, one card tributed (it keeps the Sum Rule when any size does)
    if (declined && anyBit(keeps > 0 ? sums : singles, die - d, die - d)) return true;
  }
  return false;
}

export function tributeProblem(s: State, t: Turn, cardId: string): string | null {
  if (t.step !== 'open' && t.step !== 'select') return 'the tribute comes before every gift';
  if (!find(s.players[t.seat]!.counter, cardId) || find(t.selection, cardId)) return 'tribute a card from your counter';
  if (s.players[t.seat]!.hand.length === 0 && !s.options.emptyHandMayTribute) return 'an empty hand must pass';
  return find(tributable(s, t), cardId) ? null : 'no gift could follow that tribute';
}

export function confirmProblem(s: State, t: Turn, boost: boolean): string | null {
  if (t.step !== 'select' || t.selection.length === 0) return 'no tribute selected';
  if (!boost && s.options.tributeBoostMode === 'MANDATORY') return 'the tribute boost is mandatory';
  const bit = boost ? BOOSTED : UNBOOSTED;
  return confirmsAllowed(s, t, bit) === bit ? null : 'no gift could follow that tribute';
}

/** `confirmsAllowed`'s bits: the confirmation with the boost, and without it. */
export const BOOSTED = 1;
export const UNBOOSTED = 2;

/**
 * Which of the confirmations `asked` of the tribute selected `confirmProblem` allows, as bits
 * (BOOSTED, UNBOOSTED), found in one pass: the legal list of every tribute step asks both, and they
 * share the hand's bits and the planner.
 */
export function confirmsAllowed(s: State, t: Turn, asked = BOOSTED | UNBOOSTED): number {
  if (t.step !== 'select' || t.selection.length === 0) return 0;
  const p = s.players[t.seat]!;
  // the hand alone first: a "yes" holds with a reserve too (see `tributableByHand`), and a "no" is
  // exact when the search could only ask the hand as it is (`handAloneAfter`, asked on first need)
  const small = p.die + p.counter.length <= 30;
  const pays = small ? selectionPays(p, t) : 0;
  let exact: boolean | null = null;
  let out = 0;
  let plan: Planner | null = null;
  for (let bit = BOOSTED; bit <= UNBOOSTED; bit <<= 1) {
    const boost = bit === BOOSTED;
    if ((asked & bit) === 0 || (!boost && s.options.tributeBoostMode === 'MANDATORY')) continue;
    if (small && paysSomeTarget(s, t, pays, boost ? p.die + t.selection.length : p.die)) out |= bit;
    else if (!small || !(exact ??= handAloneAfter(s, t, p))) {
      plan ??= plannerFor(s, t.seat);
      if (plan.tributeOk(t.selection, boost, plan.handMask, t.exchanges)) out |= bit;
    }
  }
  return out;
}

/**
 * Whether, once the selection is tributed, the turn search (plan.ts `tributeOk`) can only ask the
 * hand as it is: no reserve, or no Six-Multiple draw earned and no exchange left (its `draws` then
 * asks `ready`, and `ready` finds no exchange). Then the closed form's "no" is the search's, and the
 * planner is not made: with a reserve it answered about a third of a playout's confirm checks.
 */
function handAloneAfter(s: State, t: Turn, p: Player): boolean {
  if (p.reserve.length === 0) return true;
  if (drawsEarned(s.options.sixMultipleMode, total(t.selection), p.tributedSum) > 0) return false;
  if (p.hand.length === 0) return true;
  // as plan.ts `exchangeOk`: the Exchange cards in hand and left in the counter after the tribute
  if (s.options.exchangeLimit === 'ONCE_PER_TURN' && t.exchanges > 0) return true;
  const held = countSpecial(p.hand, 'EXCHANGE') + countSpecial(p.counter, 'EXCHANGE') - countSpecial(t.selection, 'EXCHANGE');
  return s.options.exchangeLimit === 'ONCE_PER_TURN' ? held === 0 : t.exchanges >= held;
}

/**
 * The planner's `tributeOk` for the selection as it stands from the hand alone, in closed form (see
 * `tributableByHand`): the hand pays some target's difference at the die plus the selection's size
 * (boost) or at the die, under the Sum Rule while a Sum card is in the hand or left in the counter.
 * The planner's answer with an empty reserve; with one, a "yes" is the planner's too. Held to the
 * planner by test/games/seledyne/tribute-no-reserve.test.ts.
 */
export function tributeOkWithoutReserve(s: State, t: Turn, boost: boolean): boolean {
  const p = s.players[t.seat]!;
  return paysSomeTarget(s, t, selectionPays(p, t), boost ? p.die + t.selection.length : p.die);
}

/** What the hand pays once the selection is tributed, as bits of values up to 30: its subset sums under the Sum Rule, else its single values. */
function selectionPays(p: Player, t: Turn): number {
  // the hand's bits as the tribute list just asked them (the same hand: remembered)
  const { singles, sums, sumInHand } = handBits(p.hand);
  return sumInHand || countSpecial(p.counter, 'SUM') > countSpecial(t.selection, 'SUM') ? sums : singles;
}

/** Whether `pays` (bits of values) holds some open target's difference from `effective`. */
function paysSomeTarget(s: State, t: Turn, pays: number, effective: number): boolean {
  for (let i = 0; i < s.seats; i++) {
    if (i === t.seat || t.targets.includes(i)) continue;
    const diff = effective - s.players[i]!.die;
    if (diff >= 1 && ((pays >>> diff) & 1) === 1) return true;
  }
  return false;
}

export function drawProblem(s: State, t: Turn, cardId: string | null): string | null {
  if (t.step !== 'draws') return 'no Six-Multiple draw now';
  if (randomDraws(s.options) !== (cardId === null)) return randomDraws(s.options) ? 'reserve draws are random' : 'choose a reserve card';
  if (cardId !== null && !find(s.players[t.seat]!.reserve, cardId)) return 'draw a card from your reserve';
  const plan = plannerFor(s, t.seat);
  if (!plan.drawStepOk(t.effective, plan.handMask, t.drawsLeft, t.exchanges, cardId)) return 'after a tribute a gift must stay possible';
  return null;
}

export function stopProblem(s: State, t: Turn): string | null {
  if (t.step !== 'draws') return 'no Six-Multiple draw now';
  if (!s.options.sixMultipleDrawsOptional) return 'Six-Multiple draws are mandatory';
  const plan = plannerFor(s, t.seat);
  if (!plan.readyOk(t.effective, plan.handMask, t.exchanges)) return 'after a tribute a gift must stay possible';
  return null;
}

export function passProblem(s: State, t: Turn): string | null {
  if (t.step !== 'open') return t.step === 'gifting' || t.step === 'closing' ? 'end the turn instead' : 'a tribute needs a gift';
  if (!s.options.exchangeWithoutGiftAllowed && t.exchanges > 0) return 'an exchange needs a gift this turn';
  return null;
}

/** Round draw (§3 R1) and Six Rule (§3 R3) card choices: null when draws are random. */
export function reserveChoiceProblem(s: State, seat: number, cardId: string | undefined): string | null {
  const reserve = s.players[seat]!.reserve;
  if (randomDraws(s.options) || reserve.length === 0) return cardId === undefined ? null : randomDraws(s.options) ? 'reserve draws are random' : 'your reserve is empty';
  return find(reserve, cardId) ? null : 'choose a card from your reserve';
}

// ---------------------------------------------------------------- commands

const check = (problem: string | null) => {
  if (problem) illegal(problem);
};

function drawRandom(cards: readonly Card[], rng: Rng): Card | null {
  return cards.length ? pick(cards, rng) : null;
}

export function endTurn(s: State, t: Turn, auto: boolean): E[] {
  const first = firstEndEvent(s, t, auto);
  return first.type === 'TurnEnded' ? [first] : [first, { type: 'TurnEnded', seat: t.seat, gifted: true, auto }];
}

/**
 * The first event of `endTurn`: the last round triggered (a seat that gave its last cards), else the
 * turn's end. A forced end is emitted one event at a time (flow.ts), so it needs no list.
 */
export function firstEndEvent(s: State, t: Turn, auto: boolean): E {
  const p = s.players[t.seat]!;
  const gifted = t.targets.length > 0;
  if (gifted && !s.lastRound && p.hand.length === 0 && p.reserve.length === 0) return { type: 'LastRoundTriggered', seat: t.seat };
  return { type: 'TurnEnded', seat: t.seat, gifted, auto };
}

export function roundDrawResolution(s: State, rng: Rng): E {
  const draws: { seat: number; card: Card | null }[] = [];
  for (let seat = 0; seat < s.seats; seat++) {
    if (!s.eligible[seat]) continue;
    const choice = s.pending[seat];
    if (choice && !choice.draw) continue;
    draws.push({ seat, card: choice?.card ?? drawRandom(s.players[seat]!.reserve, rng) });
  }
  return { type: 'RoundDrawResolved', draws };
}

export function sixResolution(s: State, rng: Rng, seats: number[]): E {
  return {
    type: 'SixRuleResolved',
    results: seats.map((seat) => {
      const choice = s.pending[seat]!;
      const reserve = s.players[seat]!.reserve;
      return { seat, use: choice.draw, card: choice.draw ? (choice.card ?? drawRandom(reserve, rng)) : null };
    }),
  };
}

function turnCommand(s: State, c: Command, seat: number, rng: Rng): E[] {
  ensure(s.phase === 'turn' && s.turn?.seat === seat, 'that move belongs to another phase');
  const t = s.turn;
  const p = s.players[seat]!;
  // a move the legal list of this very state holds passed these checks when it was listed
  const listed = listedNow(s, seat, c);
  switch (c.type) {
    case 'exchange': {
      if (!listed) check(exchangeProblem(s, t, c.give, c.take ?? null));
      const at: ExchangeTime = t.step === 'open' ? 'T0' : t.step === 'ready' ? 'T3' : 'T5';
      const take = c.take ? find(p.reserve, c.take)! : pick(p.reserve, rng);
      return [{ type: 'Exchanged', seat, at, give: find(p.hand, c.give)!, take }];
    }
    case 'tribute':
      if (!listed) check(tributeProblem(s, t, c.card));
      return [{ type: 'TributeSelected', seat, card: find(p.counter, c.card)! }];
    case 'confirmTribute': {
      if (!listed) check(confirmProblem(s, t, c.boost));
      const k = t.selection.length;
      const earned = drawsEarned(s.options.sixMultipleMode, total(t.selection), p.tributedSum);
      return [{ type: 'Tributed', seat, cards: t.selection, boost: c.boost, effectiveDie: p.die + (c.boost ? k : 0), drawsEarned: earned }];
    }
    case 'sixMultipleDraw': {
      if (!listed) check(drawProblem(s, t, c.card ?? null));
      return [{ type: 'SixMultipleDrawn', seat, card: c.card ? find(p.reserve, c.card)! : pick(p.reserve, rng) }];
    }
    case 'stopDrawing':
      if (!listed) check(stopProblem(s, t));
      return [{ type: 'DrawsStopped', seat }];
    case 'gift': {
      if (!listed) check(giftProblem(s, t, c.target, c.cards));
      const cards = c.cards.map((id) => find(p.hand, id)!);
      return [{ type: 'Gifted', seat, target: c.target, cards, difference: t.effective - s.players[c.target]!.die }];
    }
    case 'pass':
      if (!listed) check(passProblem(s, t));
      return endTurn(s, t, false);
    case 'endTurn':
      ensure(t.step === 'gifting' || t.step === 'closing', 'end the turn after a gift (or pass)');
      return endTurn(s, t, false);
    default:
      return illegal('that move belongs to another phase');
  }
}

/** The events of one command (before the automatic steps that follow it, see flow.ts). */
export function command(s: State, c: Command, seat: number, rng: Rng): E[] {
  const o = s.options;
  switch (c.type) {
    case 'roundDraw':
    case 'skipRoundDraw': {
      ensure(s.phase === 'draw' && s.eligible[seat] && s.pending[seat] === null, 'no round draw for you now');
      const draw = c.type === 'roundDraw';
      if (!draw) ensure(!o.roundDrawMandatory, 'the round draw is mandatory');
      else check(reserveChoiceProblem(s, seat, c.card));
      return [{ type: 'RoundDrawChosen', seat, draw, card: draw && c.card ? find(s.players[seat]!.reserve, c.card)! : null }];
    }
    case 'sixRule': {
      ensure(s.phase === 'six' && s.eligible[seat] && s.pending[seat] === null, 'no Six Rule choice for you now');
      if (c.use) check(reserveChoiceProblem(s, seat, c.card));
      else ensure(c.card === undefined, 'no card when declining');
      const card = c.use && c.card ? find(s.players[seat]!.reserve, c.card)! : null;
      const chosen: E = { type: 'SixRuleChosen', seat, use: c.use, card };
      // in turn order a decision is public at once: it is resolved on its own
      return o.sixRuleDecisionMode === 'TURN_ORDER' ? [sixResolution(evolve(s, chosen), rng, [seat])] : [chosen];
    }
    default:
      return turnCommand(s, c, seat, rng);
  }
}
