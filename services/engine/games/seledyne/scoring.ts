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
 * Who holds the start marker after a stage (A21). `holder` held it in the stage's last round. Seats
 * ordered by the first key, then the second (higher first); remaining ties go to the first seat
 * counter-clockwise (seat +1) from `holder`, counting `holder` first. Loops, not callbacks: every
 * stage end of every playout asks it.
 */
export function startAfterStage(scores: readonly StageScore[], holder: number, mode: Options['startMarkerAfterStage']): number {
  const byTotal = mode === 'HIGHEST_TOTAL';
  let best = -1;
  for (let i = 0; i < scores.length; i++) {
    const seat = (holder + i) % scores.length;
    if (best < 0) {
      best = seat;
      continue;
    }
    const a = scores[seat]!;
    const b = scores[best]!;
    const first = byTotal ? a.total - b.total : a.score - b.score;
    if (first > 0 || (first === 0 && (byTotal ? a.score - b.score : a.total - b.total) > 0)) best = seat;
  }
  return best;
}

/** Winners (A22): everyone on the top total, or CHAIN: last-stage score, then the lower counter sum. */
export function winners(scores: readonly StageScore[], mode: Options['winnerTieBreak']): number[] {
  const chain = mode === 'CHAIN';
  let top: StageScore | null = null;
  for (const x of scores) if (top === null || beats(x, top, chain) > 0) top = x;
  const out: number[] = [];
  for (const x of scores) if (beats(x, top!, chain) === 0) out.push(x.seat);
  return out;
}

/** Above 0 when `a` ranks above `b`: the total, then (CHAIN) the stage score, then the lower counter sum. */
function beats(a: StageScore, b: StageScore, chain: boolean): number {
  return a.total - b.total || (chain ? a.score - b.score || b.negative - a.negative : 0);
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
