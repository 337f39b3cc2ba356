/**
 * The event store port. A stream per game, ordered by version; one commit per accepted
 * command (the command's events together), so a version is a count of commands.
 * The store knows nothing of games: events and snapshots are opaque JSON to it.
 */
export interface Commit {
  /** 1 for the first commit of a game. */
  version: number;
  events: unknown[];
  /** The client's idempotency key, when it gave one. */
  commandId?: string;
  /** The seat that issued the command (absent for create / join). */
  seat?: number;
  /** Who played it for the seat when not the seat's holder (a bot: "bot:search:1"); opaque to the store. */
  by?: string;
  /**
   * The command that produced the commit, as the public record keeps it. Secret while the game
   * runs (like the events it produced): only a finished game's record shows it.
   */
  command?: unknown;
  /** ISO-8601 time the commit was written (metadata, never seen by the engine). */
  at: string;
  /** Aggregate state after this commit, carried on some commits so loading stays O(1). */
  snapshot?: unknown;
  /** Where the commit stands in this machine's change feed (see `ChangeFeed`), when the store keeps one. */
  position?: number;
}

/**
 * The service writes a snapshot on every SNAPSHOT_EVERY-th version, so the newest SNAPSHOT_EVERY
 * commits of a game always hold one: a store reading that many, newest first, loads a game of
 * any length in one read of a bounded size.
 */
export const SNAPSHOT_EVERY = 8;

/** What `load` returns: the newest snapshot and every commit after it, oldest first. */
export interface Stream {
  version: number;
  snapshot: { version: number; data: unknown } | null;
  commits: Commit[];
}

export interface NewCommit {
  events: unknown[];
  commandId?: string;
  seat?: number;
  /** See `Commit.by`. */
  by?: string;
  /** The command that produced the commit (see `Commit.command`). */
  command?: unknown;
  snapshot?: unknown;
  /**
   * Identifies this one write attempt (default: a fresh UUID). If the write landed but its answer
   * was lost and the client retries it, the store recognises its own write instead of reporting
   * a conflict that would make the caller decide the move again.
   */
  attemptId?: string;
}

export interface AppendResult {
  version: number;
  /** The commit's position in the change feed, when the store keeps one. */
  position?: number;
}

export class VersionConflict extends Error {
  constructor(
    readonly gameId: string,
    readonly expectedVersion: number,
  ) {
    super(`game ${gameId} is past version ${expectedVersion}`);
    this.name = 'VersionConflict';
  }
}

export interface EventStore {
  /**
   * Appends one commit at `expectedVersion + 1`, atomically and only if no commit holds that
   * version yet: a stale version throws `VersionConflict`, never loses or duplicates events.
   */
  append(gameId: string, expectedVersion: number, commit: NewCommit): Promise<AppendResult>;
  /** The stream from its newest snapshot on, in O(1) round trips. `null` for an unknown game. */
  load(gameId: string): Promise<Stream | null>;
  /** Only the commits after `version` (for a caller that already holds the game at `version`). */
  commitsAfter(gameId: string, version: number): Promise<Commit[]>;
  /** Every commit of a game, oldest first (the full history, commands included: callers redact). */
  history(gameId: string): Promise<Commit[]>;
}

/** A commit met while reading the whole table. */
export interface ScannedCommit {
  gameId: string;
  commit: Commit;
}

/**
 * Reading every game's commits, page by page, for analytics. Within a page and across pages a
 * game's commits come together and in version order (games in no particular order); a position
 * is opaque, so a reader can stop and resume anywhere.
 */
export interface CommitScan {
  /**
   * The commits among the next `limit` table items after `position` (null: the start);
   * `scanned` counts the items read, commits or not; `next` is null at the end.
   */
  scanCommits(position: string | null, limit: number): Promise<{ commits: ScannedCommit[]; scanned: number; next: string | null }>;
  /** The position right after one commit (to resume at a game's end). */
  positionAfter(gameId: string, version: number): string;
  /** About how many items the table holds (for progress), or null if unknown. */
  approximateItems(): Promise<number | null>;
}

/** A commit as the change feed lists it. */
export interface FeedEntry {
  gameId: string;
  version: number;
  position: number;
}

/**
 * The change feed of one machine (npm start), what DynamoDB Streams is on AWS: every append is
 * written with the next position of a process-wide sequence (gaps allowed: a failed append
 * leaves one), so "every commit after position p" is one bounded read. Reactions keep a
 * checkpoint each (the position up to which they are done) and resume after it at start.
 */
export interface ChangeFeed {
  /** Takes the next position for an append about to be written; it stays open until `close`. */
  reserve(): number;
  /** The append at `position` failed, or its reactions have taken it over. */
  close(position: number): void;
  /** The lowest position still open, or null. */
  lowestOpen(): number | null;
  /** The highest position taken so far (from the table at start). */
  readonly last: number;
  /** The commits at positions after `position`, in position order, at most `limit`. */
  after(position: number, limit: number): Promise<FeedEntry[]>;
  readCheckpoints(): Promise<Record<string, number>>;
  /** What `readCheckpoints` would answer, when the feed read it at its start and nothing was saved since (one read less a start). */
  readonly checkpointsAtStart?: Record<string, number>;
  writeCheckpoints(checkpoints: Record<string, number>): Promise<void>;
}
