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
  /**
   * Per pile, every card put face up on it this round, bottom first (public memory: a person at
   * the table saw each one land). The pile holds some of them in this order; the others were taken.
   */
  pileLog: number[][];
  /** Hands, sorted by id (the order never tells how a card was gained). */
  hands: number[][];
  /** Played duos per seat, pairs in a row. */
  played: number[][];
  /**
   * `known[v][p]`: cards seat `v` knows to be in seat `p`'s hand (taken from a discard pile in view
   * of all, or a theft `v` saw), dropped once they may have left it. Index `seats`: a spectator.
   */
  known: number[][][];
  /**
   * `pileGone[v][pile]`: cards seen landing on the pile that seat `v` knows have left it unseen
   * (it looked through the pile with a crab and they were not there).
   */
  pileGone: number[][][];
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
    pileLog: [[], []],
    hands: Array.from({ length: seats }, () => []),
    played: Array.from({ length: seats }, () => []),
    known: noKnowledge(seats),
    pileGone: nothingGone(seats),
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

/** Nobody knows anything of another's hand (a round's start); one row per seat and a spectator's. */
export function noKnowledge(seats: number): number[][][] {
  const known: number[][][] = [];
  for (let v = 0; v <= seats; v++) {
    const rows: number[][] = [];
    for (let p = 0; p < seats; p++) rows.push([]);
    known.push(rows);
  }
  return known;
}

/** No seat has looked through a pile yet (a round's start). */
export function nothingGone(seats: number): number[][][] {
  const gone: number[][][] = [];
  for (let v = 0; v < seats; v++) gone.push([[], []]);
  return gone;
}

/**
 * A shallow copy for `evolve` to change and return. Written out field by field (in the order of
 * `initialState`): every state then shares one hidden class, and V8 copies it about 3× faster
 * than a spread.
 */
export function copyState(s: State): State {
  return {
    seats: s.seats,
    options: s.options,
    target: s.target,
    round: s.round,
    starter: s.starter,
    active: s.active,
    phase: s.phase,
    deck: s.deck,
    discards: s.discards,
    pileLog: s.pileLog,
    hands: s.hands,
    played: s.played,
    known: s.known,
    pileGone: s.pileGone,
    drawn: s.drawn,
    crabPile: s.crabPile,
    call: s.call,
    revealed: s.revealed,
    finalTurns: s.finalTurns,
    turn: s.turn,
    lastTurn: s.lastTurn,
    totals: s.totals,
    lastRound: s.lastRound,
    result: s.result,
  };
}
