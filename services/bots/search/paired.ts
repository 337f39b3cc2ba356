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
  /** Sequential halving: rounds that each keep the better half of the moves, so the budget goes to the contenders. */
  halving: boolean;
}

export interface Lead {
  mean: number;
  se: number;
  /** The worlds this move was played in (with halving, fewer for a move dropped early). */
  worlds: number;
}

export interface PairedResult {
  move: unknown;
  policyMove: unknown;
  /** Per legal move: its mean lead in value over the policy's move in the worlds it was played in, and that mean's standard error. */
  leads: Lead[];
  /** Worlds sampled in all. */
  worlds: number;
}

export function pairedSearch({ view, legalMoves, keys, rng, context, policy, sampleWorld }: Root, o: PairedOptions): PairedResult {
  const { game, seat, setup } = context;
  const pick = policy(view, legalMoves, rng, context);
  const pickKey = JSON.stringify(pick);
  const pickIndex = Math.max(0, keys.indexOf(pickKey));
  const stats = legalMoves.map(() => ({ worlds: 0, sum: 0, squares: 0 }));
  const lead = (i: number): Lead => {
    const { worlds, sum, squares } = stats[i]!;
    const mean = sum / worlds;
    const variance = Math.max(0, squares / worlds - mean * mean) * (worlds / (worlds - 1));
    return { mean, se: Math.sqrt(variance / worlds), worlds };
  };
  // Without halving, one round: every move in every world. With it, each round spends an equal
  // share of the budget on the moves still in, then keeps the better half (the policy's always).
  const rounds = o.halving ? Math.max(1, Math.ceil(Math.log2(legalMoves.length))) : 1;
  let alive = legalMoves.map((_, i) => i);
  let worldsPlayed = 0;
  for (let round = 0; round < rounds; round++) {
    const worlds = Math.max(2, Math.floor(o.iterations / rounds / alive.length));
    for (let w = 0; w < worlds; w++) {
      const world = sampleWorld();
      const seed = rng.int(2 ** 32);
      const values = alive.map((i) => {
        const r = fastRng(seed); // the same draws after every move: the deck, the opponents' ties
        return outcomeValue(game, playOut(game, applyMove(game, world, legalMoves[i], seat, r), policy, setup, r, o.maxMoves), setup.seats, o.leadScale)[seat]!;
      });
      const base = values[alive.indexOf(pickIndex)]!;
      for (const [k, v] of values.entries()) {
        const d = v - base;
        const st = stats[alive[k]!]!;
        st.worlds++;
        st.sum += d;
        st.squares += d * d;
      }
    }
    worldsPlayed += worlds;
    if (round < rounds - 1) {
      const ranked = alive.filter((i) => i !== pickIndex).sort((a, b) => lead(b).mean - lead(a).mean);
      alive = [pickIndex, ...ranked.slice(0, Math.max(1, Math.ceil(alive.length / 2) - 1))];
    }
  }
  const leads = legalMoves.map((_, i) => lead(i));
  // The policy's move (lead 0) stands unless another still in has a lead clear by switchZ standard errors.
  let best = pickIndex;
  let bestScore = 0;
  for (const i of alive) {
    const { mean, se } = leads[i]!;
    const score = mean - o.switchZ * se;
    if (score > bestScore) [best, bestScore] = [i, score];
  }
  return { move: legalMoves[best], policyMove: pick, leads, worlds: worldsPlayed };
}
