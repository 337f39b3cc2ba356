/**
 * Paired playouts at the root: each sampled world is played out once after every legal move, on
 * the same random numbers, so two moves are compared in the same worlds (common random numbers).
 * Where one world's luck swings a round by more than a move does (Silver: the deck and the hidden
 * villages), a tree's few unpaired playouts per move rank them by luck; paired, the luck cancels in
 * the difference. The policy's move stands unless another beats it by `switchZ` standard errors of
 * the paired difference: with few worlds a small lead is chance, and the policy is a fair player.
 */
import { fastRng } from '../../engine/core/index.js';
import { outcomeValue } from './cut.js';
import type { Root } from './root.js';
import { applyMove, playOut } from './rollout.js';

export interface PairedOptions {
  /** Playouts in all: a world costs one per legal move. */
  iterations: number;
  switchZ: number;
  leadScale: number | null;
  maxMoves: number;
}

export interface Lead {
  mean: number;
  se: number;
}

export interface PairedResult {
  move: unknown;
  policyMove: unknown;
  /** Per legal move: its mean lead in value over the policy's move in the worlds played, and that mean's standard error. */
  leads: Lead[];
  worlds: number;
}

export function pairedSearch({ view, legalMoves, keys, rng, context, policy, sampleWorld }: Root, o: PairedOptions): PairedResult {
  const { game, seat, setup } = context;
  const pick = policy(view, legalMoves, rng, context);
  const pickKey = JSON.stringify(pick);
  const pickIndex = Math.max(0, keys.indexOf(pickKey));
  const worlds = Math.max(2, Math.floor(o.iterations / legalMoves.length));
  const diffs = legalMoves.map(() => ({ sum: 0, squares: 0 }));
  for (let w = 0; w < worlds; w++) {
    const world = sampleWorld();
    const seed = rng.int(2 ** 32);
    const values = legalMoves.map((m) => {
      const r = fastRng(seed); // the same draws after every move: the deck, the opponents' ties
      return outcomeValue(game, playOut(game, applyMove(game, world, m, seat, r), policy, setup, r, o.maxMoves), setup.seats, o.leadScale)[seat]!;
    });
    for (const [i, v] of values.entries()) {
      const d = v - values[pickIndex]!;
      diffs[i]!.sum += d;
      diffs[i]!.squares += d * d;
    }
  }
  const leads = diffs.map(({ sum, squares }) => {
    const mean = sum / worlds;
    const variance = Math.max(0, squares / worlds - mean * mean) * (worlds / (worlds - 1));
    return { mean, se: Math.sqrt(variance / worlds) };
  });
  // The policy's move (lead 0) stands unless another's lead is clear by switchZ standard errors.
  let best = pickIndex;
  let bestScore = 0;
  for (const [i, { mean, se }] of leads.entries()) {
    const score = mean - o.switchZ * se;
    if (score > bestScore) [best, bestScore] = [i, score];
  }
  return { move: legalMoves[best], policyMove: pick, leads, worlds };
}
