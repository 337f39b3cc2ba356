/**
 * Seledyne's state (plain JSON) and small pure helpers on it.
 * Sections (§) and option ids (A0–A30) cite docs/rules/seledyne.md.
 */
import type { SetupContext } from '../../core/index.js';
import { HOUSE_IDS, houseCards, type Card, type HouseId } from './cards.js';
import type { StageEndReason, StageScore } from './events.js';
import type { Options } from './options.js';

export interface Player {
  house: HouseId;
  hand: Card[];
  reserve: Card[];
  counter: Card[];
  /** The physical die, D(p); 0 before the first roll. */
  die: number;
  /** Running total after the floor (what the score card shows). */
  total: number;
  /** Running sum without the floor (FINAL_CLAMP, A19). */
  raw: number;
  stageScores: number[];
  /** Sum of the values this player tributed in this stage (CUMULATIVE, A11). */
  tributedSum: number;
  /**
   * Cards everyone knows to be in this hand, deduced from public moves (§6.1): a sum gift shows
   * the giver's Sum card in hand (evolve.ts `knownAfterGift`); an exchange may hide it again.
   * Missing in snapshots stored before it existed: read through `knownInHand()`.
   */
  knownInHand: Card[];
}

const NONE: Card[] = [];
/** A player's publicly known hand cards (a state from an older snapshot has none recorded). */
export const knownInHand = (p: Player): Card[] => p.knownInHand ?? NONE;

export interface IsthamEntry {
  card: Card;
  tributedBy: number;
  stage: number;
  round: number;
}

/**
 * The turn in progress, a sequence of steps (§4.1):
 * open (T0: exchange, start a tribute, gift or pass) → select (T1: building the tribute) →
 * draws (T2: Six-Multiple draws) → ready (T3: exchange, then a gift is required) → gifting (T4: more
 * gifts, an exchange, or end) → closing (T5: an exchange was made after the gifts; only the end of
 * the turn follows, or a further exchange where A14 allows one).
 */
export type Step = 'open' | 'select' | 'draws' | 'ready' | 'gifting' | 'closing';

export interface Turn {
  seat: number;
  step: Step;
  selection: Card[];
  /** Cards tributed this turn (k). */
  tributed: number;
  boost: boolean;
  /** E(A): the die the gifts of this turn use. */
  effective: number;
  drawsLeft: number;
  exchanges: number;
  /** Seats gifted to this turn. */
  targets: number[];
  /** Sum Rule fixed at the first gift (GIFT_STEP_START, A13); null before it. */
  sumActive: boolean | null;
  /**
   * A gift of this turn showed everyone that the Sum Rule covers it: it had several cards, or held
   * the giver's Sum card (in hand at the first gift, A13). Missing in older snapshots: read `?? false`.
   */
  sumShown: boolean;
}

/** A seat's simultaneous choice: draw (or use the Six Rule) or not, and the card chosen. */
export interface Choice {
  draw: boolean;
  card: Card | null;
}

export type Phase = 'setup' | 'roll' | 'draw' | 'six' | 'turn' | 'roundEnd' | 'stageEnd' | 'over';

export interface StageResult {
  stage: number;
  reason: StageEndReason;
  scores: StageScore[];
}

export interface State {
  options: Options;
  seats: number;
  phase: Phase;
  stage: number;
  round: number;
  players: Player[];
  istham: IsthamEntry[];
  startSeat: number;
  current: number | null;
  turnsTaken: number;
  lastRound: boolean;
  triggerSeat: number | null;
  nonGiftStreak: number;
  /** Seats that must still choose in the current simultaneous step (draw, six). */
  eligible: boolean[];
  pending: (Choice | null)[];
  turn: Turn | null;
  /** Why the stage is ending (phase stageEnd). */
  endReason: StageEndReason | null;
  results: StageResult[];
  winners: number[] | null;
}

export function housesOf(o: Options, seats: number): HouseId[] {
  return o.houses.length >= seats ? o.houses.slice(0, seats) : HOUSE_IDS.slice(0, seats);
}

export function initialState({ seats, options }: SetupContext<Options>): State {
  return {
    options,
    seats,
    phase: 'setup',
    stage: 0,
    round: 0,
    players: housesOf(options, seats).map((house) => ({ house, hand: [], reserve: [], counter: [], die: 0, total: 0, raw: 0, stageScores: [], tributedSum: 0, knownInHand: [] })),
    istham: [],
    startSeat: 0,
    current: null,
    turnsTaken: 0,
    lastRound: false,
    triggerSeat: null,
    nonGiftStreak: 0,
    eligible: Array(seats).fill(false),
    pending: Array(seats).fill(null),
    turn: null,
    endReason: null,
    results: [],
    winners: null,
  };
}

/**
 * Copies with a patch. An explicit object literal: V8 copies it an order of magnitude faster than
 * an object spread, and evolve runs for every event of every fold.
 */
export function update(s: State, patch: Partial<State>): State {
  return Object.assign(copyState(s), patch);
}

/** A copy to change field by field (the hottest events: no patch object, no Object.assign). */
export function copyState(s: State): State {
  return {
    options: s.options,
    seats: s.seats,
    phase: s.phase,
    stage: s.stage,
    round: s.round,
    players: s.players,
    istham: s.istham,
    startSeat: s.startSeat,
    current: s.current,
    turnsTaken: s.turnsTaken,
    lastRound: s.lastRound,
    triggerSeat: s.triggerSeat,
    nonGiftStreak: s.nonGiftStreak,
    eligible: s.eligible,
    pending: s.pending,
    turn: s.turn,
    endReason: s.endReason,
    results: s.results,
    winners: s.winners,
  };
}

export function updatePlayer(p: Player, patch: Partial<Player>): Player {
  return Object.assign(copyPlayer(p), patch);
}

export function copyPlayer(p: Player): Player {
  return { house: p.house, hand: p.hand, reserve: p.reserve, counter: p.counter, die: p.die, total: p.total, raw: p.raw, stageScores: p.stageScores, tributedSum: p.tributedSum, knownInHand: p.knownInHand };
}

export function updateTurn(t: Turn, patch: Partial<Turn>): Turn {
  return Object.assign(copyTurn(t), patch);
}

/** A copy of the turn to change field by field (no patch object, no Object.assign). */
export function copyTurn(t: Turn): Turn {
  return {
    seat: t.seat,
    step: t.step,
    selection: t.selection,
    tributed: t.tributed,
    boost: t.boost,
    effective: t.effective,
    drawsLeft: t.drawsLeft,
    exchanges: t.exchanges,
    targets: t.targets,
    sumActive: t.sumActive,
    sumShown: t.sumShown,
  };
}

/**
 * Each house's cards, made once per deck (values and marked cards) and frozen: every deal (and
 * every playout's next stage, every sampled world) reuses the same card objects instead of
 * building ids anew. Kept by the numbers that make the deck and the house, so each game's own
 * parse of its options finds the deck made before. At most `DECKS_KEPT` are kept (custom card
 * values come from the tables' options): past that the list starts again.
 */
const decks = new Map<string, readonly Card[]>();
const DECKS_KEPT = 64 * HOUSE_IDS.length;
export function deckOf(o: Options, house: HouseId): readonly Card[] {
  // by the options object first: a sampled world asks for every seat's deck, and the key below
  // (a join of the card values) cost more than the rest of the look-up
  let byHouse = decksByOptions.get(o);
  if (!byHouse) decksByOptions.set(o, (byHouse = new Map()));
  let cards = byHouse.get(house);
  if (!cards) byHouse.set(house, (cards = deckBySpec(o, house)));
  return cards;
}
const decksByOptions = new WeakMap<Options, Map<HouseId, readonly Card[]>>();

function deckBySpec(o: Options, house: HouseId): readonly Card[] {
  const spec = `${house}/${o.cardValues.join(',')}/${o.exchangeCardValue}/${o.sumCardValue}`;
  let cards = decks.get(spec);
  if (!cards) {
    if (decks.size >= DECKS_KEPT) decks.clear();
    decks.set(spec, (cards = Object.freeze(houseCards(house, o).map((c) => Object.freeze(c)))));
  }
  return cards;
}
export const next = (s: State, seat: number) => (seat + 1) % s.seats;

// Card-list helpers as plain loops: they run for nearly every event and check, and a callback
// that captures its arguments is an allocation per call.

export function without(cards: readonly Card[], ids: readonly string[]): Card[] {
  const out: Card[] = [];
  for (const c of cards) if (!ids.includes(c.id)) out.push(c);
  return out;
}

export function countSpecial(cards: readonly Card[], special: Card['special']): number {
  let n = 0;
  for (const c of cards) if (c.special === special) n++;
  return n;
}

export function hasSpecial(cards: readonly Card[], special: Card['special']): boolean {
  for (const c of cards) if (c.special === special) return true;
  return false;
}

/** The card with this id, if any. */
export function findCard(cards: readonly Card[], id: string | undefined): Card | undefined {
  for (const c of cards) if (c.id === id) return c;
  return undefined;
}
export const newTurn = (s: State, seat: number): Turn => ({
  seat,
  step: 'open',
  selection: [],
  tributed: 0,
  boost: false,
  effective: s.players[seat]!.die,
  drawsLeft: 0,
  exchanges: 0,
  targets: [],
  sumActive: null,
  sumShown: false,
});

/** Top face of the die and what the Six Rule turns it into (A0). */
export const sixFace = (o: Options) => o.dieFaces;
export const randomDraws = (o: Options) => !o.ownerSeesReserve;
export const randomExchange = (o: Options) => !o.ownerSeesReserve || o.exchangeReserveCard === 'RANDOM';
