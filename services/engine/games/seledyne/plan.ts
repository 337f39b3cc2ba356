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
import type { Card } from './cards.js';
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

/** The search's memo tables, per planner. */
class Memos {
  readonly sumsMemo = new Map<number, bigint>();
  readonly situations: Situation[] = [];
  readonly situationIds = new Map<number, number>();
  readonly memo = new Map<number, boolean>();
  readonly openMemo = new Map<number, boolean>();
  readonly featMemo = new Map<number | string, boolean>();
  readonly optionsMemo = new Map<string, { exists: boolean; kinds: ReadonlySet<string> }>();
}

interface Situation {
  diffs: bigint;
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
    this.own = [...facts.hand, ...facts.reserve];
    this.values = this.own.map((c) => c.value);
    this.all = (1 << this.own.length) - 1;
    this.handMask = (1 << facts.hand.length) - 1;
    this.sumBits = this.maskWhere((c) => c.special === 'SUM');
    this.exchBits = this.maskWhere((c) => c.special === 'EXCHANGE');
    this.counterSum = countSpecial(facts.counter, 'SUM');
    this.counterExch = countSpecial(facts.counter, 'EXCHANGE');
  }

  private get m(): Memos {
    return (this.memos ??= new Memos());
  }

  private maskWhere(f: (c: Card) => boolean) {
    return this.own.reduce((m, c, i) => (f(c) ? m | (1 << i) : m), 0);
  }

  /** The bit of one of the player's own cards. */
  bit(id: string): number {
    const i = this.own.findIndex((c) => c.id === id);
    return i < 0 ? 0 : 1 << i;
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

  private singles(mask: number): bigint {
    let out = 0n;
    for (const b of bits(mask)) out |= 1n << BigInt(this.valueOf(b));
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
    let id = this.m.situationIds.get(key);
    if (id === undefined) {
      id = this.m.situations.length;
      this.m.situations.push({ diffs: this.diffs(effective), sum: sumLeft, exch: exchLeft });
      this.m.situationIds.set(key, id);
    }
    return id;
  }

  /** Sum Rule active with this hand and counter (§4.5). */
  private sumRule(sit: Situation, hand: number) {
    return sit.sum || (hand & this.sumBits) !== 0;
  }

  private canPay(sit: Situation, hand: number): boolean {
    if (sit.diffs === 0n) return false;
    const payable = this.sumRule(sit, hand) ? this.sums(hand) : this.singles(hand);
    return (payable & sit.diffs) !== 0n;
  }

  private exchangeOk(sit: Situation, hand: number, used: number): boolean {
    if (hand === 0 || (this.all & ~hand) === 0) return false;
    const held = sit.exch + popcount(hand & this.exchBits);
    return this.facts.rules.exchangeOncePerTurn ? used === 0 && held > 0 : used < held;
  }

  /** ∃ hand card (∃ or, when random, ∀ reserve card): f(hand after the swap). */
  private someExchange(hand: number, f: (h: number) => boolean): boolean {
    const reserve = bits(this.all & ~hand);
    const quantifier = this.facts.rules.randomExchange ? 'every' : 'some';
    return bits(hand).some((give) => reserve[quantifier]((take) => f((hand & ~give) | take)));
  }

  private ready(sitId: number, hand: number, used: number): boolean {
    const key = ((sitId * 64 + used) * 32 + 31) * 1024 + hand;
    const hit = this.m.memo.get(key);
    if (hit !== undefined) return hit;
    const sit = this.m.situations[sitId]!;
    const out = this.canPay(sit, hand) || (this.exchangeOk(sit, hand, used) && this.someExchange(hand, (h) => this.ready(sitId, h, used + 1)));
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
    const stop = this.facts.rules.drawsOptional && this.ready(sitId, hand, used);
    const quantifier = this.facts.rules.randomDraws ? 'every' : 'some';
    const out = stop || bits(reserve)[quantifier]((r) => this.draws(sitId, hand | r, d - 1, used));
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
    const h = hand & ~this.bit(give);
    if (take !== null) return this.readyOk(effective, h | this.bit(take), used + 1);
    return this.reserveBits(hand).every((r) => this.readyOk(effective, h | r, used + 1));
  }

  /** Features of a tribute set: feasibility depends only on these (§A.2). */
  private feasible(k: number, s: number, sumOut: number, exchOut: number, hand: number, used: number, boost: boolean | null): boolean {
    // a number when every part is in its range (as in any real game), else a string
    const inRange = k < 64 && s < 2048 && sumOut < 8 && exchOut < 8 && used < 64;
    const key = inRange ? (((((k * 2048 + s) * 8 + sumOut) * 8 + exchOut) * 1024 + hand) * 64 + used) * 3 + (boost === null ? 2 : boost ? 1 : 0) : `${k}|${s}|${sumOut}|${exchOut}|${hand}|${used}|${boost}`;
    const hit = this.m.featMemo.get(key);
    if (hit !== undefined) return hit;
    const boosts = boost !== null ? [boost] : this.facts.rules.boostOptional ? [true, false] : [true];
    const earned = drawsEarned(this.facts.rules.sixMultipleMode, s, this.facts.tributedSum);
    const out = boosts.some((b) => {
      const sit = this.situation(this.facts.die + (b ? k : 0), this.counterSum - sumOut > 0, this.counterExch - exchOut);
      return this.m.situations[sit]!.diffs !== 0n && this.draws(sit, hand, earned, used);
    });
    this.m.featMemo.set(key, out);
    return out;
  }

  /** A tribute of exactly `cards` with this boost choice leaves a gift reachable. */
  tributeOk(cards: readonly Card[], boost: boolean, hand: number = this.handMask, used = 0): boolean {
    const s = cards.reduce((t, c) => t + c.value, 0);
    return cards.length > 0 && this.feasible(cards.length, s, countSpecial(cards, 'SUM'), countSpecial(cards, 'EXCHANGE'), hand, used, boost);
  }

  /**
   * The kinds of counter card (`value|special`, all alike for this search) that can be added to
   * `base` on the way to a tribute that leaves a gift reachable; `exists` when `base` itself can be
   * completed. One search over the counter grouped by kind, memoised on (group, count, sum, specials).
   */
  tributeOptions(base: readonly Card[], hand: number = this.handMask, used = 0): { exists: boolean; kinds: ReadonlySet<string> } {
    if (!this.giftInReach()) return NONE;
    const memoKey = `${base.map((c) => c.id).join()}|${hand}|${used}`;
    const hit = this.m.optionsMemo.get(memoKey);
    if (hit) return hit;
    const taken = new Set(base.map((c) => c.id));
    const groups = new Map<string, { value: number; special: Card['special']; n: number }>();
    for (const c of this.facts.counter) {
      if (taken.has(c.id)) continue;
      const key = kindOf(c);
      const g = groups.get(key);
      if (g) g.n++;
      else groups.set(key, { value: c.value, special: c.special, n: 1 });
    }
    const keys = [...groups.keys()];
    const list = [...groups.values()];
    // the sum only matters for Six-Multiple draws: beyond the reserve size they are all alike,
    // and with an empty reserve there are none
    const reserve = popcount(this.all & ~hand);
    const cap = 6 * (reserve + 2);
    const norm = reserve === 0 ? () => 0 : (s: number) => (s < cap ? s : cap + (s % 6));
    // per node: bit 0 = a feasible completion exists; bit i+1 = group i can be part of one
    const memo = new Map<number, number>();
    const search = (i: number, k: number, s: number, sumOut: number, exchOut: number): number => {
      if (i === list.length) return k > 0 && this.feasible(k, s, sumOut, exchOut, hand, used, null) ? 1 : 0;
      const key = (((i * 128 + k) * 128 + s) * 8 + Math.min(sumOut, 7)) * 8 + Math.min(exchOut, 7);
      const known = memo.get(key);
      if (known !== undefined) return known;
      const g = list[i]!;
      let out = 0;
      for (let n = 0; n <= g.n; n++) {
        const child = search(i + 1, k + n, norm(s + n * g.value), sumOut + (g.special === 'SUM' ? n : 0), exchOut + (g.special === 'EXCHANGE' ? n : 0));
        out |= child;
        if (n > 0 && child & 1) out |= 2 ** (i + 1);
      }
      memo.set(key, out);
      return out;
    };
    const found = search(0, base.length, norm(base.reduce((t, c) => t + c.value, 0)), countSpecial(base, 'SUM'), countSpecial(base, 'EXCHANGE'));
    const result = { exists: (found & 1) === 1, kinds: new Set(keys.filter((_, i) => found & (2 ** (i + 1)))) };
    this.m.optionsMemo.set(memoKey, result);
    return result;
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
      (this.exchangeOk(this.m.situations[full]!, hand, used) && this.someExchange(hand, (h) => this.openOk(h, used + 1)));
    this.m.openMemo.set(key, out);
    return out;
  }

  /** `openOk` after an exchange at the start of the turn (A16 = false needs a gift to follow). */
  openExchangeOk(hand: number, used: number, give: string, take: string | null): boolean {
    const h = hand & ~this.bit(give);
    if (take !== null) return this.openOk(h | this.bit(take), used + 1);
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

const NONE: { exists: boolean; kinds: ReadonlySet<string> } = Object.freeze({ exists: false, kinds: new Set<string>() });

/** Counter cards alike for the search: same value and symbol. */
export const kindOf = (c: Card) => `${c.value}|${c.special}`;

