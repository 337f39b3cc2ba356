/** Folding a game again to the versions a redelivery needs (reactions at start). */
import type { Commit, EventStore } from '../store/port.js';
import { applyCommit, fromStream, type Aggregate, type GameLookup } from './aggregate.js';

/**
 * The game right after each of `versions`, with those commits, folded from its whole history
 * (one paged read; a crash leaves only a few games to replay, each a few hundred commits at most).
 */
export async function replayCommits(store: Pick<EventStore, 'history'>, gameId: string, versions: number[], lookup: GameLookup): Promise<{ agg: Aggregate; commit: Commit }[]> {
  const wanted = new Set(versions);
  const out: { agg: Aggregate; commit: Commit }[] = [];
  let agg: Aggregate | null = null;
  for (const commit of await store.history(gameId)) {
    agg = agg ? applyCommit(agg, commit) : fromStream(gameId, { version: commit.version, snapshot: null, commits: [commit] }, lookup);
    if (wanted.has(commit.version)) out.push({ agg, commit });
  }
  return out;
}
