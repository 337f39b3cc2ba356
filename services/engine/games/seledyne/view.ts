/**
 * view and redact: each depends only on what the viewer may know (§6).
 * Sections (§) and option ids (A0–A30) cite docs/rules/seledyne.md.
 */
import type { Viewer } from '../../core/index.js';
import { HOUSES, type Card, type HouseId } from './cards.js';
import type { SeledyneEvent, StageScore } from './events.js';
import { status, toMove } from './legal.js';
import { sumRuleActive } from './rules.js';
import { knownInHand, type Player, type State } from './state.js';

export interface SeledyneView {
  /** The viewing seat; null for a spectator. */
  seat: number | null;
  stage: number;
  stages: number;
  round: number;
  phase: string;
  toMove: number[];
  startSeat: number;
  lastRound: boolean;
  triggerSeat: number | null;
  nonGiftStreak: number;
  players: {
    seat: number;
    house: string;
    houseName: { en: string; fa: string };
    handCount: number;
    reserveCount: number;
    hand: Card[] | null;
    reserve: Card[] | null;
    counter: Card[];
    die: number;
    total: number;
    stageScores: number[];
    unplayed: number[] | null;
    knownInHand: Card[];
    mustChoose: boolean;
    hasChosen: boolean;
    choice: { draw: boolean; card: Card | null } | null;
  }[];
  istham: { card: Card; owner: number; tributedBy: number; stage: number; round: number }[];
  turn: {
    seat: number;
    step: string;
    selection: Card[];
    tributed: number;
    boost: boolean;
    effectiveDie: number;
    drawsLeft: number;
    exchanges: number;
    giftedTo: number[];
    sumActive: boolean | null;
    sumShown: boolean;
  } | null;
  stageResults: { stage: number; reason: string; scores: StageScore[] }[];
  winners: number[] | null;
}

/** Each house's names as the view shows them: one frozen object per house, shared by every view. */
const HOUSE_NAMES = Object.fromEntries(HOUSES.map((h) => [h.id, Object.freeze({ en: h.en, fa: h.fa })])) as Record<HouseId, { en: string; fa: string }>;

/** The seat owning each house of this game. */
function ownerOf(s: State, house: HouseId): number {
  for (let i = 0; i < s.players.length; i++) if (s.players[i]!.house === house) return i;
  return -1;
}

/** The values of a player's hand and reserve, ascending (an insertion sort: ten cards at most). */
function unplayed(p: Player): number[] {
  const out: number[] = [];
  for (const cards of [p.hand, p.reserve])
    for (const c of cards) {
      let i = out.length;
      for (; i > 0 && out[i - 1]! > c.value; i--) out[i] = out[i - 1]!;
      out[i] = c.value;
    }
  return out;
}

export function view(s: State, viewer: Viewer): SeledyneView {
  const o = s.options;
  const choosing = s.phase === 'draw' || s.phase === 'six';
  const t = s.turn;
  return {
    seat: viewer,
    stage: s.stage,
    stages: o.stages,
    round: s.round,
    phase: status(s).phase,
    toMove: toMove(s),
    startSeat: s.startSeat,
    lastRound: s.lastRound,
    triggerSeat: s.triggerSeat,
    nonGiftStreak: s.nonGiftStreak,
    players: s.players.map((p, seat) => {
      const own = seat === viewer;
      const pending = choosing ? s.pending[seat]! : null;
      return {
        seat,
        house: p.house,
        houseName: HOUSE_NAMES[p.house],
        handCount: p.hand.length,
        reserveCount: p.reserve.length,
        hand: own ? p.hand : null,
        reserve: own ? p.reserve : null,
        counter: p.counter,
        die: p.die,
        total: p.total,
        stageScores: p.stageScores,
        unplayed: own || o.exposeDerivedUnplayed ? unplayed(p) : null,
        knownInHand: knownInHand(p),
        mustChoose: choosing && s.eligible[seat]! && pending === null,
        hasChosen: pending !== null,
        choice: own && pending ? { draw: pending.draw, card: pending.card } : null,
      };
    }),
    istham: s.istham.map((e) => ({ card: e.card, owner: ownerOf(s, e.card.house), tributedBy: e.tributedBy, stage: e.stage, round: e.round })),
    turn: t && {
      seat: t.seat,
      step: t.step,
      selection: t.selection,
      tributed: t.tributed,
      boost: t.boost,
      effectiveDie: t.effective,
      drawsLeft: t.drawsLeft,
      exchanges: t.exchanges,
      giftedTo: t.targets,
      sumActive: viewer === t.seat ? sumRuleActive(s, t) : null,
      sumShown: t.sumShown ?? false,
    },
    stageResults: s.results,
    winners: s.winners,
  };
}

const mine = (seat: number, viewer: Viewer) => seat === viewer;

export function redact(e: SeledyneEvent, viewer: Viewer): SeledyneEvent {
  switch (e.type) {
    case 'StageStarted':
      return { ...e, hands: e.hands.map((h, i) => (mine(i, viewer) ? h : null)), reserves: e.reserves.map((r, i) => (mine(i, viewer) ? r : null)) };
    case 'RoundDrawChosen':
      return mine(e.seat, viewer) ? e : { ...e, draw: null, card: null };
    case 'RoundDrawResolved':
      return { ...e, draws: e.draws.map((d) => (mine(d.seat, viewer) ? d : { ...d, card: null })) };
    case 'SixRuleChosen':
      return mine(e.seat, viewer) ? e : { ...e, use: null, card: null };
    case 'SixRuleResolved':
      return { ...e, results: e.results.map((r) => (mine(r.seat, viewer) ? r : { ...r, card: null })) };
    case 'Exchanged':
      return mine(e.seat, viewer) ? e : { ...e, give: null, take: null };
    case 'SixMultipleDrawn':
      return mine(e.seat, viewer) ? e : { ...e, card: null };
    default:
      return e;
  }
}
