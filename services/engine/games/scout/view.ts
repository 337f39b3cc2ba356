/**
 * view and redact: what a seat (or a spectator, `null`) may know. Hidden: other hands (counts
 * only), the set-aside cards, rotation choices, a scouted card's orientation (and its insert
 * position with `hideScoutInsertPosition`). What a person at the table remembers is shown: the
 * cards each seat captured (everyone saw them in the Active Set) and, with 2 players in round 2,
 * the cards the seat saw in round 1 (none of them is in round 2's deal).
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
  /** Ids of the cards it captured this round, in the order taken. */
  captured: number[];
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
  /** Ids of cards the viewer knows are not in this round's deal (2p round 2: what it saw in round 1), ascending. */
  outOfRound: number[];
  lastRound: RoundResultView | null;
  winners: number[] | null;
}

function knownCards(s: State, seat: number, viewer: Viewer): KnownCard[] {
  const ids = s.scoutedIn[seat]!;
  if (ids.length === 0) return [];
  const hand = s.hands[seat]!;
  const positions = viewer === seat || !s.options.hideScoutInsertPosition;
  const out: KnownCard[] = [];
  for (const id of ids) {
    let index = 0;
    while (hand[index]!.id !== id) index++;
    const { lo, hi } = hand[index]!;
    const card: KnownCard = { id, lo, hi, index: positions ? index : null };
    // Kept in id order by insertion: a seat holds only a few scouted cards.
    let i = out.length;
    out.push(card);
    for (; i > 0 && out[i - 1]!.id > id; i--) out[i] = out[i - 1]!;
    out[i] = card;
  }
  return out;
}

/** 2p round 2: what the viewer saw in round 1; a spectator saw only the shown cards, which both seats saw. */
function outOfRound(s: State, viewer: Viewer): number[] {
  if (s.seats !== 2 || s.round !== 2 || !s.roundOneSeen) return [];
  const [a, b] = s.roundOneSeen as [number[], number[]];
  const seen = viewer === null ? a.filter((id) => b.includes(id)) : s.roundOneSeen[viewer]!.slice();
  return seen.sort((x, y) => x - y);
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
      captured: s.captured[p]!,
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
    outOfRound: outOfRound(s, viewer),
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
