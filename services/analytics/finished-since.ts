/**
 * The games that ended since a date, read as a CommitScan: what the daily export needs, found
 * through an index of finished games by day (kept by `finishedIndexProjection`) instead of a
 * scan of the whole table. Each page holds whole games, oldest ending first.
 */
import type { Projection } from '../app/projections.js';
import type { CommitScan, EventStore, ScannedCommit } from '../store/port.js';
import { isSealed } from '../app/sealed.js';
import { gameEndedIn } from './stats-projection.js';
import type { FinishedIndex } from '../store/read-models.js';

export type { FinishedIndex } from '../store/read-models.js';

/** Keeps the index: a game is marked by the commit that ends it (a sealed tournament game by the one that reveals its deal). */
export function finishedIndexProjection(index: FinishedIndex): Projection {
  return {
    name: 'finished-index',
    async apply(agg, commit) {
      const revealed = commit.events.some((e) => (e as { type: string }).type === 'DealRevealed');
      if ((gameEndedIn(commit) && !isSealed(agg)) || revealed) await index.mark(agg.id, commit.at);
    },
  };
}

export class FinishedSince implements CommitScan {
  private ids: string[] | null = null;

  constructor(
    private readonly index: FinishedIndex,
    private readonly store: Pick<EventStore, 'history'>,
    private readonly since: string,
  ) {}

  /** Whole games from the position on, until the page holds `limit` commits (at least one game). */
  async scanCommits(position: string | null, limit: number): Promise<{ commits: ScannedCommit[]; scanned: number; next: string | null }> {
    const ids = (this.ids ??= await this.index.endedSince(this.since));
    let at = position === null ? 0 : Number(position);
    const commits: ScannedCommit[] = [];
    while (at < ids.length && commits.length < limit) {
      const gameId = ids[at++]!;
      commits.push(...(await this.store.history(gameId)).map((commit) => ({ gameId, commit })));
    }
    return { commits, scanned: commits.length, next: at < ids.length ? String(at) : null };
  }

  positionAfter(gameId: string): string {
    return String((this.ids?.indexOf(gameId) ?? -1) + 1);
  }

  async approximateItems(): Promise<number | null> {
    return null;
  }
}
