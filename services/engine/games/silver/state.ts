/**
 * The state (plain JSON). Cards are ids 0..51 (`numberOf(id)` gives the number); per-id arrays
 * hold a card's face, rotation and who knows it (a bit per seat, plus PUBLIC).
 */
import type { SetupContext } from '../../core/index.js';
import { cardDef, EDITIONS, numberOf, type CardDef, type Edition, type Step } from './cards.js';
import type { Options } from './options.js';

/** Knowledge bit meaning "every player has seen it" (§8.2 publicKnown). */
export const PUBLIC = 16;

/** The silver tokens (§5). */
export type TokenKind = 'dagger' | 'coin' | 'amulet' | 'bullet';
export const bit = (seat: number) => 1 << seat;

export type Pending =
  /** A card in hand (drawn, taken, or from the Master): discard it, use its power, or exchange it. */
  | { kind: 'hold'; seat: number; from: 'deck' | 'display' | 'discard' | 'pile'; slid: number[]; must: boolean }
  /** Rascal: several cards drawn, keep one; `display`: the first came from the Squire display (§4.1 #4). */
  | { kind: 'rascal'; seat: number; display?: boolean }
  /** Put the held card into the village: at one of `slots` (row indexes) or, if null, at an end. */
  | { kind: 'place'; seat: number; slots: number[] | null; up: boolean; penalty: boolean }
  /** A power in progress: `steps[i]` waits for a choice. */
  | { kind: 'power'; seat: number; card: number; edition: Edition; steps: Step[]; i: number; own: number | null; selected: number[]; then: 'main' | 'free'; drawn: boolean }
  /** A scoring power that needs a choice (Commander keep, Generous give, apply or decline a Debt Collector or Halfling). */
  | { kind: 'score'; seat: number; op: ScoreStep['op']; position: number | null }
  /** Round start: swap a kept card (Commander) into the new village; `done` = positions a kept card already took. */
  | { kind: 'commander'; seat: number; done?: number[] /* absent in events stored before it existed */ };

export interface Turn {
  seat: number;
  /** The main action has been taken. */
  main: boolean;
  /** A free action (power, token, naming a Bodyguard's card) was taken this turn: no call then (§3.6). */
  free: boolean;
  /** Ids of face-up cards activated this turn. */
  used: number[];
  /** An extra turn given by a 2-player skip. */
  extra: boolean;
  emptyAtStart: boolean;
  upAtStart: number[];
}

export interface ScoreStep {
  seat: number;
  id: number;
  op: 'debt' | 'halve' | 'keep' | 'give';
}

export interface RoundResult {
  round: number;
  reason: 'call' | 'deck' | 'villagers';
  totals: number[];
  roundScores: number[];
  caller: number | null;
  callSucceeded: boolean | null;
}

export interface State {
  seats: number;
  o: Options;
  /** The edition supplying each number 0..13. */
  eds: Edition[];
  token: { kind: TokenKind; holder: number; active: boolean; used: boolean };
  round: number;
  start: number;
  phase: 'setup' | 'commander' | 'peek' | 'play' | 'scoring' | 'over';
  villages: number[][];
  deck: number[];
  discard: number[];
  display: number[];
  box: number[];
  hand: number[];
  /** Cards set aside by a Commander, swapped in at the next round start. */
  kept: number[][];
  keptNext: number[][];
  up: boolean[];
  rot: boolean[];
  known: number[];
  guards: { bg: number; card: number }[];
  /** The card the amulet or the bullet token lies on (§5.1, §5.2). */
  amulet: number | null;
  /** Cards whose face-up power is off (taken from the discard pile, option). */
  dead: number[];
  dir: 1 | -1;
  skip: boolean;
  deckOut: boolean;
  caller: number | null;
  owes: number[];
  peeked: boolean[];
  turn: Turn | null;
  pending: Pending | null;
  endReason: 'call' | 'deck' | 'villagers' | null;
  upBefore: number[];
  /** The scoring powers to resolve, the next one, each seat's adjustment and how often it was halved. */
  scoring: { queue: ScoreStep[]; at: number; adj: number[]; halved: number[] } | null;
  scores: number[];
  history: RoundResult[];
  winners: number[] | null;
}

/** A shallow copy for `evolve`: a literal with every field is far faster than an object spread of this size. */
export function copyState(s: State): State {
  return {
    seats: s.seats,
    o: s.o,
    eds: s.eds,
    token: s.token,
    round: s.round,
    start: s.start,
    phase: s.phase,
    villages: s.villages,
    deck: s.deck,
    discard: s.discard,
    display: s.display,
    box: s.box,
    hand: s.hand,
    kept: s.kept,
    keptNext: s.keptNext,
    up: s.up,
    rot: s.rot,
    known: s.known,
    guards: s.guards,
    amulet: s.amulet,
    dead: s.dead,
    dir: s.dir,
    skip: s.skip,
    deckOut: s.deckOut,
    caller: s.caller,
    owes: s.owes,
    peeked: s.peeked,
    turn: s.turn,
    pending: s.pending,
    endReason: s.endReason,
    upBefore: s.upBefore,
    scoring: s.scoring,
    scores: s.scores,
    history: s.history,
    winners: s.winners,
  };
}

/** Per options object, its editions: a sampled world (search) starts from the setup's options once per playout. */
const EDITIONS_OF = new WeakMap<Options, Edition[]>();

/**
 * One editions array per deck, whatever options object asked: every table built per editions
 * array (card definitions, passives, card and slot views) is then built once per deck, not once
 * per game (each game, and each load of one, parses its own options). A few decks are played;
 * past DECKS_KEPT the list starts again.
 */
const DECKS = new Map<string, Edition[]>();
const DECKS_KEPT = 64;

/** The decks of one base edition and no mix (most games): found without a look at each number. */
const PLAIN = new Map<string, Edition[]>();

function noMix(o: Options): boolean {
  for (const _ in o.mix) return false;
  return true;
}

/** The edition of each number (shared by every state of one deck: it never changes). */
export function editionsFor(o: Options): Edition[] {
  const plain = noMix(o);
  if (plain) {
    const known = PLAIN.get(o.edition);
    if (known) return known;
  }
  let eds = EDITIONS_OF.get(o);
  if (!eds) EDITIONS_OF.set(o, (eds = editionsOf(o)));
  if (plain) PLAIN.set(o.edition, eds);
  return eds;
}

function editionsOf(o: Options): Edition[] {
  const eds: Edition[] = new Array(14);
  for (let n = 0; n < 14; n++) {
    const m = o.mix[String(n)];
    eds[n] = m && (EDITIONS as readonly string[]).includes(m) ? m : o.edition;
  }
  const deck = eds.join();
  const known = DECKS.get(deck);
  if (known) return known;
  if (DECKS.size >= DECKS_KEPT) {
    DECKS.clear();
    PLAIN.clear(); // its arrays are DECKS' own: one array per deck
  }
  DECKS.set(deck, Object.freeze(eds) as Edition[]);
  return eds;
}

/** A row per seat, each empty (a loop: a search's sampled worlds start from an initial state). */
function none(seats: number): number[][] {
  const rows: number[][] = new Array(seats);
  for (let i = 0; i < seats; i++) rows[i] = [];
  return rows;
}

export function initialState({ seats, options }: SetupContext<Options>): State {
  return {
    seats,
    o: options,
    eds: editionsFor(options),
    token: { kind: options.token ?? options.edition, holder: 0, active: false, used: false },
    round: 0,
    start: 0,
    phase: 'setup',
    villages: none(seats),
    deck: [],
    discard: [],
    display: [],
    box: [],
    hand: [],
    kept: none(seats),
    keptNext: none(seats),
    up: Array(52).fill(false),
    rot: Array(52).fill(false),
    known: Array(52).fill(0),
    guards: [],
    amulet: null,
    dead: [],
    dir: 1,
    skip: false,
    deckOut: false,
    caller: null,
    owes: [],
    peeked: Array(seats).fill(false),
    turn: null,
    pending: null,
    endReason: null,
    upBefore: [],
    scoring: null,
    scores: Array(seats).fill(0),
    history: [],
    winners: null,
  };
}

const DEFS = new WeakMap<Edition[], CardDef[]>();
/** The last deck looked up: nearly every call asks about the same game, so the WeakMap is skipped. */
let lastEds: Edition[] | null = null;
let lastDefs: CardDef[] = [];

/** The definitions of card ids 0..51 in this game's deck (cached per deck). */
export function defsOf(s: State): readonly CardDef[] {
  if (s.eds === lastEds) return lastDefs;
  let defs = DEFS.get(s.eds);
  if (!defs) {
    defs = Array.from({ length: 52 }, (_, i) => cardDef(s.eds[numberOf(i)]!, numberOf(i)));
    DEFS.set(s.eds, defs);
  }
  lastEds = s.eds;
  lastDefs = defs;
  return defs;
}

/** The definition of a card id in this game's deck. */
export const defOf = (s: State, id: number): CardDef => defsOf(s)[id]!;

/** A passive/active power of a card works only if its power is known or switched on by its guess option. */
export function powerOn(s: State, d: CardDef): boolean {
  if (d.powerKnown) {
    if (d.edition === 'dagger' && d.number === 5) return s.o.approximatorAnyTwo;
    return true;
  }
  return d.guess ? s.o[d.guess.option] : false;
}

export const knows = (s: State, id: number, seat: number | null) => (s.known[id]! & PUBLIC) !== 0 || (seat !== null && (s.known[id]! & bit(seat)) !== 0);

export const next = (s: State, seat: number, dir: number = s.dir) => (seat + dir + s.seats) % s.seats;
