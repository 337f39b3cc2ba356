/**
 * view and redact: what a seat (or a spectator, `null`) may know. Hidden: other hands (counts
 * only), the set-aside cards, rotation choices, a scouted card's orientation (and its insert
 * position with `hideScoutInsertPosition`), the contents of captured piles.
 */
import type { Viewer } from '../../core/index.js';
import { placed, type PlacedCard } from './cards.js';
import type { RoundEndReason, RoundScore, ScoutEvent } from './events.js';
import type { State } from './state.js';
import { status } from './status.js';

/** A card scouted by a seat and still in its hand: its identity is public, its orientation is not. */
export interface KnownCard {
  id: number;
  lo: number;
  hi: number;
  /** Its position in that hand; null when positions are hidden from the viewer. */
  index: number | null;
}

export interface PlayerView {
  seat: number;
  handCount: number;
  capturedCount: number;
  scoutChips: number;
  scoutShowChip: boolean;
  rotationChosen: boolean;
  total: number;
  roundScores: number[];
  knownCards: KnownCard[];
}

export interface RoundResultView {
  round: number;
  reason: RoundEndReason;
  exempt: number | null;
  scores: RoundScore[];
  totals: number[];
}

export interface ScoutView {
  seat: number | null;
  phase: string;
  round: number;
  rounds: number;
  startPlayer: number;
  toMove: number[];
  hand: PlacedCard[] | null;
  myRotation: boolean | null;
  players: PlayerView[];
  activeSet: { cards: PlacedCard[]; owner: number } | null;
  consecutiveScouts: number;
  scoutShowPending: boolean;
  setAsideCount: number;
  lastRound: RoundResultView | null;
  winners: number[] | null;
}

function knownCards(s: State, seat: number, viewer: Viewer): KnownCard[] {
  const hand = s.hands[seat]!;
  const positions = viewer === seat || !s.options.hideScoutInsertPosition;
  return s.scoutedIn[seat]!.slice()
    .sort((a, b) => a - b)
    .map((id) => {
      const index = hand.findIndex((c) => c.id === id);
      const { lo, hi } = hand[index]!;
      return { id, lo, hi, index: positions ? index : null };
    });
}

export function view(s: State, viewer: Viewer): ScoutView {
  const st = status(s);
  const last = s.lastRound;
  return {
    seat: viewer,
    phase: st.phase,
    round: s.round,
    rounds: s.rounds,
    startPlayer: s.startPlayer,
    toMove: st.toMove,
    hand: viewer === null ? null : s.hands[viewer]!.map(placed),
    myRotation: viewer === null ? null : s.rotation[viewer]!,
    players: s.hands.map((hand, p) => ({
      seat: p,
      handCount: hand.length,
      capturedCount: s.captured[p]!.length,
      scoutChips: s.chips[p]!,
      scoutShowChip: s.scoutShowChip[p]!,
      rotationChosen: s.rotation[p] !== null,
      total: s.totals[p]!,
      roundScores: s.roundScores[p]!,
      knownCards: knownCards(s, p, viewer),
    })),
    activeSet: s.owner === null ? null : { cards: s.active.map(placed), owner: s.owner },
    consecutiveScouts: s.consecutiveScouts,
    scoutShowPending: s.pendingShow,
    setAsideCount: s.setAside.length,
    lastRound: last && { round: last.round, reason: last.reason, exempt: last.exempt, scores: last.scores, totals: last.totals },
    winners: st.result?.winners ?? null,
  };
}

export function redact(e: ScoutEvent, viewer: Viewer): ScoutEvent {
  switch (e.type) {
    case 'RoundDealt':
      return { ...e, hands: e.hands.map((h, p) => (p === viewer ? h : null)), setAside: null };
    case 'RotationChosen':
      return e.seat === viewer ? e : { ...e, rotate: null };
    case 'Scouted':
      return e.seat === viewer ? e : { ...e, flip: null, at: e.atPublic ? e.at : null };
    default:
      return e;
  }
}
