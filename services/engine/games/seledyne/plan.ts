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

interface Situation {
  diffs: bigint;
  sum: boolean;
  exch: number;
}

export class Planner {
  private readonly own: Card[];
  private readonly index = new Map<string, number>();
  private readonly values: number[];
  private readonly all: number;
  private readonly sumBits: number;
  private readonly exchBits: number;
  readonly handMask: number;
  private readonly counterSum: number;
  private readonly counterExch: number;
  private readonly sumsMemo = new Map<number, bigint>();
  private readonly situations: Situation[] = [];
  private readonly situationIds = new Map<string, number>();
  private readonly memo = new Map<number, boolean>();
  private readonly openMemo = new Map<number, boolean>();
  private readonly featMemo = new Map<string, boolean>();
  private readonly optionsMemo = new Map<string, { exists: boolean; kinds: Set<string> }>();

  constructor(readonly facts: PlanFacts) {
    this.own = [...facts.hand, ...facts.reserve];
    this.own.forEach((c, i) => this.index.set(c.id, i));
    this.values = this.own.map((c) => c.value);
    this.all = (1 << this.own.length) - 1;
    this.handMask = (1 << facts.hand.length) - 1;
    this.sumBits = this.maskWhere((c) => c.special === 'SUM');
    this.exchBits = this.maskWhere((c) => c.special === 'EXCHANGE');
    this.counterSum = facts.counter.filter((c) => c.special === 'SUM').length;
    this.counterExch = facts.counter.filter((c) => c.special === 'EXCHANGE').length;
  }

  private maskWhere(f: (c: Card) => boolean) {
    return this.own.reduce((m, c, i) => (f(c) ? m | (1 << i) : m), 0);
  }

  /** The bit of one of the player's own cards. */
  bit(id: string): number {
    const i = this.index.get(id);
    return i === undefined ? 0 : 1 << i;
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
    const hit = this.sumsMemo.get(mask);
    if (hit !== undefined) return hit;
    const low = mask & -mask;
    const rest = this.sums(mask & ~low);
    const v = BigInt(this.valueOf(low));
    const out = rest | (rest << v) | (1n << v);
    this.sumsMemo.set(mask, out);
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
    const key = `${effective}|${sumLeft}|${exchLeft}`;
    let id = this.situationIds.get(key);
    if (id === undefined) {
      id = this.situations.length;
      this.situations.push({ diffs: this.diffs(effective), sum: sumLeft, exch: exchLeft });
      this.situationIds.set(key, id);
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
    const hit = this.memo.get(key);
    if (hit !== undefined) return hit;
    const sit = this.situations[sitId]!;
    const out = this.canPay(sit, hand) || (this.exchangeOk(sit, hand, used) && this.someExchange(hand, (h) => this.ready(sitId, h, used + 1)));
    this.memo.set(key, out);
    return out;
  }

  private draws(sitId: number, hand: number, d: number, used: number): boolean {
    const reserve = this.all & ~hand;
    if (d <= 0 || reserve === 0) return this.ready(sitId, hand, used);
    d = Math.min(d, popcount(reserve));
    const key = ((sitId * 64 + used) * 32 + d) * 1024 + hand;
    const hit = this.memo.get(key);
    if (hit !== undefined) return hit;
    const stop = this.facts.rules.drawsOptional && this.ready(sitId, hand, used);
    const quantifier = this.facts.rules.randomDraws ? 'every' : 'some';
    const out = stop || bits(reserve)[quantifier]((r) => this.draws(sitId, hand | r, d - 1, used));
    this.memo.set(key, out);
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
    const key = `${k}|${s}|${sumOut}|${exchOut}|${hand}|${used}|${boost}`;
    const hit = this.featMemo.get(key);
    if (hit !== undefined) return hit;
    const boosts = boost !== null ? [boost] : this.facts.rules.boostOptional ? [true, false] : [true];
    const earned = drawsEarned(this.facts.rules.sixMultipleMode, s, this.facts.tributedSum);
    const out = boosts.some((b) => {
      const sit = this.situation(this.facts.die + (b ? k : 0), this.counterSum - sumOut > 0, this.counterExch - exchOut);
      return this.situations[sit]!.diffs !== 0n && this.draws(sit, hand, earned, used);
    });
    this.featMemo.set(key, out);
    return out;
  }

  /** A tribute of exactly `cards` with this boost choice leaves a gift reachable. */
  tributeOk(cards: readonly Card[], boost: boolean, hand: number = this.handMask, used = 0): boolean {
    const s = cards.reduce((t, c) => t + c.value, 0);
    return cards.length > 0 && this.feasible(cards.length, s, count(cards, 'SUM'), count(cards, 'EXCHANGE'), hand, used, boost);
  }

  /**
   * The kinds of counter card (`value|special`, all alike for this search) that can be added to
   * `base` on the way to a tribute that leaves a gift reachable; `exists` when `base` itself can be
   * completed. One search over the counter grouped by kind, memoised on (group, count, sum, specials).
   */
  tributeOptions(base: readonly Card[], hand: number = this.handMask, used = 0): { exists: boolean; kinds: Set<string> } {
    const memoKey = `${base.map((c) => c.id).join()}|${hand}|${used}`;
    const hit = this.optionsMemo.get(memoKey);
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
    const found = search(0, base.length, norm(base.reduce((t, c) => t + c.value, 0)), count(base, 'SUM'), count(base, 'EXCHANGE'));
    const result = { exists: (found & 1) === 1, kinds: new Set(keys.filter((_, i) => found & (2 ** (i + 1)))) };
    this.optionsMemo.set(memoKey, result);
    return result;
  }

  /** Some tribute containing `base` (any more counter cards) leaves a gift reachable. */
  tributeExtendable(base: readonly Card[], hand: number = this.handMask, used = 0): boolean {
    return this.tributeOptions(base, hand, used).exists;
  }

  /** From the start of the turn: some gift is reachable (exchange, tribute, draws, exchange, gift). */
  openOk(hand: number = this.handMask, used = 0): boolean {
    const key = used * 1024 + hand;
    const hit = this.openMemo.get(key);
    if (hit !== undefined) return hit;
    this.openMemo.set(key, false);
    const full = this.situation(this.facts.die, this.counterSum > 0, this.counterExch);
    const out =
      this.ready(full, hand, used) ||
      this.tributeExtendable([], hand, used) ||
      (this.exchangeOk(this.situations[full]!, hand, used) && this.someExchange(hand, (h) => this.openOk(h, used + 1)));
    this.openMemo.set(key, out);
    return out;
  }

  /** `openOk` after an exchange at the start of the turn (A16 = false needs a gift to follow). */
  openExchangeOk(hand: number, used: number, give: string, take: string | null): boolean {
    const h = hand & ~this.bit(give);
    if (take !== null) return this.openOk(h | this.bit(take), used + 1);
    return this.reserveBits(hand).every((r) => this.openOk(h | r, used + 1));
  }
}

/** Counter cards alike for the search: same value and symbol. */
export const kindOf = (c: Card) => `${c.value}|${c.special}`;

const count = (cards: readonly Card[], special: Card['special']) => cards.filter((c) => c.special === special).length;
