/**
 * SCOUT's events. Hidden parts (another seat's hand, the set-aside cards, a rotation choice,
 * a scouted card's orientation, an insert position with `hideScoutInsertPosition`) are
 * replaced by `null` in `redact` (view.ts) for viewers who may not know them.
 */
import type { PlacedCard } from './cards.js';
import type { End } from './commands.js';

/** A round's deal (§2.3 round setup). */
export interface RoundDealt {
  type: 'RoundDealt';
  round: number;
  startPlayer: number;
  /** Each seat's hand, left to right; `null` for seats the viewer may not see. */
  hands: (PlacedCard[] | null)[];
  handSizes: number[];
  /** 2p round 1: the 22 cards kept for round 2 (hidden from everyone). */
  setAside: PlacedCard[] | null;
  setAsideCount: number;
}

/** A seat's round-start choice (§2.3 step 4); `rotate` is `null` for everyone else. */
export interface RotationChosen {
  type: 'RotationChosen';
  seat: number;
  rotate: boolean | null;
}

/** Every seat has chosen: the start player takes the first turn. */
export interface PlayBegan {
  type: 'PlayBegan';
  round: number;
  player: number;
}

/** §3.5 step 2: the seat gives up its Scout & Show chip; a Scout and then a Show follow. */
export interface ScoutShowStarted {
  type: 'ScoutShowStarted';
  seat: number;
  /**
   * false only with `scoutShowOnlyWhenShowFollows` off, when no Show can follow the scout: the
   * action ends as a plain Scout. Absent (older events) means true.
   */
  showFollows?: boolean;
}

/** §3.4: a card taken from an end of the Active Set. */
export interface Scouted {
  type: 'Scouted';
  seat: number;
  end: End;
  /** The card as it lay in the set (public). */
  card: PlacedCard;
  /** Whether the scout turned it over: only the scout knows. */
  flip: boolean | null;
  /** Insert position in the scout's hand; `null` for others when positions are hidden. */
  at: number | null;
  atPublic: boolean;
  /** 3–5p: the Owner who takes a Scout chip from the supply. */
  chipTo: number | null;
  /** 2p: the scout paid one of its own chips. */
  paid: boolean;
}

/** §3.3: a set shown from the hand; the previous Active Set's cards are captured. */
export interface Shown {
  type: 'Shown';
  seat: number;
  from: number;
  to: number;
  cards: PlacedCard[];
  /** How many cards of the previous Active Set the seat captured. */
  captured: number;
}

/** 2p with `twoPlayerAllowPass`: a voluntary stop. */
export interface Passed {
  type: 'Passed';
  seat: number;
}

export type RoundEndReason = 'empty-hand' | 'scouted-around' | 'cannot-act' | 'passed' | 'action-limit';

export interface RoundScore {
  captured: number;
  scoutChips: number;
  handCards: number;
  /** Hand cards subtracted (0 for the exempt player). */
  handPenalty: number;
  score: number;
}

/** §4.1–4.2: the round is over; counts only (hands are not revealed). */
export interface RoundEnded {
  type: 'RoundEnded';
  round: number;
  reason: RoundEndReason;
  /** The Owner exempt from the hand penalty (condition 2), or null. */
  exempt: number | null;
  scores: RoundScore[];
  totals: number[];
}

export type ScoutEvent = RoundDealt | RotationChosen | PlayBegan | ScoutShowStarted | Scouted | Shown | Passed | RoundEnded;
