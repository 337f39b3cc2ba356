/**
 * sampleWorld: a state one seat cannot tell from the real one, drawn from its view (§6.1).
 *
 * What a seat does not know is small: how each other player's unplayed cards (their house minus
 * what lies in counters and Isthām, public, A26) split between hand and reserve beyond the cards
 * known to be in the hand (`knownInHand`); the choice of a seat that has chosen in a pending round
 * draw or Six Rule window; and, in another seat's turn after its first gift whose gifts did not
 * show it, whether the Sum Rule covers it (A13). One public fact constrains the split: a seat inside a turn that must end in a
 * gift still has one in reach. Everything else is copied from the view or follows from it (raw
 * totals, tributed sums, who is eligible, turns taken).
 * Sections (§) and option ids (A0–A30) cite docs/rules/seledyne.md.
 */
import { coin, dealUnseen, pick, splitWhere, type Rng, type SetupContext } from '../../core/index.js';
import type { Card, HouseId } from './cards.js';
import { legalCommands } from './legal.js';
import type { Options } from './options.js';
import { deckOf, findCard, hasSpecial, randomDraws, type Choice, type Phase, type Player, type State, type Turn } from './state.js';
import type { SeledyneView } from './view.js';

const PHASE: Record<string, Phase> = { setup: 'setup', roll: 'roll', 'round-draw': 'draw', 'six-rule': 'six', 'round-end': 'roundEnd', 'stage-end': 'stageEnd', over: 'over' };
const phaseOf = (shown: string): Phase => (shown.startsWith('turn') ? 'turn' : PHASE[shown]!);

/** Each house's cards (made once per deck: the search asks thousands of times). */
const deck = deckOf;

/**
 * The house's cards neither given away nor known in the hand, in deck order: core's `unseen`
 * without its count per key (a map per house per sampled world), ids being unique in a deck
 * (cards.ts). A card seen that the deck lacks shows in the size check that follows.
 */
function unplayed(deck: readonly Card[], given: readonly Card[], known: readonly Card[]): Card[] {
  const out: Card[] = [];
  for (const c of deck) if (!findCard(given, c.id) && !findCard(known, c.id)) out.push(c);
  return out;
}

/** A choice another seat may have made in the pending step (§3 R1, R3), among its legal ones. */
function sampledChoice(o: Options, phase: Phase, reserve: readonly Card[], rng: Rng): Choice {
  const draw = phase === 'draw' ? o.roundDrawMandatory || coin(rng) : coin(rng);
  return { draw, card: draw && !randomDraws(o) && reserve.length > 0 ? pick(reserve, rng) : null };
}

/** Whether the acting seat's next step needs a gift in reach: public, so the world must keep one (§4.3, A16). */
function giftMustFollow(v: SeledyneView, o: Options): boolean {
  const t = v.turn;
  if (!t) return false;
  return t.step === 'select' || t.step === 'draws' || t.step === 'ready' || (t.step === 'open' && t.exchanges > 0 && !o.exchangeWithoutGiftAllowed);
}

export function sampleWorld(v: SeledyneView, seat: number, rng: Rng, setup: SetupContext<Options>): State {
  const o = setup.options;
  const phase = phaseOf(v.phase);
  const choosing = phase === 'draw' || phase === 'six';

  // every card given away this stage, by house: in a counter or in Isthām, face up (A25)
  // (top-level helpers, not closures: tsx names each closure made per call, a property write each time)
  const gone = new Map<string, Card[]>();
  for (const p of v.players) for (const c of p.counter) away(gone, c);
  for (const e of v.istham) away(gone, e.card);

  // another seat's unplayed cards but those known to be in its hand, to deal into the rest of
  // its hand and its reserve (the public sizes)
  const pools = v.players.map((p, i) => {
    if (i === seat && p.hand && p.reserve) return null;
    const given = gone.get(p.house) ?? [];
    const pool = unplayed(deck(o, p.house as HouseId), given, p.knownInHand);
    if (pool.length + p.knownInHand.length !== p.handCount + p.reserveCount) throw new Error(`sampleWorld: seat ${i} holds ${p.handCount + p.reserveCount} cards, ${pool.length + p.knownInHand.length} unplayed`);
    return pool;
  });
  const players: Player[] = v.players.map((p, i) => {
    const pool = pools[i];
    let hand = p.hand!;
    let reserve = p.reserve!;
    if (pool) {
      const dealt = dealUnseen(pool, [unknownInHand(v, i)], rng);
      hand = handOf(v, i, dealt.places[0]!);
      reserve = dealt.rest;
    }
    let tributedSum = 0;
    for (const e of v.istham) if (e.tributedBy === i) tributedSum += e.card.value;
    const raw = o.scoreFloorMode === 'PERSISTENT_CLAMP' ? p.total : p.stageScores.reduce((a, b) => a + b, 0);
    return { house: p.house as HouseId, hand, reserve, counter: p.counter, die: p.die, total: p.total, raw, stageScores: p.stageScores, tributedSum, knownInHand: p.knownInHand };
  });

  const eligible = v.players.map((p) => choosing && (p.mustChoose || p.hasChosen));
  const pending = v.players.map((p, i): Choice | null => {
    if (!choosing || !p.hasChosen) return null;
    if (i === seat && p.choice) return { draw: p.choice.draw, card: p.choice.card };
    return sampledChoice(o, phase, players[i]!.reserve, rng);
  });

  const actor = v.turn?.seat ?? -1;
  const pool = pools[actor];
  if (!pool || !giftMustFollow(v, o)) return world(v, seat, setup, phase, eligible, pending, players);
  // another seat is inside a turn that must end in a gift: its split must still reach one
  let out = world(v, seat, setup, phase, eligible, pending, players);
  splitWhere(pool, unknownInHand(v, actor), rng, (split) => {
    const ps = players.slice();
    ps[actor] = { ...players[actor]!, hand: handOf(v, actor, split.hand), reserve: split.rest };
    out = world(v, seat, setup, phase, eligible, pending, ps);
    return legalCommands(out, actor).length > 0;
  });
  return out;
}

function away(gone: Map<string, Card[]>, c: Card): void {
  const list = gone.get(c.house);
  if (list) list.push(c);
  else gone.set(c.house, [c]);
}

const handOf = (v: SeledyneView, i: number, dealt: Card[]) => (v.players[i]!.knownInHand.length ? [...v.players[i]!.knownInHand, ...dealt] : dealt);
const unknownInHand = (v: SeledyneView, i: number) => v.players[i]!.handCount - v.players[i]!.knownInHand.length;

function world(v: SeledyneView, seat: number, setup: SetupContext<Options>, phase: Phase, eligible: boolean[], pending: (Choice | null)[], ps: Player[]): State {
  const o = setup.options;
  return {
    options: o,
    seats: setup.seats,
    phase,
    stage: v.stage,
    round: v.round,
    players: ps,
    istham: v.istham.map((e) => ({ card: e.card, tributedBy: e.tributedBy, stage: e.stage, round: e.round })),
    startSeat: v.startSeat,
    current: v.turn ? v.turn.seat : null,
    // turns run from the start marker, one per seat (in the last round the count is no longer read)
    turnsTaken: v.turn ? (v.turn.seat - v.startSeat + setup.seats) % setup.seats : 0,
    lastRound: v.lastRound,
    triggerSeat: v.triggerSeat,
    nonGiftStreak: v.nonGiftStreak,
    eligible,
    pending,
    turn: turnOf(v, seat, ps),
    endReason: phase === 'stageEnd' ? 'lastRound' : null,
    results: v.stageResults as State['results'],
    winners: v.winners,
  };
}

function turnOf(v: SeledyneView, seat: number, players: readonly Player[]): Turn | null {
  const vt = v.turn;
  if (!vt) return null;
  const actor = players[vt.seat]!;
  // the Sum Rule is fixed at the first gift (A13): the actor's own view shows it; the others know
  // it when a gift showed it, and otherwise it is whether the world's hand or counter holds a Sum
  // card (the counter does not change while its owner gives; a hand card is in it since the gift)
  const sumNow = vt.sumShown || hasSpecial(actor.hand, 'SUM') || hasSpecial(actor.counter, 'SUM');
  return {
    seat: vt.seat,
    step: vt.step as Turn['step'],
    selection: vt.selection,
    tributed: vt.tributed,
    boost: vt.boost,
    effective: vt.effectiveDie,
    drawsLeft: vt.drawsLeft,
    exchanges: vt.exchanges,
    targets: vt.giftedTo,
    sumShown: vt.sumShown,
    sumActive: vt.giftedTo.length === 0 ? null : vt.seat === seat && vt.sumActive !== null ? vt.sumActive : sumNow,
  };
}
