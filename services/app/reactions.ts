/**
 * Every reaction to a commit (read models, timers, server moves, notifications …) as a consumer
 * of the event log with a durable checkpoint, on one machine as DynamoDB Streams gives it on AWS.
 *
 * Live, the service hands each commit to `deliver` right after its append. With a change feed
 * (npm start) each reaction also has a checkpoint: the feed position up to which it is done,
 * saved every `checkpointMs`. At start `recover` reads the feed after the lowest checkpoint (the
 * commits of the last second or so, plus any a reaction was still working on) and delivers each
 * commit again to every reaction not yet past it. Delivery is at least once, so a reaction must
 * be idempotent (versioned writes, pinned commits, deterministic ids): redelivery changes nothing.
 *
 * Adding one is a line: `reactions.add({ name, apply })`. The name is its checkpoint's key.
 *
 * A reaction that cannot take a commit now (the bots' queue is full, the server is stopping)
 * throws `Later`: the commit is not retried and not passed by the reaction's checkpoint (only the
 * lowest such position is kept, so the memory is one number), and `resume` or the next start
 * delivers it again from the feed.
 */
import type { ChangeFeed, Commit, FeedEntry } from '../store/port.js';
import type { Aggregate } from './aggregate.js';

/** Thrown by a reaction that will take this commit later (`resume`, or the next start), never lost meanwhile. */
export class Later extends Error {}

export interface Reaction {
  /** Stable: its checkpoint is kept under it. */
  name: string;
  apply(agg: Aggregate, commit: Commit): void | Promise<void>;
  /** Runs without holding up the command that committed (server moves); its checkpoint still waits for it. */
  background?: boolean;
}

export interface ReactionsOptions {
  /** Where the commits are numbered (none: reactions run live only, with no checkpoint). */
  feed?: ChangeFeed;
  /** The game right after each of `versions`, with those commits (for redelivery at start). */
  replay(gameId: string, versions: number[]): Promise<{ agg: Aggregate; commit: Commit }[]>;
  log: { error(details: object, message: string): void };
  /** How often checkpoints are saved (default 1 s): what a crash makes redeliver. */
  checkpointMs?: number;
  /** Waits before retrying a failed reaction (default 100 ms, 1 s); then it is logged and skipped. */
  retries?: readonly number[];
}

/** Feed entries read per page at start. */
const PAGE = 500;

export class Reactions {
  private readonly reactions: Reaction[] = [];
  /** Per reaction, the positions it has been handed and not finished. */
  private readonly open = new Map<string, Set<number>>();
  private checkpoints: Record<string, number> = {};
  /** Positions read from the feed at start and not yet delivered again: no checkpoint passes them. */
  private readonly redelivering = new Set<number>();
  /** The highest position handed to the reactions. */
  private delivered = 0;
  private flushTimer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();
  private readonly checkpointMs: number;
  private readonly retries: readonly number[];
  /** Every reaction attempt under way, background ones too: `stop` waits for them. */
  private readonly underway = new Set<Promise<void>>();
  private stopped = false;
  /** Per reaction, the lowest and the highest position it left for later (`Later`, or a failure while stopping). */
  private readonly kept = new Map<string, number>();
  private readonly keptHighest = new Map<string, number>();

  constructor(private readonly options: ReactionsOptions) {
    this.checkpointMs = options.checkpointMs ?? 1000;
    this.retries = options.retries ?? [100, 1000];
  }

  add(reaction: Reaction): void {
    if (this.reactions.some((r) => r.name === reaction.name)) throw new Error(`a reaction named ${reaction.name} is registered already`);
    this.reactions.push(reaction);
    this.open.set(reaction.name, new Set());
  }

  /** A commit just appended (the service's commit listener): every reaction, in registration order. */
  deliver(agg: Aggregate, commit: Commit): Promise<void> {
    // Once stopping, a commit (a bot's move under way, a late timer) waits for the next start: its
    // feed position stays open, so no checkpoint passes it and `recover` delivers it then.
    if (this.stopped) return Promise.resolve();
    return this.run(this.reactions, agg, commit);
  }

  /**
   * At start: delivers again every commit some reaction has not checkpointed. Bounded by the
   * commits appended since the last checkpoint save, read keys-only from the feed, then one
   * history read per game. Returns how many commits were redelivered.
   */
  async recover(): Promise<number> {
    const feed = this.options.feed;
    if (!feed) return 0;
    this.checkpoints = { ...(feed.checkpointsAtStart ?? (await feed.readCheckpoints())) };
    // A reaction new in this build starts where the oldest other one stands (with none saved yet —
    // a crash before the first save — every reaction starts at the beginning of the feed).
    const start = Object.keys(this.checkpoints).length ? Math.min(...Object.values(this.checkpoints)) : 0;
    for (const r of this.reactions) this.checkpoints[r.name] ??= start;
    // Who is past what, as saved: checkpoints saved while this runs must not hide a commit not yet redelivered.
    const saved = { ...this.checkpoints };
    const from = Math.min(...this.reactions.map((r) => saved[r.name]!));
    // Commits appended from now on (a late timer, a bot's move) are delivered live, not here.
    const end = feed.last;
    const entries: FeedEntry[] = [];
    // Every reaction past the feed's last position (a clean stop, an empty table): nothing to read.
    if (from < end) for (let page = await feed.after(from, PAGE); page.length > 0; page = page.length < PAGE ? [] : await feed.after(page.at(-1)!.position, PAGE)) entries.push(...page.filter((e) => e.position <= end));
    for (const e of entries) this.redelivering.add(e.position);
    const byGame = new Map<string, FeedEntry[]>();
    for (const e of entries) byGame.set(e.gameId, [...(byGame.get(e.gameId) ?? []), e]);
    for (const [gameId, game] of byGame) {
      game.sort((a, b) => a.version - b.version);
      const replayed = await this.options.replay(gameId, game.map((e) => e.version)).catch((e: unknown) => {
        this.options.log.error({ err: e, gameId }, 'could not replay a game to redeliver its commits'); // a damaged stream: the others go on
        return [];
      });
      for (const e of game.slice(replayed.length)) this.redelivering.delete(e.position);
      for (const [i, { agg, commit }] of replayed.entries()) {
        const position = game[i]!.position;
        await this.run(this.reactions.filter((r) => saved[r.name]! < position), agg, { ...commit, position });
        this.redelivering.delete(position);
      }
    }
    return entries.length;
  }

  /**
   * Delivers again, to reaction `name` alone, every commit from the lowest one it left for later:
   * read from the feed a page at a time (keys only), one history read per game, as at start.
   * Commits it had already taken are handed over again too (reactions are idempotent).
   */
  async resume(name: string): Promise<number> {
    await new Promise((resolve) => setImmediate(resolve)); // a `Later` just thrown has marked its position by then
    const from = this.kept.get(name);
    const feed = this.options.feed;
    const reaction = this.reactions.find((r) => r.name === name);
    if (from === undefined || !feed || !reaction || this.stopped) return 0;
    const end = feed.last;
    const entries: FeedEntry[] = [];
    for (let page = await feed.after(from - 1, PAGE); page.length > 0; page = page.length < PAGE ? [] : await feed.after(page.at(-1)!.position, PAGE)) entries.push(...page.filter((e) => e.position <= end));
    // Held by `redelivering` from here on, so the kept mark can go (a new `Later` sets it again).
    for (const e of entries) this.redelivering.add(e.position);
    // One left for later after the feed was read (past `end`) is taken from end + 1 at the next resume.
    if ((this.keptHighest.get(name) ?? 0) > end) this.kept.set(name, end + 1);
    else this.kept.delete(name);
    this.keptHighest.delete(name);
    const byGame = new Map<string, FeedEntry[]>();
    for (const e of entries) byGame.set(e.gameId, [...(byGame.get(e.gameId) ?? []), e]);
    for (const [gameId, game] of byGame) {
      game.sort((a, b) => a.version - b.version);
      const replayed = await this.options.replay(gameId, game.map((e) => e.version)).catch(() => []);
      for (const [i, { agg, commit }] of replayed.entries()) await this.run([reaction], agg, { ...commit, position: game[i]!.position });
      for (const e of game) this.redelivering.delete(e.position);
    }
    return entries.length;
  }

  /**
   * Stops handing commits over, waits for the reactions under way (so none writes to a closed
   * store), then saves the checkpoints (and stops saving them on a timer).
   */
  async stop(): Promise<void> {
    this.stopped = true;
    while (this.underway.size) await Promise.all([...this.underway]);
    await this.saveCheckpoints();
  }

  /** Saves the checkpoints now, and stops saving them on a timer (what a process does just before it is killed). */
  saveCheckpoints(): Promise<void> {
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    return this.flush();
  }

  private async run(targets: Reaction[], agg: Aggregate, commit: Commit): Promise<void> {
    const position = commit.position;
    if (position !== undefined) {
      for (const r of targets) this.open.get(r.name)!.add(position);
      this.delivered = Math.max(this.delivered, position);
      this.options.feed?.close(position); // the reactions hold it now
    }
    const background: Promise<void>[] = [];
    for (const r of targets) {
      const done = this.attempt(r, agg, commit).then((later) => {
        if (position !== undefined) {
          if (later) {
            this.kept.set(r.name, Math.min(this.kept.get(r.name) ?? Infinity, position));
            this.keptHighest.set(r.name, Math.max(this.keptHighest.get(r.name) ?? 0, position));
          }
          this.open.get(r.name)!.delete(position);
        }
        this.scheduleFlush();
      });
      this.underway.add(done);
      void done.finally(() => this.underway.delete(done));
      if (r.background) background.push(done);
      else await done;
    }
  }

  /**
   * Runs one reaction, retrying a failure after each of `retries`, then logs it and moves on.
   * True when the commit is left for later: `Later`, or any failure once stopping (the next start takes it).
   */
  private async attempt(r: Reaction, agg: Aggregate, commit: Commit): Promise<boolean> {
    for (let i = 0; ; i++) {
      try {
        await r.apply(agg, commit);
        return false;
      } catch (e) {
        if (e instanceof Later || this.stopped) return true;
        const wait = this.retries[i];
        if (wait === undefined) {
          this.options.log.error({ err: e, reaction: r.name, gameId: agg.id, version: commit.version }, 'reaction failed');
          return false;
        }
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    }
  }

  /**
   * A reaction's checkpoint: below every position it still works on, every append not yet handed
   * over and every commit still to deliver again at start, else the highest delivered; never lower
   * than the one it started from.
   */
  private checkpointOf(name: string): number {
    let at = this.delivered;
    const appending = this.options.feed?.lowestOpen() ?? null;
    if (appending !== null) at = Math.min(at, appending - 1);
    for (const p of this.redelivering) at = Math.min(at, p - 1);
    for (const p of this.open.get(name)!) at = Math.min(at, p - 1);
    const kept = this.kept.get(name);
    if (kept !== undefined) at = Math.min(at, kept - 1);
    return Math.max(at, this.checkpoints[name] ?? 0);
  }

  private scheduleFlush(): void {
    if (!this.options.feed || this.flushTimer) return;
    this.flushTimer = setTimeout(() => {
      this.flushTimer = null;
      void this.flush();
    }, this.checkpointMs);
    this.flushTimer.unref();
  }

  /** One write of every checkpoint that moved (one at a time). */
  private flush(): Promise<void> {
    const feed = this.options.feed;
    if (!feed) return Promise.resolve();
    this.flushing = this.flushing.then(async () => {
      const next = { ...this.checkpoints };
      for (const r of this.reactions) next[r.name] = this.checkpointOf(r.name);
      if (this.reactions.every((r) => next[r.name] === this.checkpoints[r.name])) return;
      try {
        await feed.writeCheckpoints(next);
        this.checkpoints = next;
      } catch (e) {
        this.options.log.error({ err: e }, 'saving the reactions’ checkpoints failed'); // the next save tries again; a crash redelivers more
      }
    });
    return this.flushing;
  }
}
