/**
 * Where a rollout stops short of the game's end, per game: every game here lasts several rounds
 * (or stages), so a rollout plays to the end of the round it is in and the position is valued
 * from the game's own running totals there: cheaper than playing every round out and, for the
 * decision at hand, nearly as telling. A game not listed is played to its end.
 */
import type { AnyGame } from '../../engine/core/index.js';
import { resultValue } from './value.js';

export interface RolloutCut {
  /** A count that grows when a round (or stage) is scored. */
  stage(state: unknown): number;
  /** How many scored rounds a rollout plays through before it stops. */
  stages: number;
  /** Each seat's running total; `lowerWins` when the lowest total wins. */
  totals(state: unknown): number[];
  lowerWins?: boolean;
}

type Of<T> = (s: T) => number[];

const scout = { stage: (s: { roundScores: number[][] }) => s.roundScores[0]!.length, totals: ((s: { totals: number[] }) => s.totals) as Of<{ totals: number[] }> };
const silver = { stage: (s: { history: unknown[] }) => s.history.length, totals: ((s: { scores: number[] }) => s.scores) as Of<{ scores: number[] }>, lowerWins: true };
const seledyne = { stage: (s: { results: unknown[] }) => s.results.length, totals: ((s: { players: { total: number }[] }) => s.players.map((p) => p.total)) as Of<{ players: { total: number }[] }> };
const seaSaltAndPaper = { stage: (s: { round: number }) => s.round, totals: ((s: { totals: number[] }) => s.totals) as Of<{ totals: number[] }> };

export const CUTS: Record<string, RolloutCut> = {
  scout: { ...scout, stages: 1 } as RolloutCut,
  silver: { ...silver, stages: 1 } as RolloutCut,
  seledyne: { ...seledyne, stages: 1 } as RolloutCut,
  'sea-salt-and-paper': { ...seaSaltAndPaper, stages: 1 } as RolloutCut,
};

export const cutFor = (game: AnyGame): RolloutCut | undefined => CUTS[game.id];

/**
 * A position cut short, valued as if the game ended there: the leaders share the win. With a
 * `leadScale`, a soft win instead: the logistic of the seat's lead over its best rival in units of
 * `leadScale` points, so a round lost by 2 is worth more than one lost by 30 (with rounds still
 * to play, the margin is what carries over).
 */
export function cutValue(cut: RolloutCut, state: unknown, seats: number, leadScale: number | null = null): number[] {
  const scores = cut.totals(state);
  if (leadScale) {
    const oriented = scores.map((x) => (cut.lowerWins ? -x : x));
    return oriented.map((x, s) => 1 / (1 + Math.exp(-(x - Math.max(...oriented.filter((_, o) => o !== s))) / leadScale)));
  }
  const best = cut.lowerWins ? Math.min(...scores) : Math.max(...scores);
  return resultValue({ scores, winners: scores.flatMap((x, s) => (x === best ? [s] : [])) }, seats);
}

/** What a played-out world is worth to each seat: the result where the game ended, else the cut's value (0.5 each with no cut). */
export function outcomeValue(game: AnyGame, state: unknown, seats: number, leadScale: number | null): number[] {
  const st = game.status(state);
  if (st.over && st.result) return resultValue(st.result, seats);
  const cut = cutFor(game);
  return cut ? cutValue(cut, state, seats, leadScale) : Array(seats).fill(0.5);
}
