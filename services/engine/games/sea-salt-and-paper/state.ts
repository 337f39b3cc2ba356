/** The state (plain JSON) and initialState. */
import type { GameResult, SetupContext } from '../../core/index.js';
import type { CallKind, RoundSummary } from './events.js';
import { targetScore, type Options } from './options.js';

export type Phase = 'draw' | 'keep' | 'play' | 'crabPile' | 'crabCard' | 'shark' | 'over';

export interface State {
  seats: number;
  options: Options;
  target: number;
  round: number;
  starter: number;
  active: number;
  phase: Phase;
  /** Draw pile, top first. */
  deck: number[];
  /** The two discard piles, top last. */
  discards: number[][];
  /** Hands, sorted by id (the order never tells how a card was gained). */
  hands: number[][];
  /** Played duos per seat, pairs in a row. */
  played: number[][];
  /** Phase 1A: the cards drawn and not yet kept (the active seat's secret). */
  drawn: number[];
  /** Crab duo: the pile chosen. */
  crabPile: number | null;
  /** The call; `drawPileEmpty`: the draw pile was already empty when it was made (E9). */
  call: { kind: CallKind; caller: number; drawPileEmpty: boolean } | null;
  /** Hands made public (the caller's at a call, then the final turns', all at a scored round end). */
  revealed: boolean[];
  /** LAST CHANCE: seats whose final turn is not over yet, in turn order. */
  finalTurns: number[];
  /** Turns started this round, and the number of each seat's last one (-1: none yet). */
  turn: number;
  lastTurn: number[];
  totals: number[];
  lastRound: RoundSummary | null;
  result: (GameResult & { reason: 'TARGET' | 'FOUR_MERMAIDS' }) | null;
}

export function initialState({ seats, options }: SetupContext<Options>): State {
  return {
    seats,
    options,
    target: targetScore(seats, options),
    round: 0,
    starter: 0,
    active: 0,
    phase: 'draw',
    deck: [],
    discards: [[], []],
    hands: Array.from({ length: seats }, () => []),
    played: Array.from({ length: seats }, () => []),
    drawn: [],
    crabPile: null,
    call: null,
    revealed: Array(seats).fill(false),
    finalTurns: [],
    turn: 0,
    lastTurn: Array(seats).fill(-1),
    totals: Array(seats).fill(0),
    lastRound: null,
    result: null,
  };
}
