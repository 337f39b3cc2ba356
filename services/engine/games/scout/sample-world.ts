/**
 * sampleWorld: a SCOUT state one seat cannot tell from the real one, drawn from its view.
 * Known: its own hand, the Active Set, every captured pile, the cards others scouted (identity,
 * and position unless `hideScoutInsertPosition`) and, 2p round 2, the cards it saw in round 1.
 * Dealt from the rest: the other hands' unknown cards (order and orientation), the scouted
 * cards' orientation, the set-aside cards (2p round 1) and the rotation choices others made.
 */
import { dealUnseen, PlacedIds, type Rng, type Seat, type SetupContext } from '../../core/index.js';
import { cardsInPlay, DECK, type PlacedCard } from './cards.js';
import type { Options } from './options.js';
import { canScout, canShow } from './rules.js';
import { plantShow, type Planted } from './sample-show.js';
import { shapeOf } from './sets.js';
import type { Phase, State } from './state.js';
import type { KnownCard, ScoutView } from './view.js';

/**
 * Worlds are redrawn until the seat to act can act (one draw nearly always does); after that
 * many, the seat that must Show gets a set planted (sample-show.ts).
 */
const ATTEMPTS = 200;

const inPlay = new Map<number, number[]>();
const idsInPlay = (seats: number) => inPlay.get(seats) ?? inPlay.set(seats, cardsInPlay(seats).map((c) => c.id)).get(seats)!;

/** A card of the deck turned either way up at random (the deal's orientation is random). */
const oriented = (id: number, rng: Rng): PlacedCard => {
  const { lo, hi } = DECK[id]!;
  return { id, lo, hi, up: rng.int(2) === 1 ? hi : lo };
};

/** Another seat's hand: its known cards where the seat saw them go (and a planted set), the dealt cards around them. */
function handOf(count: number, known: readonly KnownCard[], dealt: readonly number[], rng: Rng, planted: Planted | null): PlacedCard[] {
  const hand: (PlacedCard | undefined)[] = new Array(count);
  if (planted) planted.cards.forEach((c, i) => (hand[planted.at + i] = c));
  const loose = dealt.slice();
  for (const k of known) {
    if (k.index === null) loose.push(k.id);
    else hand[k.index] = oriented(k.id, rng);
  }
  // Known cards of unknown position go anywhere: shuffle them in (dealt cards come shuffled).
  if (loose.length > dealt.length)
    for (let i = loose.length - 1; i > 0; i--) {
      const j = rng.int(i + 1);
      [loose[i], loose[j]] = [loose[j]!, loose[i]!];
    }
  let next = 0;
  for (let i = 0; i < count; i++) hand[i] ??= oriented(loose[next++]!, rng);
  return hand as PlacedCard[];
}

export function sampleWorld(v: ScoutView, seat: Seat, rng: Rng, setup: SetupContext<Options>): State {
  const seats = setup.seats;
  const active = v.activeSet?.cards ?? [];
  const seen: number[] = v.outOfRound.slice();
  for (const c of v.hand!) seen.push(c.id);
  for (const c of active) seen.push(c.id);
  for (const p of v.players) {
    for (const id of p.captured) seen.push(id);
    if (p.seat !== seat) for (const k of p.knownCards) seen.push(k.id);
  }
  const pool = new PlacedIds(DECK.length).add(seen).rest(idsInPlay(seats));
  const others = v.players.filter((p) => p.seat !== seat);
  const sizes = others.map((p) => p.handCount - p.knownCards.length);
  sizes.push(v.setAsideCount);
  const phase: Phase = v.phase === 'scout-show' ? 'play' : (v.phase as Phase);
  const turn = phase === 'play' ? v.toMove[0]! : v.startPlayer;

  const mustAct = phase === 'play' && turn !== seat;
  const actor = v.players[turn]!;
  const actorPlace = turn < seat ? turn : turn - 1;
  const target = shapeOf(active);
  for (let attempt = 0; attempt < 2 * ATTEMPTS; attempt++) {
    // Past ATTEMPTS plain draws, the actor's hand is dealt around a planted Show.
    const planted = attempt < ATTEMPTS || !mustAct ? null : plantShow(actor.handCount, actor.knownCards, pool, target, rng);
    if (attempt >= ATTEMPTS && !planted) break;
    const { places, rest } = planted
      ? dealUnseen(
          pool.filter((id) => !planted.cards.some((c) => c.id === id)),
          sizes.map((n, i) => (i === actorPlace ? n - planted.cards.length : n)),
          rng,
        )
      : dealUnseen(pool, sizes, rng);
    const hands = v.players.map((p, i) => (p.seat === seat ? v.hand! : handOf(p.handCount, p.knownCards, places[i < seat ? i : i - 1]!, rng, p.seat === turn ? planted : null)));
    const world: State = {
      seats,
      options: setup.options,
      phase,
      round: v.round,
      rounds: v.rounds,
      startPlayer: v.startPlayer,
      turn,
      hands,
      rotation: v.players.map((p) => (p.seat === seat ? v.myRotation : p.rotationChosen ? rng.int(2) === 1 : null)),
      captured: v.players.map((p) => p.captured),
      chips: v.players.map((p) => p.scoutChips),
      scoutShowChip: v.players.map((p) => p.scoutShowChip),
      active,
      owner: v.activeSet?.owner ?? null,
      consecutiveScouts: v.consecutiveScouts,
      pendingShow: v.scoutShowPending,
      scoutedIn: v.players.map((p) => p.knownCards.map((k) => k.id)),
      setAside: places[places.length - 1]!.map((id) => oriented(id, rng)),
      roundOneSeen: roundOneSeen(v, seat, hands, rest),
      totals: v.players.map((p) => p.total),
      roundScores: v.players.map((p) => p.roundScores),
      lastRound: v.lastRound && { type: 'RoundEnded', ...v.lastRound },
    };
    // Whoever must act could (the round would have ended otherwise): a 2p seat out of chips
    // must hold a Show, and so must a Scout & Show waiting for its Show.
    if (!mustAct || canShow(world, turn) || (!world.pendingShow && canScout(world, turn))) return world;
  }
  throw new Error(`sampleWorld: no deal lets seat ${turn} act`);
}

/**
 * 2p: what each seat saw of round 1. In round 1 that is exactly what is in sight now (every card
 * it saw is in its hand, on the table, captured or scouted by the other). In round 2 the seat's
 * own is in its view; the other's is not the seat's to know: it keeps the round-1 cards this
 * world leaves out of round 2.
 */
function roundOneSeen(v: ScoutView, seat: Seat, hands: readonly PlacedCard[][], rest: readonly number[]): number[][] {
  if (v.players.length !== 2) return v.players.map(() => []);
  if (v.round === 2) return v.players.map((p) => (p.seat === seat ? v.outOfRound : rest.slice()));
  const table: number[] = [];
  for (const c of v.activeSet?.cards ?? []) table.push(c.id);
  for (const p of v.players) for (const id of p.captured) table.push(id);
  return v.players.map((p) => {
    const other = v.players[1 - p.seat]!;
    return [...hands[p.seat]!.map((c) => c.id), ...table, ...other.knownCards.map((k) => k.id)];
  });
}
