/**
 * The one way the app's own small aggregates (a tournament, a seek) change: load the stream,
 * decide on its newest state, append the events at the version read (one conditional write),
 * and on a stale version load and decide again; a snapshot rides on every SNAPSHOT_EVERY-th
 * commit. Tournaments and matchmaking both stand on it, so the retry and the snapshot rule are
 * written once. (Games have their own, richer path: service.ts.)
 *
 * A state may ask for work outside its stream (a filled seek: its game). That work is a
 * follow-up: marked in the table before the append, done after it, unmarked when done, so a
 * process killed between the append and the work leaves a mark that `resume` (run at start)
 * finishes. The work must be idempotent: it may run again, or beside another process.
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

/** Ids whose follow-up may not be done yet (a set of items in the table; repeats are harmless). */
export interface PendingMarks {
  mark(id: string): Promise<void>;
  unmark(id: string): Promise<void>;
  list(): Promise<string[]>;
}

/** Work a state asks for outside its stream, done once its append stands (see the file's comment). */
export interface FollowUp<S> {
  /** True when `next` asks for work `before` did not. */
  due(before: S | null, next: S): boolean;
  /** Does it; idempotent (it may run again after a crash, or beside another process). */
  run(id: string, state: S): Promise<void>;
  marks: PendingMarks;
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
    if (due) await this.followUp!.marks.mark(id);
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

  /** Finishes every marked follow-up (at start, and on a beat: a process killed mid-way left them); how many ran. */
  async resume(log: { error(details: object, message: string): void }): Promise<number> {
    if (!this.followUp) return 0;
    let ran = 0;
    for (const id of await this.followUp.marks.list()) {
      try {
        const loaded = await this.load(id).catch((e: unknown) => {
          if (e instanceof AppError && e.code === 'NOT_FOUND') return null;
          throw e;
        });
        // The mark of a race lost (its append never stood) names a state that asks for nothing.
        if (loaded && this.followUp.due(null, loaded.state)) {
          await this.finish(id, loaded.state);
          ran++;
        } else await this.followUp.marks.unmark(id);
      } catch (e) {
        log.error({ err: e, id }, `could not finish the ${this.rules.noun}'s follow-up; left marked for the next try`);
      }
    }
    return ran;
  }
}
