/**
 * What a played-out world is worth to each seat, in [0, 1]: mostly the win (shared in a tie, as
 * the league counts it), a little the score margin, so a lost game lost by less still counts.
 */
import type { GameResult } from '../../engine/core/index.js';

const WIN_WEIGHT = 0.8;

export function resultValue(result: GameResult, seats: number): number[] {
  const winners = new Set(result.winners);
  const scores = result.scores;
  // Whether the game's best score is its highest or its lowest: where its winners are.
  const winnerMean = mean(result.winners.map((s) => scores[s] ?? 0));
  const othersMean = mean(scores.filter((_, s) => !winners.has(s)));
  const sign = othersMean > winnerMean ? -1 : 1;
  const oriented = scores.map((x) => sign * x);
  const lo = Math.min(...oriented);
  const hi = Math.max(...oriented);
  return [...Array(seats).keys()].map((s) => {
    const win = winners.has(s) ? 1 / winners.size : 0;
    const margin = hi > lo ? (oriented[s]! - lo) / (hi - lo) : 0.5;
    return WIN_WEIGHT * win + (1 - WIN_WEIGHT) * margin;
  });
}

const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
