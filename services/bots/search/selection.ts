/**
 * Choosing an edge at a node: UCB1 over availability counts (ISMCTS: the exploration term grows
 * with the iterations in which the move could have been played, not with the node's visits).
 * Every legal move is tried once before UCB chooses.
 */
import type { Rng } from '../../engine/core/index.js';
import type { Edge, TreeNode } from './tree.js';

export function selectEdge(node: TreeNode, actor: number, legal: readonly unknown[], keys: readonly string[], c: number, rng: Rng): { edge: Edge; expanded: boolean } {
  const edges = legal.map((move, i) => node.edge(actor, keys[i]!, move));
  for (const e of edges) e.available++;
  const tried = edges.filter((e) => e.visits > 0);
  const untried = edges.filter((e) => e.visits === 0);
  if (untried.length) return { edge: untried[rng.int(untried.length)]!, expanded: true };
  let best = tried[0]!;
  let bestScore = -Infinity;
  for (const e of tried) {
    const score = e.total / e.visits + c * Math.sqrt(Math.log(e.available) / e.visits);
    if (score > bestScore) [best, bestScore] = [e, score];
  }
  return { edge: best, expanded: false };
}

/** The move to play: the root edge tried most (the robust child), ties to the better mean. */
export function mostVisited(edges: readonly Edge[]): Edge {
  return edges.reduce((a, b) => (b.visits > a.visits || (b.visits === a.visits && b.total > a.total) ? b : a));
}
