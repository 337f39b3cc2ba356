/**
 * sampleWorld: a full Silver state one seat cannot tell from the real one, built from its view.
 * Every card the view shows keeps its place (village slots it knows, the pile, the display,
 * kept cards, deck cards it saw, its hand); the cards it has not seen are dealt at random into
 * the places it does not know (face-down slots, the deck, the box, another seat's hand). Card
 * ids only stand for their number (the view never shows ids), so each number's ids are handed
 * out in order. The public rest of the state comes from the view and its `tableFacts`.
 */
import { dealUnseen, type Rng, type SetupContext } from '../../core/index.js';
import { cardDef, numberOf, type Edition, type Step } from './cards.js';
import { TOKEN_STEPS } from './flow.js';
import type { Options } from './options.js';
import { scoringQueue } from './scoring.js';
import { bit, initialState, PUBLIC, type Pending, type State } from './state.js';
import type { CardView, SilverView, SlotView } from './view.js';

/** The number of each card id: the whole deck, as numbers. */
const DECK_NUMBERS = Array.from({ length: 52 }, (_, id) => numberOf(id));
/** The first id of each number (ids of one number are consecutive). */
const FIRST_ID = Array.from({ length: 14 }, (_, n) => DECK_NUMBERS.indexOf(n));
const HIDDEN = -1;
/** Copies of each number in the deck. */
const COPIES = Array.from({ length: 14 }, (_, n) => DECK_NUMBERS.filter((x) => x === n).length);

/** A place's card ids, the hidden ones dealt from \`dealt\` in order; \`used\`: ids handed out per number, then cards dealt. */
function toIds(place: readonly number[], dealt: readonly number[], used: number[]): number[] {
  const ids: number[] = new Array(place.length);
  for (let i = 0; i < place.length; i++) {
    const n = place[i]!;
    const number = n === HIDDEN ? dealt[used[14]!++]! : n;
    ids[i] = FIRST_ID[number]! + used[number]!++;
  }
  return ids;
}

/** A village's numbers, HIDDEN where the seat does not know the card. */
function slotNumbers(slots: readonly SlotView[]): number[] {
  const out: number[] = new Array(slots.length);
  for (let i = 0; i < slots.length; i++) out[i] = slots[i]!.card?.number ?? HIDDEN;
  return out;
}

function cardNumbers(cards: readonly CardView[]): number[] {
  const out: number[] = new Array(cards.length);
  for (let i = 0; i < cards.length; i++) out[i] = cards[i]!.number;
  return out;
}
/**
 * One editions array per game setup: the card definitions and card views are cached by its
 * identity (state.ts defsOf, view.ts), so worlds of one game must share it.
 */
const EDITIONS = new WeakMap<object, Edition[]>();

type PendingKind = Pending['kind'];

/** The card id at a village place (a module function: a named closure per world costs under tsx's keepNames). */
const idAtPlace = (s: State, p: { seat: number; position: number }) => s.villages[p.seat]![p.position]!;

export function sampleWorld(v: SilverView, seat: number, rng: Rng, setup: SetupContext<Options>): State {
  const s = initialState(setup);
  let eds = EDITIONS.get(setup.options);
  if (!eds) EDITIONS.set(setup.options, (eds = s.eds));
  s.eds = eds;
  const me = bit(seat);
  const f = v.tableFacts;

  // Every place as card numbers, HIDDEN where the seat does not know the card (loops, not
  // callbacks: a search samples a world per playout).
  const villages: number[][] = new Array(v.villages.length);
  for (let i = 0; i < v.villages.length; i++) villages[i] = slotNumbers(v.villages[i]!.cards);
  const deck: number[] = Array(v.deckCount).fill(HIDDEN);
  for (const k of v.deckKnown) deck[v.deckCount - 1 - k.depth] = k.card.number;
  const hand: number[] = new Array(v.hand.length);
  for (let i = 0; i < v.hand.length; i++) hand[i] = v.hand[i]?.number ?? HIDDEN;
  const kept: number[][] = new Array(v.villages.length);
  for (let i = 0; i < kept.length; i++) kept[i] = [];
  for (const k of v.kept) kept[k.seat]!.push(k.card.number);
  const box: number[] = Array(v.boxCount).fill(HIDDEN);
  const discard = cardNumbers(v.discard);
  const display = cardNumbers(v.display);
  const places = [...villages, deck, hand, ...kept, box, discard, display];

  // The unseen cards (core/sample.ts \`unseen\`, counted by number in an array), dealt into the hidden places.
  const left = COPIES.slice();
  let holes = 0;
  for (const place of places)
    for (const n of place) {
      if (n === HIDDEN) holes++;
      else if (left[n]! > 0) left[n] = left[n]! - 1;
      else throw new Error(`sampleWorld: card ${n} is seen more often than the deck holds it`);
    }
  const pool: number[] = [];
  for (const n of DECK_NUMBERS)
    if (left[n]! > 0) {
      pool.push(n);
      left[n] = left[n]! - 1;
    }
  const dealt = dealUnseen(pool, [holes], rng).places[0]!;
  // Numbers to ids: each number's ids in order (\`used\` counts them, its last entry counts dealt cards).
  const used = new Array<number>(15).fill(0);
  s.villages = new Array(villages.length);
  for (let i = 0; i < villages.length; i++) s.villages[i] = toIds(villages[i]!, dealt, used);
  s.deck = toIds(deck, dealt, used);
  s.hand = toIds(hand, dealt, used);
  s.kept = new Array(kept.length);
  for (let i = 0; i < kept.length; i++) s.kept[i] = toIds(kept[i]!, dealt, used);
  s.box = toIds(box, dealt, used);
  s.discard = toIds(discard, dealt, used);
  s.display = toIds(display, dealt, used);

  // Faces, rotations and who knows what. Which cards the other seats know is mostly hidden from
  // the seat (a peek's positions are secret): each seat that peeked is given two of its own
  // cards at random, so the others in a world play from some knowledge, as people do.
  const holder = v.pending?.seat ?? v.turn?.seat ?? seat;
  const from = f.pending?.from;
  const handKnown = from === 'discard' || from === 'pile' || from === 'display' ? PUBLIC : bit(holder);
  for (let i = 0; i < s.villages.length; i++) {
    const row = s.villages[i]!;
    const slots = v.villages[i]!.cards;
    for (let p = 0; p < slots.length; p++) {
      const c = slots[p]!;
      const id = row[p]!;
      s.up[id] = c.faceUp;
      s.rot[id] = c.rotated;
      s.known[id] = c.publicKnown ? PUBLIC : c.known ? me : 0;
      if (c.amulet) s.amulet = id;
    }
    if (i !== seat && v.peeked[i]) for (let k = 0; k < 2 && row.length > 0; k++) s.known[row[rng.int(row.length)]!]! |= bit(i);
  }
  for (const k of v.deckKnown) s.known[s.deck[v.deckCount - 1 - k.depth]!] = me;
  // A penalty card in hand is seen by nobody, its holder included.
  for (let i = 0; i < s.hand.length; i++) s.known[s.hand[i]!] = v.hand[i] ? handKnown | me : holder === seat ? 0 : bit(holder);
  if (f.pending?.display) s.known[s.hand[0]!] = PUBLIC; // a Rascal's display card was shown to all
  for (const id of s.discard) s.known[id] = PUBLIC;
  for (const id of s.display) s.known[id] = PUBLIC;
  for (const row of s.kept) for (const id of row) s.known[id] = PUBLIC;

  s.guards = f.guards.map((g) => ({ bg: s.villages[g.seat]![g.bodyguard]!, card: idAtPlace(s, g) }));
  s.dead = [...f.powerOff.map((p) => idAtPlace(s, p)), ...f.handPowerOff.map((i) => s.hand[i]!)];
  s.keptNext = v.villages.map(() => []);
  for (const k of v.keptNext) {
    const id = s.villages[k.seat]!.find((x) => numberOf(x) === k.card.number && !s.keptNext[k.seat]!.includes(x));
    if (id !== undefined) s.keptNext[k.seat]!.push(id);
  }

  s.token = { kind: v.token.kind as State['token']['kind'], holder: v.token.holder, active: v.token.active, used: v.token.used };
  s.round = v.round;
  s.start = v.startPlayer;
  s.phase = v.phase as State['phase'];
  s.dir = v.direction as 1 | -1;
  s.skip = f.skipNext;
  s.deckOut = v.deckOut;
  s.caller = v.caller;
  s.owes = v.finalTurnsOwed.slice();
  s.peeked = v.peeked.slice();
  s.endReason = f.endReason as State['endReason'];
  s.scores = v.scores.slice();
  s.history = v.history.map((h) => ({ round: h.round, reason: h.reason as State['history'][number]['reason'], totals: h.totals.slice(), roundScores: h.roundScores.slice(), caller: h.caller, callSucceeded: h.callSucceeded }));
  s.winners = v.winners && v.winners.slice();
  if (v.turn) {
    const row = s.villages[v.turn.seat]!;
    s.turn = {
      seat: v.turn.seat,
      main: v.turn.mainDone,
      free: v.turn.powerUsed,
      used: v.turn.activated.map((p) => row[p]!),
      extra: v.turn.extra,
      emptyAtStart: f.turnEmptyAtStart,
      upAtStart: f.turnUpAtStart.map((p) => row[p]!),
    };
  }
  s.pending = v.pending && pendingOf(v, s);
  s.upBefore = f.faceUpBeforeReveal.map((p) => idAtPlace(s, p));
  if (v.phase === 'scoring' || v.phase === 'over') s.scoring = { queue: scoringQueue(s), at: f.scoringAt, adj: v.scoreAdjustments.slice(), halved: f.halved.slice() };
  return s;
}

/** The pending step, rebuilt from the view's pending and its public facts. */
function pendingOf(v: SilverView, s: State): Pending {
  const p = v.pending!;
  const f = v.tableFacts.pending!;
  const seat = p.seat;
  switch (p.kind as PendingKind) {
    case 'hold':
      return { kind: 'hold', seat, from: f.from as 'deck', slid: p.slid.slice(), must: f.must };
    case 'rascal':
      return f.display ? { kind: 'rascal', seat, display: true } : { kind: 'rascal', seat };
    case 'place':
      return { kind: 'place', seat, slots: p.slots && p.slots.slice(), up: p.faceUp ?? false, penalty: p.penalty };
    case 'score':
      return { kind: 'score', seat, op: p.step as 'keep', position: f.position };
    case 'commander':
      return { kind: 'commander', seat, done: f.done.slice() };
    case 'power': {
      const card = p.card?.number ?? -1;
      const edition = p.card?.edition ?? s.eds[0]!;
      const i = f.stepIndex;
      // The step list: the token's, a drawn card's, or the activated alternative whose step i is the one waiting.
      const d = card < 0 ? null : cardDef(edition, card);
      // A Bodyguard's naming step (bodyguard.ts) is a power of its own, outside the card's step lists.
      const steps: Step[] = p.step === 'guard' ? [{ op: 'guard' }] : !d ? TOKEN_STEPS[s.token.kind] : f.then === 'main' ? d.steps! : (d.alternatives!.find((a) => a[i]?.op === p.step) ?? d.alternatives![0]!);
      return { kind: 'power', seat, card, edition, steps, i, own: f.own, selected: p.selected.slice(), then: f.then as 'main', drawn: f.drawn };
    }
  }
}
