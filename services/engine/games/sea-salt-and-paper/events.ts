/**
 * Events. Hidden parts (the deck order, drawn and kept cards, a crab's pick, a fish draw, a
 * stolen card) are `null` in the copies `redact` gives to viewers who may not know them.
 */
import type { Duo } from './cards.js';

export type CallKind = 'STOP' | 'LAST_CHANCE';
export type RoundEnd = CallKind | 'EMPTY_DECK';

export interface RoundSummary {
  round: number;
  reason: RoundEnd;
  /** The caller, or null when the draw pile ran out. */
  caller: number | null;
  /** LAST CHANCE only: whether the caller won the bet. */
  betWon: boolean | null;
  /** Every hand, revealed at the end of a scored round; null for an unscored round. */
  hands: number[][] | null;
  /** The played duos of each seat (pairs in a row); null for an unscored round. */
  played: number[][] | null;
  cardPoints: number[] | null;
  colourBonus: number[] | null;
  scores: number[];
  totals: number[];
  /** Who plays first in the next round. */
  nextStarter: number;
}

export type Event =
  /** A round starts (§2.4); `starter` takes the first turn. */
  | { type: 'RoundStarted'; round: number; starter: number; deckCount: number; discards: [number, number]; deck: number[] | null }
  | { type: 'Drew'; seat: number; count: number; cards: number[] | null }
  | { type: 'Kept'; seat: number; card: number | null; discarded: number; pile: number }
  | { type: 'TookDiscard'; seat: number; pile: number; card: number }
  | { type: 'DuoPlayed'; seat: number; cards: [number, number]; duo: Duo; effect: boolean }
  | { type: 'PileChosen'; seat: number; pile: number }
  | { type: 'CardTaken'; seat: number; pile: number; card: number | null }
  | { type: 'FishDrew'; seat: number; card: number | null }
  | { type: 'Stole'; seat: number; from: number; card: number | null; victimRevealed: boolean }
  /** A turn is over; `next` takes the next turn, or null when the round ends here. */
  | { type: 'TurnEnded'; seat: number; next: number | null }
  | { type: 'Called'; seat: number; call: CallKind; hand: number[] }
  | { type: 'HandRevealed'; seat: number; hand: number[] }
  | ({ type: 'RoundEnded' } & RoundSummary)
  | { type: 'GameOver'; reason: 'TARGET' | 'FOUR_MERMAIDS'; winners: number[]; scores: number[] };
