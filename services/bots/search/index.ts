/**
 * The `search` bot: information-set Monte Carlo tree search with a single observer (SO-ISMCTS).
 * Each iteration samples a world the bot's seat cannot tell from the real one
 * (`game.sampleWorld(view, …)`), walks the shared tree by UCB over the moves legal in that world,
 * adds one node, plays on with the rollout policy and backs up each seat's value. It sees the
 * view, the legal moves and the public setup, and calls the game's functions on sampled worlds
 * only. The budget is a number of iterations, so the move is a pure function of what it is given.
 */
import { fastRng, randomBot, type Bot, type BotContext, type Rng } from '../../engine/core/index.js';
import { outcomeValue } from './cut.js';
import { pairedSearch, type Lead } from './paired.js';
import { applyMove, nextActor, playOut, policyFor, policyMove } from './rollout.js';
import { mostVisited, selectEdge } from './selection.js';
import { TreeNode, type Edge } from './tree.js';
import { searchLevel, tuningOf, type SearchTuning } from './tuning.js';

export interface SearchOptions extends Partial<Omit<SearchTuning, 'levels'>> {
  iterations: number;
  /** Moves a rollout plays at most (a guard against endless play). */
  maxMoves?: number;
}

export { searchLevel };

export interface SearchResult {
  move: unknown;
  /** The root's edges, for tests and tuning: move, visits, mean value. */
  edges: Edge[];
  nodes: number;
  /** Paired playouts (tuning.ts): the policy's own move, which stands unless another proved clearly better. */
  policyMove?: unknown;
  /** Paired playouts (tuning.ts): each root move's lead over the policy's move, in legal-move order. */
  leads?: Lead[];
}

export function search(view: unknown, legalMoves: readonly unknown[], given: Rng, context: BotContext, o: SearchOptions): SearchResult {
  const { game, seat, setup } = context;
  const sample = game.sampleWorld;
  if (!sample || legalMoves.length <= 1) return { move: randomBot(view, legalMoves, given), edges: [], nodes: 1 };
  const rng = fastRng(given.int(2 ** 32)); // the given rng is SHA-256 based: too slow for thousands of draws
  const root = new TreeNode();
  const rootKeys = legalMoves.map((m) => JSON.stringify(m));
  const policy = policyFor(game);
  const { c, switchZ, opponents, leadScale, paired } = { ...tuningOf(game.id), ...o };
  const maxMoves = o.maxMoves ?? 2000;
  if (paired) {
    const r = pairedSearch(view, legalMoves, rng, context, policy, { iterations: o.iterations, switchZ, leadScale, maxMoves });
    return { move: r.move, edges: [], nodes: 1, policyMove: r.policyMove, leads: r.leads };
  }
  const opponentsByPolicy = opponents === 'policy';

  for (let it = 0; it < o.iterations; it++) {
    let state = sample(view, seat, rng, setup);
    let node: TreeNode | null = root;
    const path: Edge[] = [];
    // In the tree: the bot's own moves and (unless the tuning plays them by the policy) its opponents'
    // turns; others' simultaneous choices are always the policy's.
    for (let moves = 0; node && moves < maxMoves; moves++) {
      const st = game.status(state);
      if (st.over) break;
      const actor = nextActor(st.toMove, seat);
      if ((st.toMove.length > 1 || opponentsByPolicy) && actor !== seat) {
        state = applyMove(game, state, policyMove(game, policy, state, actor, setup, rng), actor, rng);
        continue;
      }
      const legal = node === root ? legalMoves : game.legalCommands(state, actor);
      const keys = node === root ? rootKeys : legal.map((m) => JSON.stringify(m));
      const { edge, expanded } = selectEdge(node, actor, legal, keys, c, rng);
      path.push(edge);
      state = applyMove(game, state, edge.move, actor, rng);
      node = expanded ? null : edge.child;
    }
    const value = outcomeValue(game, playOut(game, state, policy, setup, rng, maxMoves), setup.seats, leadScale);
    for (const e of path) {
      e.visits++;
      e.total += value[e.actor]!;
    }
  }
  const edges = rootKeys.map((k) => root.edges.get(`${seat}|${k}`)!);
  const tried = edges.filter((e) => e.visits > 0);
  if (!tried.length) return { move: legalMoves[0], edges, nodes: root.size() };
  return { move: mostVisited(tried).move, edges, nodes: root.size() };
}

/** The search bot of a game at a level (its iteration budget). */
export function searchBot(game: string, level: number, o: Partial<SearchOptions> = {}): Bot {
  const iterations = searchLevel(game, level);
  return (view, legalMoves, rng, context) => search(view, legalMoves, rng, context, { iterations, ...o }).move;
}
