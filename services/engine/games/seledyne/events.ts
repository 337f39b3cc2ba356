/**
 * Seledyne's events. Hidden parts (another seat's cards, a pending simultaneous choice) are
 * replaced by `null` in the copy a viewer receives (see view.ts `redact`).
 * Sections (§) and option ids (A0–A30) cite docs/rules/seledyne.md.
 */
import type { Card } from './cards.js';

export type ExchangeTime = 'T0' | 'T3' | 'T5';
export type StageEndReason = 'lastRound' | 'noLegalGift' | 'deadlock' | 'roundCap';

export interface StageScore {
  seat: number;
  /** Points for cards in Isthām (A18 decides whose). */
  positive: number;
  /** Sum of the cards left in the player's counter. */
  negative: number;
  score: number;
  /** The running total after the floor (A19). */
  total: number;
  /** The running sum without the floor (equals `total` under PERSISTENT_CLAMP). */
  raw: number;
}

export type SeledyneEvent =
  /** §2.4: every card back to its owner, a fresh hand (hidden) and reserve (hidden) per seat. */
  | { type: 'StageStarted'; stage: number; startSeat: number; hands: (Card[] | null)[]; reserves: (Card[] | null)[] }
  /** §3 R1: a seat's round-draw choice, hidden from the others. */
  | { type: 'RoundDrawChosen'; seat: number; draw: boolean | null; card: Card | null }
  /** §3 R1: every choice is in; who drew (the cards only for their owners). */
  | { type: 'RoundDrawResolved'; draws: { seat: number; card: Card | null }[] }
  /** §3 R2: the dice, in seat order. */
  | { type: 'Rolled'; dice: number[] }
  /** §3 R3: a seat's Six Rule choice, hidden from the others until all are in. */
  | { type: 'SixRuleChosen'; seat: number; use: boolean | null; card: Card | null }
  /** §3 R3: Six Rule choices revealed and applied (a user's die becomes 5; the card only for its owner). */
  | { type: 'SixRuleResolved'; results: { seat: number; use: boolean; card: Card | null }[] }
  /** §4.6: an exchange happened (the cards only for the owner). */
  | { type: 'Exchanged'; seat: number; at: ExchangeTime; give: Card | null; take: Card | null }
  /** §4.3: a counter card added to the tribute being built. */
  | { type: 'TributeSelected'; seat: number; card: Card }
  /** §4.3: the tribute moved to Isthām; the effective die and the Six-Multiple draws it earned. */
  | { type: 'Tributed'; seat: number; cards: Card[]; boost: boolean; effectiveDie: number; drawsEarned: number }
  /** §4.7: one earned card drawn (the card only for its owner). */
  | { type: 'SixMultipleDrawn'; seat: number; card: Card | null }
  | { type: 'DrawsStopped'; seat: number }
  /** §4.2: cards given from a hand to a counter, paying `difference`. */
  | { type: 'Gifted'; seat: number; target: number; cards: Card[]; difference: number }
  /** §5.1: the seat gave away its last house card; this round is the last round. */
  | { type: 'LastRoundTriggered'; seat: number }
  /**
   * A turn ends; `gifted: false` is a pass. `auto` when public facts left nothing else to do: an
   * empty hand with no tribute leading to a gift (A30), or an empty reserve (the hand is then the
   * public set of unplayed cards) and no move but to pass or end.
   */
  | { type: 'TurnEnded'; seat: number; gifted: boolean; auto: boolean }
  /** §3 R5: a new round begins with this number and start seat. */
  | { type: 'RoundEnded'; round: number; startSeat: number }
  /** §5: the stage is scored; `startSeat` holds the marker next (null after the last stage); `winners` when the game is over. */
  | { type: 'StageEnded'; stage: number; reason: StageEndReason; scores: StageScore[]; startSeat: number | null; winners: number[] | null };
