/**
 * sampleWorld: a full Silver state one seat cannot tell from the real one, built from its view.
 * Every card the view shows keeps its place (village slots it knows, the pile, the display,
 * kept cards, deck cards it saw, its hand); the cards it has not seen are dealt at random into
 * the places it does not know (face-down slots, the deck, the box, another seat's hand). Card
 * ids only stand for their number (the view never shows ids), so each number's ids are handed
 * out in order. The public rest of the state comes from the view and its `tableFacts`.
 */
import { dealUnseen, unseen, type Rng, type SetupContext } from '../../core/index.js';
import { cardDef, numberOf, type Edition, type Step } from './cards.js';
import { TOKEN_STEPS } from './flow.js';
import type { Options } from './options.js';
import { scoringQueue } from './scoring.js';
import { bit, initialState, PUBLIC, type Pending, type State } from './state.js';
import type { SilverView } from './view.js';

/** The number of each card id: the whole deck, as numbers. */
const DECK_NUMBERS = Array.from({ length: 52 }, (_, id) => numberOf(id));
/** The first id of each number (ids of one number are consecutive). */
const FIRST_ID = Array.from({ length: 14 }, (_, n) => DECK_NUMBERS.indexOf(n));
const HIDDEN = -1;
/**
 * One editions array per game setup: the card definitions and card views are cached by its
 * identity (state.ts defsOf, view.ts), so worlds of one game must share it.
 */
const EDITIONS = new WeakMap<object, Edition[]>();

type PendingKind = Pending['kind'];

export function sampleWorld(v: SilverView, seat: number, rng: Rng, setup: SetupContext<Options>): State {
  const s = initialState(setup);
  let eds = EDITIONS.get(setup.options);
  if (!eds) EDITIONS.set(setup.options, (eds = s.eds));
  s.eds = eds;
  const me = bit(seat);
  const f = v.tableFacts;

  // Every place as card numbers, HIDDEN where the seat does not know the card.
  const villages = v.villages.map((vil) => vil.cards.map((c) => c.card?.number ?? HIDDEN));
  const deck: number[] = Array(v.deckCount).fill(HIDDEN);
  for (const k of v.deckKnown) deck[v.deckCount - 1 - k.depth] = k.card.number;
  const hand = v.hand.map((c) => c?.number ?? HIDDEN);
  const kept = v.villages.map(() => [] as number[]);
  for (const k of v.kept) kept[k.seat]!.push(k.card.number);
  const box: number[] = Array(v.boxCount).fill(HIDDEN);
  const discard = v.discard.map((c) => c.number);
  const display = v.display.map((c) => c.number);
  const places = [...villages, deck, hand, ...kept, box, discard, display];

  // The unseen cards, dealt into the hidden places.
  const seen: number[] = [];
  let holes = 0;
  for (const place of places) for (const n of place) n === HIDDEN ? holes++ : seen.push(n);
  const dealt = dealUnseen(unseen(DECK_NUMBERS, seen), [holes], rng).places[0]!;
  let next = 0;
  // Numbers to ids: each number's ids in order.
  const used = FIRST_ID.map(() => 0);
  const toIds = (place: number[]) =>
    place.map((n) => {
      const number = n === HIDDEN ? dealt[next++]! : n;
      return FIRST_ID[number]! + used[number]!++;
    });
  s.villages = villages.map(toIds);
  s.deck = toIds(deck);
  s.hand = toIds(hand);
  s.kept = kept.map(toIds);
  s.box = toIds(box);
  s.discard = toIds(discard);
  s.display = toIds(display);

  // Faces, rotations and who knows what. Which cards the other seats know is mostly hidden from
  // the seat (a peek's positions are secret): each seat that peeked is given two of its own
  // cards at random, so the others in a world play from some knowledge, as people do.
  const holder = v.pending?.seat ?? v.turn?.seat ?? seat;
  const from = f.pending?.from;
  const handKnown = from === 'discard' || from === 'pile' || from === 'display' ? PUBLIC : bit(holder);
  for (const [i, row] of s.villages.entries()) {
    v.villages[i]!.cards.forEach((c, p) => {
      const id = row[p]!;
      s.up[id] = c.faceUp;
      s.rot[id] = c.rotated;
      s.known[id] = c.publicKnown ? PUBLIC : c.known ? me : 0;
    });
    if (i !== seat && v.peeked[i]) for (let k = 0; k < 2 && row.length > 0; k++) s.known[row[rng.int(row.length)]!]! |= bit(i);
  }
  v.deckKnown.forEach((k) => (s.known[s.deck[v.deckCount - 1 - k.depth]!] = me));
  // A penalty card in hand is seen by nobody, its holder included.
  s.hand.forEach((id, i) => (s.known[id] = v.hand[i] ? handKnown | me : holder === seat ? 0 : bit(holder)));
  if (f.pending?.display) s.known[s.hand[0]!] = PUBLIC; // a Rascal's display card was shown to all
  for (const id of [...s.discard, ...s.display, ...s.kept.flat()]) s.known[id] = PUBLIC;

  const at = (p: { seat: number; position: number }) => s.villages[p.seat]![p.position]!;
  s.guards = f.guards.map((g) => ({ bg: at({ seat: g.seat, position: g.bodyguard }), card: at(g) }));
  s.dead = [...f.powerOff.map(at), ...f.handPowerOff.map((i) => s.hand[i]!)];
  for (const [i, vil] of v.villages.entries()) vil.cards.forEach((c, p) => c.amulet && (s.amulet = s.villages[i]![p]!));
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
  s.history = v.history.map((h) => ({ ...h, reason: h.reason as State['history'][number]['reason'], totals: h.totals.slice(), roundScores: h.roundScores.slice() }));
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
  s.upBefore = f.faceUpBeforeReveal.map(at);
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
