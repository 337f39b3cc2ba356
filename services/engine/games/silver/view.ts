/** view + redact: what one seat (or a spectator) may know, nothing more. */
import type { Viewer } from '../../core/index.js';
import { cardDef, numberOf, type CardDef, type Edition } from './cards.js';
import type { Event } from './events.js';
import { toMove } from './legal.js';
import { hasPassive, withPassive } from './protect.js';

/** No numbers: one frozen list shared by every view (most turns have none activated, owed, known in the deck …): read-only. */
const NONE: readonly number[] = Object.freeze([]);
import { bit, defsOf, knows, PUBLIC, type Pending, type State } from './state.js';
import { tableFacts, zerosFor, type TableFactsView } from './view-facts.js';

export interface CardView {
  number: number;
  edition: Edition;
  name: string;
  nameFa: string;
  timing: string;
  powerKnown: boolean;
}
export interface SlotView {
  position: number;
  faceUp: boolean;
  rotated: boolean;
  known: boolean;
  publicKnown: boolean;
  card: CardView | null;
  amulet: boolean;
  guarded: boolean;
}
export interface PendingView {
  kind: string;
  seat: number;
  step: string | null;
  prompt: string;
  card: CardView | null;
  slid: number[];
  selected: number[];
  slots: number[] | null;
  ends: boolean;
  faceUp: boolean | null;
  penalty: boolean;
}
export interface SilverView {
  seat: number | null;
  round: number;
  rounds: number;
  phase: string;
  startPlayer: number;
  toMove: number[];
  direction: number;
  editions: string[];
  villages: { seat: number; cards: SlotView[] }[];
  deckCount: number;
  deckKnown: { depth: number; card: CardView }[];
  discard: CardView[];
  display: CardView[];
  boxCount: number;
  hand: (CardView | null)[];
  kept: { seat: number; card: CardView }[];
  keptNext: { seat: number; card: CardView }[];
  token: { kind: string; holder: number; active: boolean; used: boolean; wolfSideUp: boolean };
  caller: number | null;
  finalTurnsOwed: number[];
  deckOut: boolean;
  turn: { seat: number; mainDone: boolean; powerUsed: boolean; extra: boolean; activated: number[] } | null;
  pending: PendingView | null;
  peeked: boolean[];
  scoreAdjustments: number[];
  scores: number[];
  history: { round: number; reason: string; totals: number[]; roundScores: number[]; caller: number | null; callSucceeded: boolean | null }[];
  winners: number[] | null;
  tableFacts: TableFactsView;
}

/** One frozen CardView per card id and deck, shared by every view (a view never changes it). */
const CARD_VIEWS = new WeakMap<readonly CardDef[], readonly CardView[]>();
/** The last deck asked for: nearly every call asks about the same game, so the WeakMap is skipped. */
let lastDefs: readonly CardDef[] | null = null;
let lastViews: readonly CardView[] = [];

function cardViews(s: State): readonly CardView[] {
  const defs = defsOf(s);
  if (defs === lastDefs) return lastViews;
  let views = CARD_VIEWS.get(defs);
  if (!views) {
    views = defs.map((d) => Object.freeze(cardFields(d.edition, d.number)));
    CARD_VIEWS.set(defs, views);
  }
  lastDefs = defs;
  lastViews = views;
  return views;
}

export const cardView = (s: State, id: number): CardView => cardViews(s)[id]!;

const PROMPTS: Record<string, string> = {
  look: 'choose a face-down card to look at',
  flip: 'choose a card to turn over',
  swapOwn: 'choose one of your cards to swap',
  swapOther: "choose another player's card to swap with it",
  replaceWithTop: 'choose a card to exchange for the top deck card, or skip',
  fromPile: 'choose a card of the discard pile',
  rotate: 'choose one of your cards to rotate',
  discardRotated: 'choose a rotated card to discard',
  purge: 'choose a number',
  dump: 'choose the cards the drawn card replaces',
  declare: 'choose cards you believe are worth 6 or more, then confirm',
  discardOwnFaceUp: 'choose one of your face-up cards to discard',
  protect: 'choose one of your cards for the token (amulet or bullet)',
  guard: 'name the card your Bodyguard protects',
};

function pendingView(s: State, p: Pending): PendingView {
  // Every field is set in this order first, so a view's keys keep one order whatever the kind.
  const v: PendingView = { kind: p.kind, seat: p.seat, step: null, prompt: '', card: null, slid: NONE as number[], selected: NONE as number[], slots: null, ends: false, faceUp: null, penalty: false };
  switch (p.kind) {
    case 'hold':
      v.slid = p.slid;
      v.prompt = p.must ? 'exchange the taken card' : 'discard the card, use its power, or exchange it';
      return v;
    case 'rascal':
      v.prompt = 'choose the drawn card to keep';
      return v;
    case 'place':
      v.slots = p.slots;
      v.ends = p.slots === null;
      v.faceUp = p.up;
      v.penalty = p.penalty;
      v.prompt = p.slots ? 'choose where the card goes' : 'choose an end of your village';
      return v;
    case 'power': {
      const step = p.steps[p.i]!;
      v.step = step.op;
      v.selected = p.selected;
      v.card = p.card < 0 ? null : powerCard(p.edition, p.card);
      v.prompt = PROMPTS[step.op] ?? '';
      return v;
    }
    case 'score':
      v.step = p.op;
      if (p.op === 'debt' || p.op === 'halve') v.prompt = p.op === 'debt' ? 'apply your Debt Collector (confirm) or decline it (skip)' : 'apply your Halfling (confirm) or decline it (skip)';
      else v.prompt = p.op === 'keep' ? 'choose a card to keep for the next round' : p.position === null ? 'choose a card to give' : 'choose a player';
      return v;
    case 'commander':
      v.prompt = 'choose the position for your kept card';
      return v;
  }
}

/** A power's card as the pending step shows it: one frozen view per edition and number, not one per view (a playout's every power step builds a view). */
const POWER_CARDS: Partial<Record<Edition, CardView[]>> = {};
function powerCard(edition: Edition, n: number): CardView {
  const cards = (POWER_CARDS[edition] ??= []);
  return (cards[n] ??= Object.freeze(cardFields(edition, n)));
}

function cardFields(edition: Edition, n: number): CardView {
  const d = cardDef(edition, n);
  return { number: n, edition, name: d.names.en, nameFa: d.names.fa, timing: d.timing, powerKnown: d.powerKnown };
}

/** No cards: one frozen list shared by every view (most views have no kept or display cards). */
const NO_CARDS: readonly never[] = Object.freeze([]);

/** Each kept card with its owner. */
function pairs(cards: readonly CardView[], rows: number[][]): { seat: number; card: CardView }[] {
  let out: { seat: number; card: CardView }[] | null = null;
  for (let seat = 0; seat < rows.length; seat++) for (const id of rows[seat]!) (out ??= []).push({ seat, card: cards[id]! });
  return out ?? (NO_CARDS as never[]);
}

/** The display's cards (a loop, no callback: once per view). */
function cardList(cards: readonly CardView[], ids: readonly number[]): CardView[] {
  if (ids.length === 0) return NO_CARDS as never[];
  const out: CardView[] = new Array(ids.length);
  for (let i = 0; i < ids.length; i++) out[i] = cards[ids[i]!]!;
  return out;
}

/**
 * One frozen SlotView per card number, position and flags, per deck, shared by every view (a view
 * never changes it): a search builds a view at every move of every playout, and these little
 * objects were most of its garbage. Keyed by number, not id: the two or four ids of a number show
 * the same card (the view never shows ids), and the smaller table stays in the cache. Key: number
 * + 1 for a known card, else 0 (4 bits), position (4 bits), then the six flags; a position past 15
 * (a long village) gets a fresh object.
 */
const SLOT_VIEWS = new WeakMap<readonly CardView[], (SlotView | undefined)[]>();
const UP = 1;
const ROTATED = 2;
const KNOWN = 4;
const PUBLIC_KNOWN = 8;
const AMULET = 16;
const GUARDED = 32;

function slotView(slots: (SlotView | undefined)[], cards: readonly CardView[], id: number, position: number, flags: number): SlotView {
  // A slot the viewer does not know shows no card: one entry per position and flags, whatever
  // the card (most slots of a view, and a small corner of the table that stays in the cache).
  const key = position < 16 ? (flags & KNOWN ? (numberOf(id) + 1) << 10 : 0) | (position << 6) | flags : -1;
  const hit = key >= 0 ? slots[key] : undefined;
  if (hit) return hit;
  const known = (flags & KNOWN) !== 0;
  const slot: SlotView = Object.freeze({
    position,
    faceUp: (flags & UP) !== 0,
    rotated: (flags & ROTATED) !== 0,
    known,
    publicKnown: (flags & PUBLIC_KNOWN) !== 0,
    card: known ? cards[id]! : null,
    amulet: (flags & AMULET) !== 0,
    guarded: (flags & GUARDED) !== 0,
  });
  if (key >= 0) slots[key] = slot;
  return slot;
}

let lastCards: readonly CardView[] | null = null;
let lastSlots: (SlotView | undefined)[] = [];

function slotViews(cards: readonly CardView[]): (SlotView | undefined)[] {
  if (cards === lastCards) return lastSlots;
  let slots = SLOT_VIEWS.get(cards);
  if (!slots) SLOT_VIEWS.set(cards, (slots = new Array<SlotView | undefined>(15 << 10).fill(undefined)));
  lastCards = cards;
  lastSlots = slots;
  return slots;
}

/**
 * The guarded cards of one village (protect.ts `guarded`, asked once per village, not per card):
 * the working Bodyguards themselves (`bodyguards`, the same for every village) and the cards
 * named by a working Bodyguard of this village.
 */
function guardedIn(s: State, row: readonly number[], bodyguards: readonly number[]): readonly number[] {
  if (s.guards.length === 0) return bodyguards;
  let out: number[] | null = null; // copied only for a village with a named card
  for (const g of s.guards) if (row.includes(g.bg) && bodyguards.includes(g.bg)) (out ??= bodyguards.slice()).push(g.card);
  return out ?? bodyguards;
}

/**
 * The deck's Bodyguards whose guard works now (face-up, switched on): most decks have none. It
 * reads the faces, the powers switched off, the options and the deck: the last answer is kept
 * while those arrays are the same, as they are across most moves (never handed out: read-only).
 */
let lastGuardsUp: readonly boolean[] | null = null;
let lastGuardsDead: readonly number[] | null = null;
let lastGuardsO: State['o'] | null = null;
let lastGuardsEds: State['eds'] | null = null;
let lastGuards: readonly number[] = NONE;
function workingBodyguards(s: State): readonly number[] {
  const all = withPassive(s, 'guard');
  if (all.length === 0) return NONE;
  if (s.up === lastGuardsUp && s.dead === lastGuardsDead && s.o === lastGuardsO && s.eds === lastGuardsEds) return lastGuards;
  let out: number[] | null = null;
  for (const id of all) if (hasPassive(s, id, 'guard')) (out ??= []).push(id);
  lastGuardsUp = s.up;
  lastGuardsDead = s.dead;
  lastGuardsO = s.o;
  lastGuardsEds = s.eds;
  lastGuards = out ?? NONE; // not frozen: it stays inside the view (a frozen array's includes takes a slow path)
  return lastGuards;
}

function villageSlots(s: State, cards: readonly CardView[], shared: (SlotView | undefined)[], seat: number, me: Viewer, bodyguards: readonly number[]): SlotView[] {
  const row = s.villages[seat]!;
  const n = row.length;
  const slots: SlotView[] = new Array(n);
  const mine = me === null ? 0 : bit(me);
  const seen = PUBLIC | mine;
  const up = s.up;
  const known = s.known;
  const rot = s.rot;
  const amulet = s.amulet;
  // Only a Bodyguard itself or a card a Bodyguard names can be guarded: most decks have none.
  const guardedIds = bodyguards.length > 0 ? guardedIn(s, row, bodyguards) : NONE;
  const anyGuarded = guardedIds.length > 0;
  for (let position = 0; position < n; position++) {
    const id = row[position]!;
    const u = up[id]!;
    const k = known[id]!;
    const flags =
      (u ? UP | PUBLIC_KNOWN | KNOWN : (k & PUBLIC) !== 0 ? PUBLIC_KNOWN | KNOWN : (k & seen) !== 0 ? KNOWN : 0) |
      (rot[id] ? ROTATED : 0) |
      (amulet === id ? AMULET : 0) |
      (anyGuarded && guardedIds.includes(id) ? GUARDED : 0);
    const key = position < 16 ? (flags & KNOWN ? (numberOf(id) + 1) << 10 : 0) | (position << 6) | flags : -1;
    const hit = key >= 0 ? shared[key] : undefined;
    slots[position] = hit !== undefined ? hit : slotView(shared, cards, id, position, flags);
  }
  return slots;
}

/**
 * The pile's cards, one frozen list per pile array while it is the last one asked for (states
 * share a pile until it changes, and the views of one state or of the states of one turn read
 * the same cards): the pile grows to dozens of cards, and a search builds a view at every move of
 * every playout. One entry, not a WeakMap: nearly every pile array of a playout is new (and dies
 * with its state), and a weak entry for each cost the garbage collector more than it saved.
 */
let lastPile: readonly number[] | null = null;
let lastPileCards: readonly CardView[] | null = null;
let lastPileList: CardView[] = [];
function pileView(cards: readonly CardView[], pile: readonly number[]): CardView[] {
  if (pile === lastPile && cards === lastPileCards && lastPileList.length === pile.length) return lastPileList;
  const list: CardView[] = new Array(pile.length);
  for (let i = 0; i < pile.length; i++) list[i] = cards[pile[i]!]!;
  lastPile = pile;
  lastPileCards = cards;
  lastPileList = Object.freeze(list) as CardView[];
  return lastPileList;
}

/**
 * A frozen copy of an array, kept while the same array is asked for again: the state's scores,
 * history and editions change a few times a game, its views are built at every move (a search's
 * playouts), and each view copied them. Shared, the copies are read-only.
 */
class LastCopy<T, C> {
  #from: readonly T[] | null = null;
  #copy: C | null = null;
  constructor(readonly make: (from: readonly T[]) => C) {}
  of(from: readonly T[]): C {
    if (from !== this.#from) {
      this.#copy = this.make(from);
      this.#from = from;
    }
    return this.#copy!;
  }
}
const frozenCopy = <T>(from: readonly T[]) => Object.freeze(from.slice()) as T[];
const EDITIONS_COPY = new LastCopy<string, string[]>(frozenCopy);
const SCORES_COPY = new LastCopy<number, number[]>(frozenCopy);
const PEEKED_COPY = new LastCopy<boolean, boolean[]>(frozenCopy);
const OWES_COPY = new LastCopy<number, number[]>(frozenCopy);

/** The token as a view, frozen and kept while the state's token object stays the same (it changes a few times a round). */
let lastToken: State['token'] | null = null;
let lastTokenView: SilverView['token'] | null = null;
function tokenView(t: State['token']): SilverView['token'] {
  if (t !== lastToken || !lastTokenView) {
    lastTokenView = Object.freeze({ kind: t.kind, holder: t.holder, active: t.active, used: t.used, wolfSideUp: t.kind === 'coin' && t.active && !t.used });
    lastToken = t;
  }
  return lastTokenView;
}
const HISTORY_COPY = new LastCopy((history: readonly State['history'][number][]) =>
  Object.freeze(history.map((h) => Object.freeze({ round: h.round, reason: h.reason, totals: frozenCopy(h.totals), roundScores: frozenCopy(h.roundScores), caller: h.caller, callSucceeded: h.callSucceeded }))) as SilverView['history'],
);

/** Every village as `viewer` sees it (shared by the view and the playout view). */
function villagesView(s: State, cards: readonly CardView[], viewer: Viewer): { seat: number; cards: SlotView[] }[] {
  const villages: { seat: number; cards: SlotView[] }[] = new Array(s.villages.length);
  const shared = slotViews(cards);
  const bodyguards = workingBodyguards(s);
  for (let seat = 0; seat < s.villages.length; seat++) villages[seat] = { seat, cards: villageSlots(s, cards, shared, seat, viewer, bodyguards) };
  return villages;
}

/** The hand as `viewer` sees it: the cards it knows, null for the others. */
function handView(s: State, cards: readonly CardView[], viewer: Viewer): (CardView | null)[] {
  const hand: (CardView | null)[] = new Array(s.hand.length);
  for (let i = 0; i < s.hand.length; i++) hand[i] = knows(s, s.hand[i]!, viewer) ? cards[s.hand[i]!]! : null;
  return hand;
}

/** What every village of one playout view is built from (one per view, shared by its villages). */
interface VillageSource {
  s: State;
  cards: readonly CardView[];
  shared: (SlotView | undefined)[];
  viewer: Viewer;
  bodyguards: readonly number[];
}

/**
 * Another seat's village in a playout view, its slots built when first read: greedy Silver reads
 * only its own village at most moves (the others for a power's targets or a call), and building
 * every village's slots was most of a playout view. The state is never changed (evolve copies),
 * so slots built later are the ones built at once. As JSON it is the whole view's village.
 */
class LazyVillage {
  #slots: SlotView[] | null = null;
  /** Private: a bot reading the view cannot reach the state. */
  readonly #from: VillageSource;
  constructor(
    readonly seat: number,
    from: VillageSource,
  ) {
    this.#from = from;
  }
  get cards(): SlotView[] {
    if (this.#slots === null) {
      const f = this.#from;
      this.#slots = villageSlots(f.s, f.cards, f.shared, this.seat, f.viewer, f.bodyguards);
    }
    return this.#slots;
  }
  toJSON(): { seat: number; cards: SlotView[] } {
    return { seat: this.seat, cards: this.cards };
  }
}

/** The fields of the view a search's playout policy (greedy Silver) reads: services/bots/greedy/silver.ts. */
export type PlayoutView = Pick<SilverView, 'seat' | 'villages' | 'hand' | 'discard' | 'pending'>;

/**
 * Only those fields, each as `view` builds it: a search builds a view at every move of every
 * playout, and the rest of the view (the deck's known cards, the table facts, the history …)
 * was a quarter of a playout's CPU, read by nothing in it (test/games/silver/playout-view.test.ts
 * checks the fields against the full view's).
 */
export function playoutView(s: State, viewer: Viewer): PlayoutView {
  const cards = cardViews(s);
  const from: VillageSource = { s, cards, shared: slotViews(cards), viewer, bodyguards: workingBodyguards(s) };
  const villages: { seat: number; cards: SlotView[] }[] = new Array(s.villages.length);
  for (let seat = 0; seat < villages.length; seat++) villages[seat] = seat === viewer ? { seat, cards: villageSlots(s, cards, from.shared, seat, viewer, from.bodyguards) } : new LazyVillage(seat, from);
  return { seat: viewer, villages, hand: handView(s, cards, viewer), discard: pileView(cards, s.discard), pending: s.pending && pendingView(s, s.pending) };
}

/** Written as plain loops over shared card views: it runs once per move and viewer. */
export function view(s: State, viewer: Viewer): SilverView {
  const me = viewer;
  const cards = cardViews(s);
  const villages = villagesView(s, cards, me);
  let deckKnown: { depth: number; card: CardView }[] | null = null;
  const seen = PUBLIC | (me === null ? 0 : bit(me)); // knows(s, id, me), over the whole deck
  for (let i = s.deck.length - 1; i >= 0; i--) if ((s.known[s.deck[i]!]! & seen) !== 0) (deckKnown ??= []).push({ depth: s.deck.length - 1 - i, card: cards[s.deck[i]!]! });
  const hand = handView(s, cards, me);
  const turn = s.turn;
  let activated: number[] | null = null;
  if (turn && turn.used.length > 0) {
    const row = s.villages[turn.seat]!;
    for (const id of turn.used) {
      const p = row.indexOf(id);
      if (p >= 0) (activated ??= []).push(p);
    }
  }
  return {
    seat: me,
    round: s.round,
    rounds: s.o.rounds,
    phase: s.phase,
    startPlayer: s.start,
    toMove: toMove(s),
    direction: s.dir,
    editions: EDITIONS_COPY.of(s.eds),
    villages,
    deckCount: s.deck.length,
    deckKnown: deckKnown ?? (NONE as never[]),
    discard: pileView(cards, s.discard),
    display: cardList(cards, s.display),
    boxCount: s.box.length,
    hand,
    kept: pairs(cards, s.kept),
    keptNext: pairs(cards, s.keptNext),
    token: tokenView(s.token),
    caller: s.caller,
    finalTurnsOwed: OWES_COPY.of(s.owes),
    deckOut: s.deckOut,
    turn: turn && { seat: turn.seat, mainDone: turn.main, powerUsed: turn.free, extra: turn.extra, activated: activated ?? (NONE as number[]) },
    pending: s.pending && pendingView(s, s.pending),
    peeked: PEEKED_COPY.of(s.peeked),
    scoreAdjustments: s.scoring?.adj.slice() ?? zerosFor(s.seats),
    scores: SCORES_COPY.of(s.scores),
    history: HISTORY_COPY.of(s.history),
    winners: s.winners,
    tableFacts: tableFacts(s),
  };
}

export function redact(e: Event, viewer: Viewer): Event {
  switch (e.type) {
    case 'RoundDealt':
      return { ...e, villages: null, box: null, deck: null };
    case 'DeckShuffled':
      return { ...e, deck: null };
    case 'Move':
      return e.vis === 'all' || e.vis === viewer ? e : { ...e, card: null };
    case 'Saw':
      return e.seat === viewer ? e : { ...e, card: null };
    case 'Peeked':
      return e.seat === viewer ? e : { ...e, positions: null, cards: null };
    default:
      return e;
  }
}
