/**
 * Where the server's bot decisions are computed: off the thread that answers requests, so a
 * tournament of search bots cannot starve the people using the server (issue 35). A pool of
 * `workers` worker threads (default 1: at most one core's worth of bot thinking at any time), each
 * deciding one move at a time from a sight (view, legal moves, public setup), never a state. With
 * `workers: 0` decisions run on the calling thread, one at a time, after yielding to the event
 * loop (tests, and games the engine registry does not know).
 */
import { Worker } from 'node:worker_threads';
import { workerBoot } from '../app/worker-boot.js';
import type { BotSight, Seat } from '../engine/core/index.js';
import { findGame } from '../engine/registry.js';
import { botMove } from './kinds.js';

/** What a worker is sent: the sight without the game object (named by id), the kind and the seeding key. */
/** A seat's sight and the public key that seeds its bot's choice (app/bot-sight.ts builds it). */
export type Sight = BotSight & { key: string; stream: number };

export interface Decision {
  id: number;
  game: string;
  seat: Seat;
  setup: BotSight['context']['setup'];
  view: unknown;
  legalMoves: readonly unknown[];
  kind: string;
  key: string;
  stream: number;
}

export type Answer = { id: number; move: unknown } | { id: number; error: string };

/** A worker's first lines: pool-worker.ts, bundled once per process or through tsx (../app/worker-boot.ts; made on first use: a bundle that never starts a worker never resolves it). */
const poolBoot = () => workerBoot(new URL('./pool-worker.ts', import.meta.url));

/** Decisions that may wait for a busy worker (beyond them a decision is refused). */
const MAX_WAITING = 256;
/** A worker's place taken while it passes from one decision to the next waiting one. */
const HANDED: NonNullable<Slot['pending']> = { resolve: () => {}, reject: () => {} };

/** The default number of worker threads (npm start: BOT_WORKERS). */
export const DEFAULT_BOT_WORKERS = 1;

interface Slot {
  worker: Worker;
  pending: { resolve(move: unknown): void; reject(e: Error): void } | null;
}

export class BotPool {
  private readonly slots: Slot[] = [];
  private next = 0;
  private stopped = false;
  /** Decisions made so far, by where they ran (tests, docs/bots.md). */
  readonly decided = { worker: 0, inline: 0 };

  /** `workers` threads, started on first use; 0: decide on this thread. */
  constructor(readonly workers: number = DEFAULT_BOT_WORKERS) {
    if (!Number.isInteger(workers) || workers < 0 || workers > 64) throw new Error('bot workers: 0 to 64');
  }

  /** How many decisions may run at once (the runner never asks for more). */
  get size(): number {
    return Math.max(1, this.workers);
  }

  /** The move `kind` plays from this sight. The runner asks for at most `size` at once; more wait for a worker. */
  async decide(sight: Sight, kind: string): Promise<unknown> {
    if (this.stopped) throw new Error('the bot pool is stopped');
    const game = sight.context.game.id;
    if (this.workers === 0 || findGame(game) !== sight.context.game) {
      await new Promise((resolve) => setImmediate(resolve)); // requests waiting meanwhile go first
      this.decided.inline++;
      return botMove(sight, kind, sight.key, sight.stream);
    }
    const slot = this.slots.find((s) => s.pending === null) ?? (this.slots.length < this.workers ? this.start() : await this.freeSlot());
    const id = ++this.next;
    const decision: Decision = { id, game, seat: sight.context.seat, setup: sight.context.setup, view: sight.view, legalMoves: sight.legalMoves, kind, key: sight.key, stream: sight.stream };
    this.decided.worker++;
    return new Promise((resolve, reject) => {
      slot.pending = { resolve, reject };
      slot.worker.postMessage(decision);
    });
  }

  /**
   * Waits for a worker: the runner asks for at most `size` decisions, but a timed-out seat's bot
   * (clocks/timer.ts) asks beside it. At most MAX_WAITING wait, in order; a settled worker is
   * handed straight to the first (null: its thread died, start another).
   */
  private async freeSlot(): Promise<Slot> {
    if (this.waiting.length >= MAX_WAITING) throw new Error(`every bot worker is busy and ${MAX_WAITING} decisions wait`);
    const handed = await new Promise<Slot | null>((resolve) => this.waiting.push(resolve));
    if (this.stopped) throw new Error('the bot pool stopped');
    return handed ?? this.start();
  }

  private readonly waiting: ((slot: Slot | null) => void)[] = [];

  /** Ends the threads; a decision under way is refused (its commit is delivered again at the next start). */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const wake of this.waiting.splice(0)) wake(null);
    const slots = this.slots.splice(0);
    for (const s of slots) s.pending?.reject(new Error('the bot pool stopped'));
    await Promise.all(slots.map((s) => s.worker.terminate()));
  }

  private start(): Slot {
    if (this.slots.length >= this.workers) throw new Error('every bot worker is busy: the runner asked for more than `size` decisions at once');
    const worker = new Worker(poolBoot(), { eval: true });
    worker.unref(); // the server's own handles keep the process alive; a stray pool does not
    const slot: Slot = { worker, pending: null };
    const settle = (f: (p: NonNullable<Slot['pending']>) => void) => {
      const p = slot.pending;
      const next = this.slots.includes(slot) ? this.waiting.shift() : undefined;
      slot.pending = next ? HANDED : null; // handed on: no caller between can take it
      if (p) f(p);
      next?.(slot);
    };
    worker.on('message', (a: Answer) => settle((p) => ('error' in a ? p.reject(new Error(a.error)) : p.resolve(a.move))));
    const gone = (why: string) => {
      const i = this.slots.indexOf(slot);
      if (i >= 0) this.slots.splice(i, 1); // the next decision starts a fresh thread
      settle((p) => p.reject(new Error(why)));
      if (!this.stopped) this.waiting.shift()?.(null);
    };
    worker.on('error', (e) => gone(`a bot worker failed: ${e.message}`));
    worker.on('exit', (code) => gone(`a bot worker exited (${code})`));
    this.slots.push(slot);
    return slot;
  }
}
