/**
 * decide and start: a command's events, then every automatic step that follows — the deal, the
 * roll, resolutions of simultaneous choices, forced passes, round and stage ends, scoring. All
 * randomness is drawn here (from `rng`) and written into the events.
 *
 * A step is automatic only when public facts settle it: an empty hand with no tribute leading to a
 * gift must pass (§7.1 (2), A30); with an empty reserve the hand is the publicly known set of
 * unplayed cards (A26), so a turn whose only legal move is to pass or end is played for the seat; a
 * single reserve card is the forced round draw.
 * Sections (§) and option ids (A0–A30) cite docs/rules/seledyne.md.
 */
import { Emitter, shuffle, type Rng } from '../../core/index.js';
import type { Card } from './cards.js';
import type { Command } from './commands.js';
import type { SeledyneEvent } from './events.js';
import { evolve } from './evolve.js';
import { anyGift } from './legal.js';
import { command, firstEndEvent, handBits, passProblem, plannerFor, roundDrawResolution, sixResolution, tributable, tributeOpenWithoutReserve } from './rules.js';
import { stageEnded } from './scoring.js';
import { deckOf, hasSpecial, newTurn, randomDraws, sixFace, type State, type Turn } from './state.js';
import type { RoundsRolled } from './rounds.js';

type E = SeledyneEvent;

/** A deck's cards by value (then id, ids being unique) and each card's place in that order, by its place in the deck: made once per deck. */
const sortedDecks = new WeakMap<readonly Card[], { sorted: readonly Card[]; rank: readonly number[] }>();
function sortedDeck(deck: readonly Card[]): { sorted: readonly Card[]; rank: readonly number[] } {
  let d = sortedDecks.get(deck);
  if (!d) {
    const sorted = deck.slice().sort((a, b) => a.value - b.value || (a.id < b.id ? -1 : 1));
    sortedDecks.set(deck, (d = { sorted, rank: deck.map((c) => sorted.indexOf(c)) }));
  }
  return d;
}

/** 0 … n-1 (a loop: a deal for every seat of every stage). */
function places(n: number): number[] {
  const out = new Array<number>(n);
  for (let i = 0; i < n; i++) out[i] = i;
  return out;
}

/**
 * Each house's deck shuffled, the first `initialHandSize` cards to the hand and the rest to the
 * reserve, each sorted by value. The deck's places are shuffled rather than its cards (the same
 * draws: Fisher–Yates draws by length alone), and the sort is a walk of the deck's sorted order
 * (a deal ends every playout that reaches a stage's end).
 */
function deal(s: State, rng: Rng): E {
  const o = s.options;
  const stage = s.stage + 1;
  const startSeat = s.stage === 0 ? (o.firstStartPlayer === 'RANDOM' ? rng.int(s.seats) : o.designatedStartSeat) : s.startSeat;
  const hands: Card[][] = [];
  const reserves: Card[][] = [];
  for (const p of s.players) {
    const { sorted, rank } = sortedDeck(deckOf(o, p.house));
    const order = shuffle(places(sorted.length), rng);
    let held = 0;
    for (let i = 0; i < o.initialHandSize && i < order.length; i++) held |= 1 << rank[order[i]!]!;
    const hand: Card[] = [];
    const reserve: Card[] = [];
    for (let r = 0; r < sorted.length; r++) ((held >>> r) & 1 ? hand : reserve).push(sorted[r]!);
    hands.push(hand);
    reserves.push(reserve);
  }
  return { type: 'StageStarted', stage, startSeat, hands, reserves };
}

/** §5.2 A23: no card of any player can ever pay a difference again. */
export function deadlocked(s: State): boolean {
  for (const p of s.players) {
    const most = s.options.dieFaces - 1 + p.counter.length;
    for (const c of p.hand) if (c.value <= most) return false;
    for (const c of p.reserve) if (c.value <= most) return false;
  }
  return true;
}

/** A17 NO_LEGAL_GIFT: no player can reach a gift in their own turn (an empty hand only through a tribute, A30). */
export function noReachableGift(s: State): boolean {
  const between: State = { ...s, turn: null };
  return s.players.every((p, seat) => (p.hand.length === 0 && !s.options.emptyHandMayTribute) || !plannerFor(between, seat).openOk());
}

/**
 * The turn can only end, and public facts show it. An empty hand: its reserve is the rest of the
 * house, known to all (A26), so whether a tribute leads to a gift (A30) is public too. An empty
 * reserve: the hand is the known rest.
 */
function forcedEnd(s: State, t: Turn = s.turn!): boolean {
  const p = s.players[t.seat]!;
  if (t.step !== 'open' && t.step !== 'gifting' && t.step !== 'closing') return false;
  if (p.hand.length === 0) return t.step !== 'open' || tributable(s, t).length === 0;
  if (p.reserve.length > 0) return false;
  // no reserve: no exchange and no draw; what is left is a gift, or a tribute leading to one
  if (anyGift(s, t)) return false;
  if (t.step === 'open') return passProblem(s, t) === null && !tributeOpenWithoutReserve(s, t);
  return true;
}

function chosenBy(s: State): boolean {
  for (let i = 0; i < s.seats; i++) if (s.eligible[i] && s.pending[i] === null) return false;
  return true;
}

function reservesEmpty(s: State): boolean {
  for (const p of s.players) if (p.reserve.length > 0) return false;
  return true;
}

/** A die per seat, in seat order (a loop, no callback: a roll begins every round, and a run of rounds rolls many). */
function roll(s: State, rng: Rng): number[] {
  const faces = s.options.dieFaces;
  const out = new Array<number>(s.players.length);
  for (let i = 0; i < out.length; i++) out[i] = 1 + rng.int(faces);
  return out;
}

/**
 * What a seat's forced-end question reads while only the dice change (every reserve empty, no
 * gift, so hands and counters stay): the leads x = its die − a target's die (−(faces − 1) …
 * faces − 1) at which it reaches a gift, as bit (faces − 1 − x) of one number, made once per run
 * from the hand's bits as `anyGift` and `tributeOpenWithoutReserve` compute them per turn. A row
 * of dice then asks each seat one mask test instead of a loop over its targets (a run rolls four
 * or five rows, each asking every seat). 0 for an empty hand with an empty reserve: it always ends
 * its turn (no gift, and no tribute can lead to one).
 */
type Quiet = number;

/** Each seat's `Quiet`, or null when a die plus a counter could pass the small-number bits (then each turn asks `forcedEnd`). */
function quietSeats(s: State): Quiet[] | null {
  const faces = s.options.dieFaces;
  const out: Quiet[] = [];
  for (const p of s.players) {
    if (p.counter.length + faces > 30) return null;
    const { singles, sums, sumInHand } = handBits(p.hand);
    const sumInCounter = hasSpecial(p.counter, 'SUM');
    const counter = p.counter.length;
    // the largest tribute that keeps the Sum Rule (0: none does)
    const keeps = sumInHand ? counter : sumInCounter ? counter - 1 : 0;
    const pays = sumInHand || sumInCounter ? sums : singles;
    let reach = 0;
    if (p.hand.length > 0)
      for (let x = 1 - faces; x < faces; x++) {
        // a gift now, or a tribute of k = 1 … counter cards raising the die by k (a declined boost
        // pays the die as it is: the gift already asked)
        const gift = x >= 1 && ((pays >>> x) & 1) === 1;
        if (gift || (counter > 0 && (anyBit(sums, x + 1, x + keeps) || anyBit(singles, x + keeps + 1, x + counter)))) reach |= 1 << (faces - 1 - x);
      }
    out.push(reach);
  }
  return out;
}

/** Whether `bits` has a bit in [lo, hi] (lo raised to 1: a difference is at least 1). */
function anyBit(bits: number, lo: number, hi: number): boolean {
  if (lo < 1) lo = 1;
  return lo <= hi && ((bits >>> lo) & ((1 << (hi - lo + 1)) - 1)) !== 0;
}

/**
 * `forcedEnd` at the open step of a turn with die `die`, from the seat's `Quiet`: no other seat's
 * die is at a lead it reaches. `others`: the values the other seats rolled, as bits (bit d at
 * d + faces − die lines up with the lead's bit in `reach` shifted by one).
 */
function forcedQuiet(reach: Quiet, die: number, others: number, faces: number): boolean {
  return ((reach << 1) & (others << (faces - die))) === 0;
}

/**
 * The rounds that follow, as one `RoundsRolled` (rounds.ts), from a round's end with every
 * reserve empty outside the last round: the steps the older form took one event at a time, with
 * the same draws from `rng` in the same order (only the dice: with no reserve nobody draws), so
 * the same states. Hands, counters and reserves do not change while turns end unplayed, so each
 * seat's question is asked of numbers made once (`Quiet`), and the deadlock check that let the
 * run begin keeps its answer; the run stops at a turn someone must play, a Six Rule window, or the
 * round cap (the stage end then follows on its own, as before).
 */
function roundsRolled(s: State, rng: Rng): E {
  const o = s.options;
  const seats = s.seats;
  const quiet = quietSeats(s);
  const six = sixFace(o);
  const dice: number[][] = [];
  let at = s;
  let turnsEnded = 0;
  for (;;) {
    const row = roll(s, rng);
    dice.push(row);
    if (dice.length > 100_000) throw new Error('seledyne: automatic steps did not settle');
    // a six opens the Six Rule window only without a reserve card to give up where none is needed (A9)
    if (!o.sixRuleRequiresReserveCard && row.includes(six)) {
      turnsEnded = 0;
      break;
    }
    const start = (s.startSeat + dice.length) % seats;
    turnsEnded = 0;
    if (quiet) {
      // the values rolled as bits, and those rolled twice or more (a seat's own value is another's too)
      let rolled = 0;
      let twice = 0;
      for (const d of row) {
        twice |= rolled & (1 << d);
        rolled |= 1 << d;
      }
      while (turnsEnded < seats) {
        const seat = (start + turnsEnded) % seats;
        const die = row[seat]!;
        if (!forcedQuiet(quiet[seat]!, die, rolled & ~((1 << die) & ~twice), o.dieFaces)) break;
        turnsEnded++;
      }
    } else {
      // this round's start and roll as evolve folds them, then each turn as the turn step asks it
      at = evolve(at, { type: 'RoundsRolled', round: at.round + 1, startSeat: (at.startSeat + 1) % seats, dice: [row], turnsEnded: 0 });
      while (turnsEnded < seats && forcedEnd(at, newTurn(at, (start + turnsEnded) % seats))) turnsEnded++;
    }
    if (turnsEnded < seats) break;
    if (o.maxRoundsPerStage !== null && s.round + dice.length >= o.maxRoundsPerStage) break;
  }
  const e: RoundsRolled = { type: 'RoundsRolled', round: s.round + 1, startSeat: (s.startSeat + 1) % seats, dice, turnsEnded };
  return e;
}

/** The seats eligible in the simultaneous step, in seat order. */
function eligibleSeats(s: State): number[] {
  const out: number[] = [];
  for (let i = 0; i < s.seats; i++) if (s.eligible[i]) out.push(i);
  return out;
}

type Step = (s: State, rng: Rng, turnJustEnded: boolean) => E | null;

/**
 * The next automatic event by phase, or null when a seat must act (or the game is over). One
 * function per phase rather than one switch, for the same reason as evolve's handlers: each
 * compiles small and on its own.
 */
const steps: Record<State['phase'], Step> = {
  setup: (s, rng) => deal(s, rng),
  roll: (s, rng) => ({ type: 'Rolled', dice: roll(s, rng) }),
  draw(s, rng) {
    const o = s.options;
    if (randomDraws(o) && o.roundDrawMandatory) return roundDrawResolution(s, rng);
    if (o.roundDrawMandatory && !randomDraws(o))
      for (let seat = 0; seat < s.seats; seat++) {
        const reserve = s.players[seat]!.reserve;
        if (s.eligible[seat] && s.pending[seat] === null && reserve.length === 1) return { type: 'RoundDrawChosen', seat, draw: true, card: reserve[0]! };
      }
    return chosenBy(s) ? roundDrawResolution(s, rng) : null;
  },
  six(s, rng) {
    if (s.options.sixRuleDecisionMode === 'SIMULTANEOUS' && chosenBy(s)) return sixResolution(s, rng, eligibleSeats(s));
    return null;
  },
  turn(s, _rng, turnJustEnded) {
    if (turnJustEnded && s.lastRound && s.options.lastRoundTermination === 'NO_LEGAL_GIFT' && noReachableGift(s)) return stageEnded(s, 'noLegalGift');
    return forcedEnd(s) ? firstEndEvent(s, s.turn!, true) : null;
  },
  roundEnd(s, rng) {
    const o = s.options;
    if (o.deadlockDetection && deadlocked(s)) return stageEnded(s, 'deadlock');
    if (o.maxRoundsPerStage !== null && s.round >= o.maxRoundsPerStage) return stageEnded(s, 'roundCap');
    if (!s.lastRound && reservesEmpty(s)) return roundsRolled(s, rng);
    return { type: 'RoundEnded', round: s.round + 1, startSeat: (s.startSeat + 1) % s.seats };
  },
  stageEnd: (s) => stageEnded(s, s.endReason ?? 'lastRound'),
  over: () => null,
};

const autoStep: Step = (s, rng, turnJustEnded) => steps[s.phase](s, rng, turnJustEnded);

/** Folds `events` onto `s` and appends every automatic event that follows. */
export function advance(s: State, events: E[], rng: Rng): E[] {
  const t = new Emitter(s, evolve).emitAll(events);
  let turnJustEnded = false;
  for (const e of events) if (e.type === 'TurnEnded') turnJustEnded = true;
  for (let guard = 0; guard < 100_000; guard++) {
    const e = autoStep(t.state, rng, turnJustEnded);
    if (!e) return t.events;
    turnJustEnded = e.type === 'TurnEnded';
    t.emitOne(e);
  }
  throw new Error('seledyne: automatic steps did not settle');
}

export function start(s: State, rng: Rng): E[] {
  return advance(s, [], rng);
}

export function decide(s: State, c: Command, seat: number, rng: Rng): E[] {
  return advance(s, command(s, c, seat, rng), rng);
}
