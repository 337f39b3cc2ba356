/**
 * The tree search (SO-ISMCTS): each iteration samples a world the bot's seat cannot tell from the
 * real one, walks the shared tree by UCB over the moves legal in that world, adds one node, plays
 * on with the rollout policy and backs up each seat's value.
 */
import { outcomeValue } from './cut.js';
import type { Root } from './root.js';
import { applyMove, nextActor, playOut, policyMove } from './rollout.js';
import { mostVisited, selectEdge } from './selection.js';
import { relativeOrder } from '../seat-order.js';
import { TreeNode, type Edge } from './tree.js';

export interface TreeOptions {
  iterations: number;
  c: number;
  /** Opponents' turns: tree nodes, or played by the policy. */
  opponents: 'tree' | 'policy';
  leadScale: number | null;
  maxMoves: number;
}

export interface TreeResult {
  move: unknown;
  /** The root's edges, in legal-move order: move, visits, mean value. */
  edges: Edge[];
  nodes: number;
}

export function treeSearch({ legalMoves, keys, rng, context, policy, sampleWorld }: Root, o: TreeOptions): TreeResult {
  const { game, seat, setup } = context;
  const root = new TreeNode();
  const opponentsByPolicy = o.opponents === 'policy';
  for (let it = 0; it < o.iterations; it++) {
    let state = sampleWorld();
    let node: TreeNode | null = root;
    const path: Edge[] = [];
    // In the tree: the bot's own moves and (unless the tuning plays them by the policy) its opponents'
    // turns; others' simultaneous choices are always the policy's.
    for (let moves = 0; node && moves < o.maxMoves; moves++) {
      const st = game.status(state);
      if (st.over) break;
      const actor = nextActor(st.toMove, seat);
      if ((st.toMove.length > 1 || opponentsByPolicy) && actor !== seat) {
        state = applyMove(game, state, policyMove(game, policy, state, actor, setup, rng), actor, rng);
        continue;
      }
      // Below the root too, moves in the seat-relative order: UCB keeps the first of equal scores.
      const legal = node === root ? legalMoves : relativeOrder(game.legalCommands(state, actor), { game, seat: actor, setup });
      const legalKeys = node === root ? keys : legal.map((m) => JSON.stringify(m));
      const { edge, expanded } = selectEdge(node, actor, legal, legalKeys, o.c, rng);
      path.push(edge);
      state = applyMove(game, state, edge.move, actor, rng);
      node = expanded ? null : edge.child;
    }
    const value = outcomeValue(game, playOut(game, state, policy, setup, rng, o.maxMoves), setup.seats, o.leadScale);
    for (const e of path) {
      e.visits++;
      e.total += value[e.actor]!;
    }
  }
  const edges = keys.map((k) => root.edges.get(`${seat}|${k}`)!);
  const tried = edges.filter((e) => e.visits > 0);
  return { move: tried.length ? mostVisited(tried).move : legalMoves[0], edges, nodes: root.size() };
}
