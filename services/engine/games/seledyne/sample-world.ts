/**
 * sampleWorld: a state one seat cannot tell from the real one, drawn from its view (§6.1).
 *
 * What a seat does not know is small: how each other player's unplayed cards (their house minus
 * what lies in counters and Isthām, public, A26) split between hand and reserve, the choice of a
 * seat that has chosen in a pending round draw or Six Rule window, and, in another seat's turn
 * after its first gift, whether the Sum Rule covers it (A13). Everything else is copied from the
 * view or follows from it (raw totals, tributed sums, who is eligible, turns taken).
 * Sections (§) and option ids (A0–A30) cite docs/rules/seledyne.md.
 */
import { dealUnseen, splitWhere, unseen, type Rng, type SetupContext } from '../../core/index.js';
import type { Card, HouseId } from './cards.js';
import { legalCommands } from './legal.js';
import type { Options } from './options.js';
import { deckOf, hasSpecial, randomDraws, type Choice, type Phase, type Player, type State, type Turn } from './state.js';
import type { SeledyneView } from './view.js';

const PHASE: Record<string, Phase> = { setup: 'setup', roll: 'roll', 'round-draw': 'draw', 'six-rule': 'six', 'round-end': 'roundEnd', 'stage-end': 'stageEnd', over: 'over' };
const phaseOf = (shown: string): Phase => (shown.startsWith('turn') ? 'turn' : PHASE[shown]!);

/** Each house's cards, made once per options object (the search asks thousands of times). */
const decks = new WeakMap<Options, Map<HouseId, Card[]>>();
function deck(o: Options, house: HouseId): Card[] {
  let byHouse = decks.get(o);
  if (!byHouse) decks.set(o, (byHouse = new Map()));
  let cards = byHouse.get(house);
  if (!cards) byHouse.set(house, (cards = deckOf(o, house)));
  return cards;
}

const cardId = (c: Card) => c.id;
const coin = (rng: Rng) => rng.int(2) === 1;
const randomCard = (cards: readonly Card[], rng: Rng) => cards[rng.int(cards.length)]!;

/** A choice another seat may have made in the pending step (§3 R1, R3), among its legal ones. */
function sampledChoice(o: Options, phase: Phase, reserve: readonly Card[], rng: Rng): Choice {
  const draw = phase === 'draw' ? o.roundDrawMandatory || coin(rng) : coin(rng);
  return { draw, card: draw && !randomDraws(o) && reserve.length > 0 ? randomCard(reserve, rng) : null };
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
  const gone = new Map<string, Card[]>();
  const away = (c: Card) => {
    const list = gone.get(c.house);
    if (list) list.push(c);
    else gone.set(c.house, [c]);
  };
  for (const p of v.players) for (const c of p.counter) away(c);
  for (const e of v.istham) away(e.card);

  // another seat's unplayed cards, to deal into a hand and a reserve of the public sizes
  const pools = v.players.map((p, i) => {
    if (i === seat && p.hand && p.reserve) return null;
    const pool = unseen(deck(o, p.house as HouseId), gone.get(p.house) ?? [], cardId);
    if (pool.length !== p.handCount + p.reserveCount) throw new Error(`sampleWorld: seat ${i} holds ${p.handCount + p.reserveCount} cards, ${pool.length} unplayed`);
    return pool;
  });

  const players: Player[] = v.players.map((p, i) => {
    const pool = pools[i];
    let hand = p.hand!;
    let reserve = p.reserve!;
    if (pool) {
      const dealt = dealUnseen(pool, [p.handCount], rng);
      hand = dealt.places[0]!;
      reserve = dealt.rest;
    }
    let tributedSum = 0;
    for (const e of v.istham) if (e.tributedBy === i) tributedSum += e.card.value;
    const raw = o.scoreFloorMode === 'PERSISTENT_CLAMP' ? p.total : p.stageScores.reduce((a, b) => a + b, 0);
    return { house: p.house as HouseId, hand, reserve, counter: p.counter, die: p.die, total: p.total, raw, stageScores: p.stageScores, tributedSum };
  });

  const eligible = v.players.map((p) => choosing && (p.mustChoose || p.hasChosen));
  const pending = v.players.map((p, i): Choice | null => {
    if (!choosing || !p.hasChosen) return null;
    if (i === seat && p.choice) return { draw: p.choice.draw, card: p.choice.card };
    return sampledChoice(o, phase, players[i]!.reserve, rng);
  });

  const world = (ps: Player[]): State => ({
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
  });

  const actor = v.turn?.seat ?? -1;
  const pool = pools[actor];
  if (!pool || !giftMustFollow(v, o)) return world(players);
  // another seat is inside a turn that must end in a gift: its split must still reach one
  let out = world(players);
  splitWhere(pool, v.players[actor]!.handCount, rng, (split) => {
    const ps = players.slice();
    ps[actor] = { ...players[actor]!, hand: split.hand, reserve: split.rest };
    out = world(ps);
    return legalCommands(out, actor).length > 0;
  });
  return out;
}

function turnOf(v: SeledyneView, seat: number, players: readonly Player[]): Turn | null {
  const vt = v.turn;
  if (!vt) return null;
  const actor = players[vt.seat]!;
  // the Sum Rule is fixed at the first gift (A13): the actor's own view shows it; for the others
  // it is whether the world holds a Sum card now where the actor could use it
  const sumNow = hasSpecial(actor.hand, 'SUM') || hasSpecial(actor.counter, 'SUM');
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
    sumActive: vt.giftedTo.length === 0 ? null : vt.seat === seat && vt.sumActive !== null ? vt.sumActive : sumNow,
  };
}
