/**
 * The one way the app's own small aggregates (a tournament, a seek) change: load the stream,
 * decide on its newest state, append the events at the version read (one conditional write),
 * and on a stale version load and decide again; a snapshot rides on every SNAPSHOT_EVERY-th
 * commit. Tournaments and matchmaking both stand on it, so the retry and the snapshot rule are
 * written once. (Games have their own, richer path: service.ts.)
 *
 * A state may ask for work outside its stream (a filled seek: its game). That work is a
 * follow-up: marked in the table before the append, done after it, unmarked when done, so a
 * process killed between the append and the work leaves a mark that `resume` (run at start and
 * on a beat) finishes. The work must be idempotent: it may run again, or beside another process.
 * A follow-up that keeps failing is tried again with a growing wait, at most FOLLOW_UP_ATTEMPTS
 * times, then its mark is moved among the dead: logged, kept for an operator, tried no more.
 */
import { SNAPSHOT_EVERY, VersionConflict, type EventStore } from '../store/port.js';
import { AppError } from './errors.js';

/** What a kind of aggregate brings: its pure decider and fold, and its name for errors. */
export interface AggregateRules<S, C, E> {
  /** "tournament", "seek": named in NOT_FOUND and VERSION_CONFLICT. */
  noun: string;
  decide(state: S | null, command: C): E[];
  fold(events: E[], id: string, from: S | null): S;
}

/** A follow-up not known to be done: how often `resume` tried it, when it may try again (epoch ms), and the last failure. */
export interface PendingMark {
  id: string;
  attempts: number;
  nextAt: number;
  lastError?: string;
}

/** A follow-up given up on: kept for an operator to look at, never tried again by `resume`. */
export interface DeadMark {
  id: string;
  attempts: number;
  /** When it was given up on (epoch ms). */
  at: number;
  /** The last failure's message. */
  error: string;
}

/** Ids whose follow-up may not be done yet (a set of items in the table; repeats are harmless). */
export interface PendingMarks {
  mark(id: string): Promise<void>;
  unmark(id: string): Promise<void>;
  /** The live marks (not the dead ones). */
  list(): Promise<PendingMark[]>;
  /** Counts a try before it starts, and when the next may come; false if the mark is gone (an unmarked one is not brought back). */
  tried(id: string, attempts: number, nextAt: number): Promise<boolean>;
  /** Records why a try failed (on a mark still there). */
  failed(id: string, error: string): Promise<void>;
  /** Moves the mark among the dead (written there first, then taken off the live list). */
  bury(mark: DeadMark): Promise<void>;
  dead(): Promise<DeadMark[]>;
  /** Where an operator finds the dead marks (named in the log line). */
  readonly deadWhere: string;
}

/** How many times `resume` tries a follow-up before giving up on it (the first try, after the append, is not counted). */
export const FOLLOW_UP_ATTEMPTS = 8;
/** The wait after the n-th try: 30 s, doubling, at most an hour (eight tries span about an hour). */
export const followUpBackoffMs = (attempts: number) => Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
/** A failure's message as kept on a mark: short (an item stays small). */
const errorText = (e: unknown) => String((e as Error)?.message ?? e).slice(0, 300);

/** Work a state asks for outside its stream, done once its append stands (see the file's comment). */
export interface FollowUp<S> {
  /** True when `next` asks for work `before` did not. */
  due(before: S | null, next: S): boolean;
  /** Does it; idempotent (it may run again after a crash, or beside another process). */
  run(id: string, state: S): Promise<void>;
  marks: PendingMarks;
  /** Told after each mark is written (matchmaking: its beat wakes from idle). */
  marked?(id: string): void;
}

export interface Loaded<S> {
  state: S;
  version: number;
}

/** How many times a command is decided again after losing a race before the caller is told to retry. */
export const MAX_RETRIES = 20;

/** An id longer than this names nothing stored (and is not worth a read). */
const MAX_ID = 100;

export class AggregateRunner<S, C, E> {
  /** How many follow-up marks the last `resume` listed (matchmaking's beat idles on none). */
  listed = 0;

  constructor(
    private readonly store: EventStore,
    private readonly rules: AggregateRules<S, C, E>,
    /** Runs after each append (read models, listeners); `before` is null for the first commit. */
    private readonly committed?: (id: string, before: S | null, next: S) => Promise<void>,
    private readonly followUp?: FollowUp<S>,
  ) {}

  async load(id: string): Promise<Loaded<S>> {
    if (id.length > MAX_ID) throw new AppError('NOT_FOUND', `no such ${this.rules.noun}`);
    const stream = await this.store.load(id);
    if (!stream) throw new AppError('NOT_FOUND', `no ${this.rules.noun} ${id}`);
    const from = (stream.snapshot?.data as S | undefined) ?? null;
    return { state: this.rules.fold(stream.commits.flatMap((c) => c.events as E[]), id, from), version: stream.version };
  }

  /** Decides `command` on the newest state and appends its events; no events: the state as it is. */
  execute(id: string, command: (state: S) => C): Promise<S> {
    return this.retry(id, async ({ state, version }) => {
      const events = this.rules.decide(state, command(state));
      return events.length === 0 ? state : this.commit(id, state, version, events);
    });
  }

  /**
   * Runs `attempt` on the newest state; when it loses a race (its append meets a newer version)
   * it runs again on the newer state, at most MAX_RETRIES more times, then VERSION_CONFLICT.
   * An attempt that did something outside the stream before its append undoes it before rethrowing.
   */
  async retry<T>(id: string, attempt: (loaded: Loaded<S>) => Promise<T>): Promise<T> {
    for (let n = 0; ; n++) {
      const loaded = await this.load(id);
      try {
        return await attempt(loaded);
      } catch (e) {
        if (!(e instanceof VersionConflict)) throw e;
        if (n >= MAX_RETRIES) throw new AppError('VERSION_CONFLICT', `the ${this.rules.noun} changed meanwhile; retry`);
      }
    }
  }

  /**
   * Appends `events` at `version` (conditional: a stale version throws VersionConflict), then
   * tells `committed`, then runs the follow-up the new state asks for (marked before the append).
   */
  async commit(id: string, state: S | null, version: number, events: E[]): Promise<S> {
    const next = this.rules.fold(events, id, state);
    const snapshot = (version + 1) % SNAPSHOT_EVERY === 0 ? next : undefined;
    const due = this.followUp?.due(state, next) === true;
    // Marked first: a kill after the append leaves the mark, never the work undone and unmarked. (A lost race leaves a stray mark: resume drops it.)
    if (due) {
      await this.followUp!.marks.mark(id);
      this.followUp!.marked?.(id);
    }
    await this.store.append(id, version, { events, snapshot });
    await this.committed?.(id, state, next);
    if (due) await this.finish(id, next);
    return next;
  }

  /** Runs the follow-up of `state` (again: it is idempotent) and unmarks it. */
  async finish(id: string, state: S): Promise<void> {
    await this.followUp!.run(id, state);
    await this.followUp!.marks.unmark(id);
  }

  /**
   * Finishes every marked follow-up whose wait is over (at start, and on a beat: a process killed
   * mid-way left them); how many ran. Each try is counted on the mark before it starts, with the
   * wait before the next (followUpBackoffMs): a try that fails, or hangs, or kills its process,
   * counts all the same. After FOLLOW_UP_ATTEMPTS tries the mark is buried: logged, and left out
   * of every later run, so a follow-up that cannot succeed costs nothing more.
   */
  async resume(log: { error(details: object, message: string): void }, now: number): Promise<number> {
    if (!this.followUp) return 0;
    const marks = this.followUp.marks;
    const bury = async (id: string, attempts: number, error: string, err?: unknown) => {
      await marks.bury({ id, attempts, at: now, error });
      log.error({ err, id, attempts }, `gave up on the ${this.rules.noun}'s follow-up after ${attempts} tries; its dead mark is kept in ${marks.deadWhere}`);
    };
    let ran = 0;
    const listed = await marks.list();
    this.listed = listed.length;
    for (const { id, attempts, nextAt, lastError } of listed) {
      if (nextAt > now) continue;
      const tries = attempts + 1;
      try {
        // Its tries are used up (the last one never came back: its process died): given up on without another.
        if (attempts >= FOLLOW_UP_ATTEMPTS) {
          await bury(id, attempts, lastError ?? 'its last try never finished');
          continue;
        }
        if (!(await marks.tried(id, tries, now + followUpBackoffMs(tries)))) continue; // finished meanwhile
      } catch (e) {
        log.error({ err: e, id }, `could not count a try of the ${this.rules.noun}'s follow-up; left marked as it was`);
        continue;
      }
      try {
        const loaded = await this.load(id).catch((e: unknown) => {
          if (e instanceof AppError && e.code === 'NOT_FOUND') return null;
          throw e;
        });
        // The mark of a race lost (its append never stood) names a state that asks for nothing.
        if (loaded && this.followUp.due(null, loaded.state)) {
          await this.finish(id, loaded.state);
          ran++;
        } else await marks.unmark(id);
      } catch (e) {
        try {
          if (tries >= FOLLOW_UP_ATTEMPTS) await bury(id, tries, errorText(e), e);
          else {
            await marks.failed(id, errorText(e));
            log.error({ err: e, id, attempts: tries }, `could not finish the ${this.rules.noun}'s follow-up (try ${tries} of ${FOLLOW_UP_ATTEMPTS}); left marked for a later try`);
          }
        } catch (e2) {
          log.error({ err: e2, id }, `could not record the ${this.rules.noun}'s failed follow-up; left marked as it was`);
        }
      }
    }
    return ran;
  }
}
