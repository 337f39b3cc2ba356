/**
 * The single observer's tree (SO-ISMCTS): one node per information set of the search, reached by
 * the moves played from the root, whatever world they were played in. An edge counts how often it
 * was legal (its availability: moves differ between sampled worlds) beside how often it was tried.
 */
export interface Edge {
  move: unknown;
  /** The seat that plays it: its value is the one this edge sums. */
  actor: number;
  visits: number;
  /** Iterations in which this move was legal when its node was reached. */
  available: number;
  /** Sum of the actor's values over the visits, each in [0, 1]. */
  total: number;
  child: TreeNode;
}

export class TreeNode {
  readonly edges = new Map<string, Edge>();

  /** The edge of `move` by `actor`, made on first sight. */
  edge(actor: number, key: string, move: unknown): Edge {
    const id = `${actor}|${key}`;
    let e = this.edges.get(id);
    if (!e) this.edges.set(id, (e = { move, actor, visits: 0, available: 0, total: 0, child: new TreeNode() }));
    return e;
  }

  /** How many nodes hang below (and including) this one: the decision's memory. */
  size(): number {
    let n = 1;
    for (const e of this.edges.values()) if (e.visits) n += e.child.size();
    return n;
  }
}
