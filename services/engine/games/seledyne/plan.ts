/**
 * What the rest of a turn can still reach (§4.1, §4.3 "a gift must follow", §A.2).
 *
 * A tribute is only legal if a gift follows in the same turn, and every step after a tribute
 * (Six-Multiple draws, an exchange) must keep a gift reachable. This module answers those
 * questions exactly by a small search over the acting player's own cards (hand ∪ reserve, at
 * most 10, as bitmasks). Random draws and random exchanges (A5) are chance nodes: a step is only
 * offered if a gift stays reachable whatever card comes.
 *
 * It reads only what the acting seat knows: its own hand and reserve, counters and dice.
 * Sections (§) and option ids (A0–A30) cite docs/rules/seledyne.md.
 */
import { total, type Card } from './cards.js';
import { countSpecial } from './state.js';

export interface PlanRules {
  randomDraws: boolean;
  randomExchange: boolean;
  drawsOptional: boolean;
  exchangeOncePerTurn: boolean;
  boostOptional: boolean;
  sixMultipleMode: 'EXACT' | 'FLOOR' | 'CUMULATIVE';
}

export interface PlanFacts {
  rules: PlanRules;
  hand: readonly Card[];
  reserve: readonly Card[];
  counter: readonly Card[];
  /** The player's physical die. */
  die: number;
  /** Physical dice of the seats that may still be targeted this turn. */
  targetDice: readonly number[];
  /** Value the player already tributed this stage (CUMULATIVE). */
  tributedSum: number;
}

const popcount = (m: number) => {
  let n = 0;
  for (; m; m &= m - 1) n++;
  return n;
};
const bits = (m: number) => {
  const out: number[] = [];
  for (; m; m &= m - 1) out.push(m & -m);
  return out;
};

/** Six-Multiple draws earned by a tribute of total `s` (A11). */
export function drawsEarned(mode: PlanRules['sixMultipleMode'], s: number, before: number): number {
  if (mode === 'EXACT') return s >= 6 && s % 6 === 0 ? s / 6 : 0;
  if (mode === 'FLOOR') return Math.floor(s / 6);
  return Math.floor((before + s) / 6) - Math.floor(before / 6);
}

/**
 * The search's memo tables, per planner, each made on first use (a planner is made per state
 * asked, and most use a few of them: every table is garbage after the move).
 */
class Memos {
  /** Found by a scan of their keys, not a map: a planner meets a handful. */
  readonly situations: Situation[] = [];
  #memo: Map<number, boolean> | undefined;
  #sums: Map<number, bigint> | undefined;
  #open: Map<number, boolean> | undefined;
  #feat: Map<number | string, boolean> | undefined;
  #options: Map<number | string, TributeOptions> | undefined;
  get memo() {
    return (this.#memo ??= new Map());
  }
  get sumsMemo() {
    return (this.#sums ??= new Map());
  }
  get openMemo() {
    return (this.#open ??= new Map());
  }
  get featMemo() {
    return (this.#feat ??= new Map());
  }
  get optionsMemo() {
    return (this.#options ??= new Map());
  }
}

interface Situation {
  /** Effective die, Sum Rule and Exchange cards left, as one number (`situation`). */
  key: number;
  /** Some target is below the effective die (a difference to pay exists). */
  any: boolean;
  /** The differences as bits of a number when all are below 31 (as in every usual game), else -1. */
  small: number;
  /** The differences as bits of a BigInt, made only when one is 31 or more. */
  diffs: bigint | null;
  sum: boolean;
  exch: number;
}

export class Planner {
  private readonly own: Card[];
  private readonly values: number[];
  private readonly all: number;
  private readonly sumBits: number;
  private readonly exchBits: number;
  readonly handMask: number;
  private readonly counterSum: number;
  private readonly counterExch: number;
  /** Made on the first search: most planners answer from `giftInReach` alone. */
  private memos: Memos | undefined;
  private inReach: boolean | undefined;

  constructor(readonly facts: PlanFacts) {
    // one loop, no callbacks: a planner is made for most turns that ask the search anything
    const own: Card[] = [];
    const values: number[] = [];
    let sumBits = 0;
    let exchBits = 0;
    for (const c of facts.hand) own.push(c);
    for (const c of facts.reserve) own.push(c);
    for (let i = 0; i < own.length; i++) {
      const c = own[i]!;
      values.push(c.value);
      if (c.special === 'SUM') sumBits |= 1 << i;
      else if (c.special === 'EXCHANGE') exchBits |= 1 << i;
    }
    this.own = own;
    this.values = values;
    this.all = (1 << own.length) - 1;
    this.handMask = (1 << facts.hand.length) - 1;
    this.sumBits = sumBits;
    this.exchBits = exchBits;
    this.counterSum = countSpecial(facts.counter, 'SUM');
    this.counterExch = countSpecial(facts.counter, 'EXCHANGE');
  }

  private get m(): Memos {
    return (this.memos ??= new Memos());
  }

  /** The bit of one of the player's own cards. */
  bit(id: string): number {
    for (let i = 0; i < this.own.length; i++) if (this.own[i]!.id === id) return 1 << i;
    return 0;
  }

  /** Hand mask after moving `give` out and `take` in (either may be null). */
  moved(hand: number, give: string | null, take: string | null): number {
    return (hand & ~(give ? this.bit(give) : 0)) | (take ? this.bit(take) : 0);
  }

  reserveBits(hand: number): number[] {
    return bits(this.all & ~hand);
  }

  private valueOf(bit: number) {
    return this.values[31 - Math.clz32(bit)]!;
  }

  /** Subset sums (one card or more) of the cards in `mask`, as a bitset. */
  private sums(mask: number): bigint {
    if (mask === 0) return 0n;
    const hit = this.m.sumsMemo.get(mask);
    if (hit !== undefined) return hit;
    const low = mask & -mask;
    const rest = this.sums(mask & ~low);
    const v = BigInt(this.valueOf(low));
    const out = rest | (rest << v) | (1n << v);
    this.m.sumsMemo.set(mask, out);
    return out;
  }

  /** `sums` below 31, as bits of one number (no BigInt, and a loop over ten cards costs less than a memo). */
  private smallSums(mask: number): number {
    let sums = 0;
    for (let m = mask; m; m &= m - 1) {
      const v = this.valueOf(m & -m);
      if (v <= 30) sums = (sums | (sums << v) | (1 << v)) & 0x7fffffff;
    }
    return sums;
  }

  private smallSingles(mask: number): number {
    let out = 0;
    for (let m = mask; m; m &= m - 1) {
      const v = this.valueOf(m & -m);
      if (v <= 30) out |= 1 << v;
    }
    return out;
  }

  private singles(mask: number): bigint {
    let out = 0n;
    for (let m = mask; m; m &= m - 1) out |= 1n << BigInt(this.valueOf(m & -m));
    return out;
  }

  /** Differences E − D(T) of every target with D(T) < E. */
  diffs(effective: number): bigint {
    let out = 0n;
    for (const d of this.facts.targetDice) if (d < effective) out |= 1n << BigInt(effective - d);
    return out;
  }

  private situation(effective: number, sumLeft: boolean, exchLeft: number): number {
    const key = (effective * 2 + (sumLeft ? 1 : 0)) * 64 + exchLeft; // exchLeft < 64: one Exchange card per house
    const situations = this.m.situations;
    for (let id = 0; id < situations.length; id++) if (situations[id]!.key === key) return id;
    let small = 0;
    let any = false;
    for (const d of this.facts.targetDice) {
      if (d >= effective) continue;
      any = true;
      if (small !== -1) small = effective - d <= 30 ? small | (1 << (effective - d)) : -1;
    }
    situations.push({ key, any, small, diffs: small === -1 ? this.diffs(effective) : null, sum: sumLeft, exch: exchLeft });
    return situations.length - 1;
  }

  /** Sum Rule active with this hand and counter (§4.5). */
  private sumRule(sit: Situation, hand: number) {
    return sit.sum || (hand & this.sumBits) !== 0;
  }

  private canPay(sit: Situation, hand: number): boolean {
    if (!sit.any) return false;
    if (sit.small !== -1) return ((this.sumRule(sit, hand) ? this.smallSums(hand) : this.smallSingles(hand)) & sit.small) !== 0;
    const payable = this.sumRule(sit, hand) ? this.sums(hand) : this.singles(hand);
    return (payable & sit.diffs!) !== 0n;
  }

  private exchangeOk(sit: Situation, hand: number, used: number): boolean {
    if (hand === 0 || (this.all & ~hand) === 0) return false;
    const held = sit.exch + popcount(hand & this.exchBits);
    return this.facts.rules.exchangeOncePerTurn ? used === 0 && held > 0 : used < held;
  }

  /**
   * ∃ hand card (∃ or, when random, ∀ reserve card): the hand after the swap is `ready` (to: null)
   * or `openOk` (to: 'open') with one exchange more. Loops, not callbacks: the search's inner step.
   */
  private someExchange(hand: number, used: number, sitId: number, open: boolean): boolean {
    const reserve = this.all & ~hand;
    const every = this.facts.rules.randomExchange;
    for (let gives = hand; gives; gives &= gives - 1) {
      const give = gives & -gives;
      let ok = every;
      for (let takes = reserve; takes; takes &= takes - 1) {
        const h = (hand & ~give) | (takes & -takes);
        const r = open ? this.openOk(h, used + 1) : this.ready(sitId, h, used + 1);
        if (r !== every) {
          ok = r;
          break;
        }
      }
      if (ok) return true;
    }
    return false;
  }

  private ready(sitId: number, hand: number, used: number): boolean {
    const sit = this.m.situations[sitId]!;
    // a gift now, or none and no exchange left, answers without the memo (bit tests cost less than
    // a look-up, and most questions end here); only the exchange search is remembered
    if (this.canPay(sit, hand)) return true;
    if (!this.exchangeOk(sit, hand, used)) return false;
    const key = ((sitId * 64 + used) * 32 + 31) * 1024 + hand;
    const hit = this.m.memo.get(key);
    if (hit !== undefined) return hit;
    const out = this.someExchange(hand, used, sitId, false);
    this.m.memo.set(key, out);
    return out;
  }

  private draws(sitId: number, hand: number, d: number, used: number): boolean {
    const reserve = this.all & ~hand;
    if (d <= 0 || reserve === 0) return this.ready(sitId, hand, used);
    d = Math.min(d, popcount(reserve));
    const key = ((sitId * 64 + used) * 32 + d) * 1024 + hand;
    const hit = this.m.memo.get(key);
    if (hit !== undefined) return hit;
    let out = this.facts.rules.drawsOptional && this.ready(sitId, hand, used);
    if (!out) {
      // some reserve card (random draws: every one) keeps a gift in reach
      const every = this.facts.rules.randomDraws;
      out = every;
      for (let rs = reserve; rs; rs &= rs - 1)
        if (this.draws(sitId, hand | (rs & -rs), d - 1, used) !== every) {
          out = !every;
          break;
        }
    }
    this.m.memo.set(key, out);
    return out;
  }

  /** After a tribute (step ready): a gift is reachable with this hand (exchanges included). */
  readyOk(effective: number, hand: number, used: number): boolean {
    return this.ready(this.situation(effective, this.counterSum > 0, this.counterExch), hand, used);
  }

  /** During the Six-Multiple draws: a gift is reachable with `d` draws left. */
  drawsOk(effective: number, hand: number, d: number, used: number): boolean {
    return this.draws(this.situation(effective, this.counterSum > 0, this.counterExch), hand, d, used);
  }

  /** Draw outcomes for one step of the draws: each reserve card (random draws: all must be fine). */
  drawStepOk(effective: number, hand: number, d: number, used: number, card: string | null): boolean {
    if (card !== null) return this.drawsOk(effective, hand | this.bit(card), d - 1, used);
    return this.reserveBits(hand).every((r) => this.drawsOk(effective, hand | r, d - 1, used));
  }

  /** An exchange step (random take: every outcome must be fine) keeps a gift reachable. */
  exchangeStepOk(effective: number, hand: number, used: number, give: string, take: string | null): boolean {
    return this.exchangeStepOkBits(effective, hand, used, this.bit(give), take === null ? null : this.bit(take));
  }

  /** `exchangeStepOk` by the cards' bits (the legal list knows them by place: hand, then reserve; no look-up by id). */
  exchangeStepOkBits(effective: number, hand: number, used: number, give: number, take: number | null): boolean {
    const h = hand & ~give;
    if (take !== null) return this.readyOk(effective, h | take, used + 1);
    return this.reserveBits(hand).every((r) => this.readyOk(effective, h | r, used + 1));
  }

  /** Features of a tribute set: feasibility depends only on these (§A.2). */
  private feasible(k: number, s: number, sumOut: number, exchOut: number, hand: number, used: number, boost: boolean | null): boolean {
    // a number when every part is in its range (as in any real game), else a string
    const inRange = k < 64 && s < 2048 && sumOut < 8 && exchOut < 8 && used < 64;
    const key = inRange ? (((((k * 2048 + s) * 8 + sumOut) * 8 + exchOut) * 1024 + hand) * 64 + used) * 3 + (boost === null ? 2 : boost ? 1 : 0) : `${k}|${s}|${sumOut}|${exchOut}|${hand}|${used}|${boost}`;
    const hit = this.m.featMemo.get(key);
    if (hit !== undefined) return hit;
    const earned = drawsEarned(this.facts.rules.sixMultipleMode, s, this.facts.tributedSum);
    // with the boost (when taken or free to take), then without (when declined or free to decline)
    const out =
      (boost !== false && this.boosted(k, sumOut, exchOut, hand, used, earned, true)) ||
      (boost === false || (boost === null && this.facts.rules.boostOptional) ? this.boosted(k, sumOut, exchOut, hand, used, earned, false) : false);
    this.m.featMemo.set(key, out);
    return out;
  }

  private boosted(k: number, sumOut: number, exchOut: number, hand: number, used: number, earned: number, b: boolean): boolean {
    const sit = this.situation(this.facts.die + (b ? k : 0), this.counterSum - sumOut > 0, this.counterExch - exchOut);
    return this.m.situations[sit]!.any && this.draws(sit, hand, earned, used);
  }

  /** A tribute of exactly `cards` with this boost choice leaves a gift reachable. */
  tributeOk(cards: readonly Card[], boost: boolean, hand: number = this.handMask, used = 0): boolean {
    const s = cards.reduce((t, c) => t + c.value, 0);
    return cards.length > 0 && this.feasible(cards.length, s, countSpecial(cards, 'SUM'), countSpecial(cards, 'EXCHANGE'), hand, used, boost);
  }

  /**
   * The kinds of counter card (`kindOf`: value and symbol, all alike for this search) that can be
   * added to `base` on the way to a tribute that leaves a gift reachable; `exists` when `base`
   * itself can be completed. One search over the counter grouped by kind, memoised on (group,
   * count, sum, specials).
   */
  tributeOptions(base: readonly Card[], hand: number = this.handMask, used = 0): TributeOptions {
    if (!this.giftInReach()) return NONE;
    // a number for the usual empty base (no string built), else the base's ids
    const memoKey = base.length === 0 ? hand * 64 + used : `${base.map((c) => c.id).join()}|${hand}|${used}`;
    const hit = this.m.optionsMemo.get(memoKey);
    if (hit) return hit;
    const list: KindGroup[] = [];
    for (const c of this.facts.counter) {
      if (base.length > 0 && findIn(base, c.id)) continue;
      const kind = kindOf(c);
      let g: KindGroup | undefined;
      for (const x of list) if (x.kind === kind) g = x;
      if (g) g.n++;
      else list.push({ kind, value: c.value, special: c.special, n: 1 });
    }
    // the sum only matters for Six-Multiple draws: beyond the reserve size they are all alike,
    // and with an empty reserve there are none
    const reserve = popcount(this.all & ~hand);
    const search: KindSearch = { list, hand, used, noReserve: reserve === 0, cap: 6 * (reserve + 2), memo: new Map() };
    const found = this.kinds(search, 0, base.length, normSum(search, total(base)), countSpecial(base, 'SUM'), countSpecial(base, 'EXCHANGE'));
    const kinds: number[] = [];
    for (let i = 0; i < list.length; i++) if (found & (2 ** (i + 1))) kinds.push(list[i]!.kind);
    const result = { exists: (found & 1) === 1, kinds };
    this.m.optionsMemo.set(memoKey, result);
    return result;
  }

  /** Per node of the search over kinds: bit 0 = a feasible completion exists; bit i+1 = group i can be part of one. */
  private kinds(q: KindSearch, i: number, k: number, s: number, sumOut: number, exchOut: number): number {
    if (i === q.list.length) return k > 0 && this.feasible(k, s, sumOut, exchOut, q.hand, q.used, null) ? 1 : 0;
    const key = (((i * 128 + k) * 128 + s) * 8 + Math.min(sumOut, 7)) * 8 + Math.min(exchOut, 7);
    const known = q.memo.get(key);
    if (known !== undefined) return known;
    const g = q.list[i]!;
    let out = 0;
    for (let n = 0; n <= g.n; n++) {
      const child = this.kinds(q, i + 1, k + n, normSum(q, s + n * g.value), sumOut + (g.special === 'SUM' ? n : 0), exchOut + (g.special === 'EXCHANGE' ? n : 0));
      out |= child;
      if (n > 0 && child & 1) out |= 2 ** (i + 1);
    }
    q.memo.set(key, out);
    return out;
  }

  private giftInReach(): boolean {
    const { hand, reserve, die, counter, targetDice } = this.facts;
    return (this.inReach ??= giftInReach(hand, reserve, die, counter.length, targetDice));
  }

  /** Some tribute containing `base` (any more counter cards) leaves a gift reachable. */
  tributeExtendable(base: readonly Card[], hand: number = this.handMask, used = 0): boolean {
    return this.tributeOptions(base, hand, used).exists;
  }

  /** From the start of the turn: some gift is reachable (exchange, tribute, draws, exchange, gift). */
  openOk(hand: number = this.handMask, used = 0): boolean {
    const key = used * 1024 + hand;
    const hit = this.m.openMemo.get(key);
    if (hit !== undefined) return hit;
    this.m.openMemo.set(key, false);
    const full = this.situation(this.facts.die, this.counterSum > 0, this.counterExch);
    const out =
      this.ready(full, hand, used) ||
      this.tributeExtendable([], hand, used) ||
      (this.exchangeOk(this.m.situations[full]!, hand, used) && this.someExchange(hand, used, full, true));
    this.m.openMemo.set(key, out);
    return out;
  }

  /** `openOk` after an exchange at the start of the turn (A16 = false needs a gift to follow). */
  openExchangeOk(hand: number, used: number, give: string, take: string | null): boolean {
    return this.openExchangeOkBits(hand, used, this.bit(give), take === null ? null : this.bit(take));
  }

  /** `openExchangeOk` by the cards' bits (see `exchangeStepOkBits`). */
  openExchangeOkBits(hand: number, used: number, give: number, take: number | null): boolean {
    const h = hand & ~give;
    if (take !== null) return this.openOk(h | take, used + 1);
    return this.reserveBits(hand).every((r) => this.openOk(h | r, used + 1));
  }
}

/**
 * Whether any gift at all is in reach through a tribute: some target with a die below an
 * effective die the boost can make (at most the die plus the whole counter) and a difference
 * that some of the player's own cards (hand and reserve, after any draw or exchange) add up to.
 * When not, no tribute search can succeed, and none is run (nor a planner made: rules.ts
 * `tributable` asks this first): the late rounds of a stage, where most turns end by themselves,
 * ask this for every turn.
 */
export function giftInReach(hand: readonly Card[], reserve: readonly Card[], die: number, counterSize: number, targetDice: readonly number[]): boolean {
  const top = die + counterSize;
  if (top < 31) {
    // subset sums as bits of one number: the usual case, and no allocation
    let reach = 1;
    for (const c of hand) if (c.value <= top) reach |= reach << c.value;
    for (const c of reserve) if (c.value <= top) reach |= reach << c.value;
    for (const d of targetDice) for (let e = Math.max(die, d + 1); e <= top; e++) if (((reach >>> (e - d)) & 1) === 1) return true;
    return false;
  }
  const reach: boolean[] = [true];
  for (const c of [...hand, ...reserve]) for (let x = top; x >= c.value; x--) if (reach[x - c.value]) reach[x] = true;
  for (const d of targetDice) for (let e = Math.max(die, d + 1); e <= top; e++) if (reach[e - d] === true) return true;
  return false;
}

/** What `tributeOptions` answers: whether the base can be completed, and the kinds (`kindOf`) that may join it. */
export interface TributeOptions {
  exists: boolean;
  kinds: readonly number[];
}

const NONE: TributeOptions = Object.freeze({ exists: false, kinds: Object.freeze([]) as readonly number[] });

/** Counter cards alike for the search: same value and symbol (a number: no string per card). */
export const kindOf = (c: Card): number => c.value * 4 + (c.special === 'SUM' ? 1 : c.special === 'EXCHANGE' ? 2 : 0);

interface KindGroup {
  kind: number;
  value: number;
  special: Card['special'];
  n: number;
}

/** One search of `tributeOptions`: its groups, the turn's hand and exchanges, and its memo. */
interface KindSearch {
  list: KindGroup[];
  hand: number;
  used: number;
  noReserve: boolean;
  cap: number;
  memo: Map<number, number>;
}

/** A tribute's sum as the draws see it: beyond the reserve size all alike, and nothing with no reserve. */
const normSum = (q: KindSearch, s: number) => (q.noReserve ? 0 : s < q.cap ? s : q.cap + (s % 6));

const findIn = (cards: readonly Card[], id: string) => {
  for (const c of cards) if (c.id === id) return true;
  return false;
};

