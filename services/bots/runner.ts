/**
 * Moves the server makes after a commit: a bot's seat to move, or (in games created with
 * `autoAdvance`) a seat whose only legal move is a formality, so no one is asked to press a
 * button. Each is one commit pinned to the version it was decided on; losing a race just means
 * looking again. Locally it runs in-process after each commit, one game at a time; on AWS the
 * stream handler calls `advance`.
 */
import type { Seat } from '../engine/core/index.js';
import { statusOf, type Aggregate } from '../app/aggregate.js';
import { AppError } from '../app/errors.js';
import { moveDecision, type ParlorService } from '../app/service.js';
import { sightOf } from '../app/bot-sight.js';
import { Later } from '../app/reactions.js';
import { BotPool, type Sight } from './pool.js';
import { botMove } from './kinds.js';
import { AUTO_MARK, botMark } from './spec.js';

/** The move the bot `kind` plays for `seat` now. */
export function seatBotMove(agg: Aggregate, seat: Seat, kind: string): unknown {
  const sight = sightOf(agg, seat);
  return botMove(sight, kind, sight.key, sight.stream);
}

/**
 * The server's next move in this game, if it has one, and the history's mark of who played it.
 * A bot's move is computed by `decide` from the seat's sight (the runner: in its pool).
 */
export async function serverMove(agg: Aggregate, decide: (sight: Sight, kind: string) => unknown = (sight, kind) => botMove(sight, kind, sight.key, sight.stream)): Promise<{ seat: Seat; move: unknown; by: string } | null> {
  if (!agg.state.started || agg.state.ended || agg.app.cancelled) return null;
  for (const seat of statusOf(agg).toMove) {
    const kind = agg.app.bots[seat];
    if (kind !== undefined) return { seat, move: await decide(sightOf(agg, seat), kind), by: botMark(kind) };
    if (agg.app.settings.autoAdvance) {
      const legal = agg.table.legalMoves(agg.state, seat);
      if (legal.length === 1) return { seat, move: legal[0], by: AUTO_MARK };
    }
  }
  return null;
}

/**
 * Whether the server has a move to make right after this commit. Cheap (no bot is asked), so a
 * commit of a game without bots or autoAdvance costs nothing more: no read, no queued work.
 */
export function serverMoveDue(agg: Aggregate): boolean {
  if (!agg.state.started || agg.state.ended || agg.app.cancelled) return false;
  return agg.app.settings.autoAdvance || statusOf(agg).toMove.some((seat) => agg.app.bots[seat] !== undefined);
}

/** The default bound of games waiting for a server move in memory (npm start: BOT_QUEUE). */
export const DEFAULT_BOT_QUEUE = 1024;

export interface BotRunnerOptions {
  /** Where decisions are computed (default: one worker thread). */
  pool?: BotPool;
  /** At most this many games wait in memory for a server move; past it a move is left for later (`Later`). */
  queue?: number;
  /** Called when the queue has room again after a move was left for later (play-by-turn: `Reactions.resume`). */
  onRoom?: () => Promise<unknown>;
  log?: { error(details: object, message: string): void };
}

/**
 * The server's moves, in a bounded line below request handling: games wait in arrival order (a
 * game waits once however many of its commits ask: its move is decided on its newest state), at
 * most `pool.size` are advanced at once, and each decision runs in the pool, off the request
 * thread. Past `queue` waiting games a move is refused with `Later`: the reactions keep its commit
 * (durable: never passed by the checkpoint) and deliver it again once the line has room.
 */
export class BotRunner {
  private readonly waiting = new Map<string, { resolve(): void; reject(e: unknown): void }[]>();
  /** The newest committed version each waiting game was scheduled by (`advance`'s `seen`). */
  private readonly seen = new Map<string, number>();
  private readonly running = new Set<string>();
  private readonly underway = new Set<Promise<void>>();
  /** Where decisions run (its counts: tests). */
  readonly pool: BotPool;
  private readonly bound: number;
  private readonly log: { error(details: object, message: string): void };
  private overflowed = false;
  private stopped = false;
  /** The most games seen waiting at once (tests read it; docs/bots.md). */
  peakWaiting = 0;
  /** Moves left for later: past the bound, or at a stop. */
  leftForLater = 0;

  constructor(
    private readonly service: ParlorService,
    options: BotRunnerOptions = {},
  ) {
    this.pool = options.pool ?? new BotPool();
    this.bound = options.queue ?? DEFAULT_BOT_QUEUE;
    if (!Number.isInteger(this.bound) || this.bound < 1) throw new Error('the bot queue bound is at least 1');
    this.log = options.log ?? { error: (d, m) => console.error(m, d) };
    this.onRoom = options.onRoom;
  }

  private readonly onRoom?: () => Promise<unknown>;

  /**
   * Plays the server's next move of the game, if any (its commit brings the one after). `seen`: the
   * newest commit that asked; a fold of this process at or past it is decided on without a read
   * (the move is written pinned to its version).
   */
  async advance(gameId: string, seen?: number): Promise<void> {
    const agg = seen === undefined ? await this.service.load(gameId) : await this.service.loadSince(gameId, seen);
    const decided = await serverMove(agg, (sight, kind) => this.pool.decide(sight, kind));
    if (!decided) return;
    try {
      await this.service.execute(gameId, (now) => ({ ...moveDecision(now, decided.seat, decided.move), by: decided.by }), { expectedVersion: agg.version });
    } catch (e) {
      if (!(e instanceof AppError && e.code === 'VERSION_CONFLICT')) throw e; // someone moved first: their commit looks again
    }
  }

  /**
   * After a commit: queues the game, if the server has a move due (a later commit that brings one
   * queues it again). Resolves when that move is made, or failed (logged); rejects with `Later`
   * past the bound or once stopped, so the commit is delivered again.
   */
  schedule(committed: Aggregate): Promise<void> {
    if (!serverMoveDue(committed)) return Promise.resolve();
    if (this.stopped) return Promise.reject(new Later('the server is stopping'));
    const gameId = committed.id;
    const waiters = this.waiting.get(gameId);
    if (!waiters && this.waiting.size >= this.bound) {
      this.overflowed = true;
      this.leftForLater++;
      return Promise.reject(new Later(`${this.bound} games wait for a server move`));
    }
    this.seen.set(gameId, Math.max(this.seen.get(gameId) ?? 0, committed.version));
    const done = new Promise<void>((resolve, reject) => {
      if (waiters) waiters.push({ resolve, reject });
      else this.waiting.set(gameId, [{ resolve, reject }]);
    });
    this.peakWaiting = Math.max(this.peakWaiting, this.waiting.size);
    this.pump();
    return done;
  }

  /** Starts the next waiting games while fewer than the pool's size run (a game runs one move at a time). */
  private pump(): void {
    for (const [gameId, waiters] of this.waiting) {
      if (this.stopped || this.running.size >= this.pool.size) return;
      if (this.running.has(gameId)) continue;
      this.waiting.delete(gameId);
      const seen = this.seen.get(gameId);
      this.seen.delete(gameId);
      this.running.add(gameId);
      const run = this.advance(gameId, seen).then(
        () => waiters.forEach((w) => w.resolve()),
        (e: unknown) => {
          if (this.stopped) return waiters.forEach((w) => w.reject(new Later('the server stopped during the move')));
          this.log.error({ err: e, gameId }, 'server move failed');
          waiters.forEach((w) => w.resolve());
        },
      );
      const tracked = run.finally(() => {
        this.running.delete(gameId);
        this.underway.delete(tracked);
        if (this.overflowed && this.waiting.size <= this.bound / 2 && this.onRoom) {
          this.overflowed = false;
          const resumed: Promise<void> = this.onRoom().then(
            () => undefined,
            (e: unknown) => this.log.error({ err: e }, 'resuming the server moves left for later failed'),
          );
          const tracked = resumed.finally(() => this.underway.delete(tracked));
          this.underway.add(tracked);
        }
        this.pump();
      });
      this.underway.add(tracked);
    }
  }

  get busy(): boolean {
    return this.waiting.size > 0 || this.underway.size > 0;
  }

  /** Resolves once no server move is pending (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.underway.size) await Promise.all([...this.underway]);
  }

  /**
   * Stops: the games still waiting are left for the next start (`Later`: their commits stay
   * unpassed by the checkpoint), the moves under way are refused, the pool's threads end.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const waiters of this.waiting.values()) {
      this.leftForLater++;
      for (const w of waiters) w.reject(new Later('the server stopped'));
    }
    this.waiting.clear();
    this.seen.clear();
    await this.pool.stop();
    await this.idle();
  }
}
