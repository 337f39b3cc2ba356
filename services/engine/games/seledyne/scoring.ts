/**
 * Stage scoring, totals, the start marker after a stage and the winners (§5.3–§5.7), as pure functions.
 * Sections (§) and option ids (A0–A30) cite docs/rules/seledyne.md.
 */
import { total } from './cards.js';
import type { StageEndReason, StageScore } from './events.js';
import type { Options } from './options.js';
import type { IsthamEntry, Player, State } from './state.js';

/** Positive points per seat: CARD_OWNER credits the card's house, TRIBUTER the seat that tributed it (A18). */
export function positivePoints(players: readonly Player[], istham: readonly IsthamEntry[], mode: Options['positiveScoring']): number[] {
  const out = players.map(() => 0);
  for (const e of istham) {
    const seat = mode === 'TRIBUTER' ? e.tributedBy : players.findIndex((p) => p.house === e.card.house);
    if (seat >= 0) out[seat]! += e.card.value;
  }
  return out;
}

/** The new running total after a stage score (A19): the shown total never goes below 0. */
export function addScore(p: Pick<Player, 'total' | 'raw'>, score: number, mode: Options['scoreFloorMode']): { total: number; raw: number } {
  if (mode === 'PERSISTENT_CLAMP') {
    const t = Math.max(0, p.total + score);
    return { total: t, raw: t };
  }
  const raw = p.raw + score;
  return { total: Math.max(0, raw), raw };
}

export function stageScores(s: State): StageScore[] {
  const positive = positivePoints(s.players, s.istham, s.options.positiveScoring);
  return s.players.map((p, seat) => {
    const negative = total(p.counter);
    const score = positive[seat]! - negative;
    return { seat, positive: positive[seat]!, negative, score, ...addScore(p, score, s.options.scoreFloorMode) };
  });
}

/**
 * Seats ordered by the keys (higher first); remaining ties go to the first seat counter-clockwise
 * (seat +1) from `from`, counting `from` first.
 */
function best(seats: number, from: number, keys: ((seat: number) => number)[]): number {
  const order = Array.from({ length: seats }, (_, i) => (from + i) % seats);
  let pool = order;
  for (const key of keys) {
    const top = Math.max(...pool.map(key));
    pool = pool.filter((x) => key(x) === top);
  }
  return pool[0]!;
}

/** Who holds the start marker after a stage (A21). `holder` held it in the stage's last round. */
export function startAfterStage(scores: readonly StageScore[], holder: number, mode: Options['startMarkerAfterStage']): number {
  const totalOf = (i: number) => scores[i]!.total;
  const scoreOf = (i: number) => scores[i]!.score;
  return best(scores.length, holder, mode === 'HIGHEST_TOTAL' ? [totalOf, scoreOf] : [scoreOf, totalOf]);
}

/** Winners (A22): everyone on the top total, or CHAIN: last-stage score, then the lower counter sum. */
export function winners(scores: readonly StageScore[], mode: Options['winnerTieBreak']): number[] {
  let pool = scores.map((x) => x.seat);
  const keep = (key: (x: StageScore) => number) => {
    const top = Math.max(...pool.map((i) => key(scores[i]!)));
    pool = pool.filter((i) => key(scores[i]!) === top);
  };
  keep((x) => x.total);
  if (mode === 'CHAIN') {
    keep((x) => x.score);
    keep((x) => -x.negative);
  }
  return pool;
}

export function stageEnded(s: State, reason: StageEndReason) {
  const scores = stageScores(s);
  const last = s.stage >= s.options.stages;
  return {
    type: 'StageEnded' as const,
    stage: s.stage,
    reason,
    scores,
    startSeat: last ? null : startAfterStage(scores, s.startSeat, s.options.startMarkerAfterStage),
    winners: last ? winners(scores, s.options.winnerTieBreak) : null,
  };
}
