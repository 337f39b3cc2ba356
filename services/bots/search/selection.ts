/**
 * Choosing an edge at a node: UCB1 over availability counts (ISMCTS: the exploration term grows
 * with the iterations in which the move could have been played, not with the node's visits),
 * and, in games that ask for it, progressive widening seeded by the rollout policy. A node considers the policy's own move
 * first and one more untried move each time its visits pass the next square: with a budget of
 * dozens of iterations and dozens of legal moves (Silver, SCOUT), trying every move once would
 * leave each with a single noisy playout and the choice close to random; widened this way, the
 * search plays the policy's move unless a few alternatives prove better.
 */
import type { Rng } from '../../engine/core/index.js';
import type { Edge, TreeNode } from './tree.js';

/** How many of a node's moves it may have tried after `visits` passes: 1, 2 at 1, 3 at 4, 4 at 9 … */
export const widening = (visits: number) => 1 + Math.floor(Math.sqrt(visits));

export function selectEdge(node: TreeNode, actor: number, legal: readonly unknown[], keys: readonly string[], c: number, rng: Rng, preferred: (() => string) | null): { edge: Edge; expanded: boolean } {
  const edges = legal.map((move, i) => node.edge(actor, keys[i]!, move));
  for (const e of edges) e.available++;
  const tried = edges.filter((e) => e.visits > 0);
  const untried = edges.filter((e) => e.visits === 0);
  node.visits++;
  // Without a preferred move (no widening) every legal move is tried once before UCB chooses.
  if (untried.length && (!preferred || tried.length < widening(node.visits - 1))) {
    const first = preferred && tried.length === 0 ? untried.find((e) => e === node.edges.get(`${actor}|${preferred()}`)) : undefined;
    return { edge: first ?? untried[rng.int(untried.length)]!, expanded: true };
  }
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
