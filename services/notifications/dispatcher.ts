/**
 * Sends due webhook deliveries, signed per the Standard Webhooks specification (`webhook-id`,
 * `webhook-timestamp`, `webhook-signature`: HMAC-SHA256 with the hook's `whsec_` secret).
 * A failed attempt is retried with backoff under the same id; after the last retry the delivery
 * is dropped, and a hook that fails `maxFailures` times in a row is disabled (shown on the player).
 */
import type { Outbox, Delivery } from './outbox.js';
import type { Webhooks } from './webhooks.js';
import { webhookPoster, type Poster } from './post.js';
import { ReceiverLanes } from './receiver-lanes.js';

export interface DispatcherOptions {
  /** Waits before each retry, in ms (default: 5 s, 30 s, 2 min, 10 min, 1 h, 6 h). */
  backoff?: readonly number[];
  /** Failures in a row that disable a hook (default 10). */
  maxFailures?: number;
  /** How long one attempt may take (default 10 s). */
  timeoutMs?: number;
  /**
   * Deliver to loopback, private and reserved addresses (default false: a webhook cannot reach
   * the server's own network). For local development and tests: WEBHOOK_PRIVATE_ADDRESSES=allow.
   */
  privateAddresses?: boolean;
  now?: () => number;
  log?: { error(details: object, message: string): void };
}

/** Retry times remembered for waking the poller early; beyond them the idle poll picks retries up. */
const MAX_REMEMBERED_RETRIES = 10_000;

/** Attempts (sockets) in flight at once, over all receivers. */
const MAX_IN_FLIGHT = 64;

/** Due deliveries read per round: enough to find other receivers' behind one receiver's backlog. */
const DUE_SCAN = 200;

export const DEFAULT_BACKOFF = [5_000, 30_000, 120_000, 600_000, 3_600_000, 21_600_000] as const;

export class Dispatcher {
  private readonly backoff: readonly number[];
  private readonly maxFailures: number;
  private readonly timeoutMs: number;
  private readonly send: Poster;
  private readonly now: () => number;
  private readonly log: NonNullable<DispatcherOptions['log']>;
  /**
   * The due times of the retries this dispatcher scheduled and has not reached yet: each delivery
   * keeps its own schedule (one remembered time would lose the others once it is sent). Bounded:
   * past the cap the poller's idle round still finds them.
   */
  private readonly retries: number[] = [];
  /** Attempts in flight, one per receiver (a hook), at most `MAX_IN_FLIGHT` in all. */
  private readonly lanes = new ReceiverLanes(MAX_IN_FLIGHT);
  /** Due deliveries the last read found whose receiver was busy: started as lanes come free. */
  private waiting: Delivery[] = [];
  /** The last read returned as many as it may (more may be due behind them). */
  private truncated = false;
  /** During sendDue: the deliveries this run has started (none is started twice in one run). */
  private seen: Set<string> | null = null;

  /** When the earliest retry this dispatcher scheduled is due (epoch ms), if any. */
  get nextRetry(): number | null {
    return this.retries.length ? Math.min(...this.retries) : null;
  }

  constructor(
    private readonly outbox: Outbox,
    private readonly webhooks: Webhooks,
    options: DispatcherOptions = {},
  ) {
    this.backoff = options.backoff ?? DEFAULT_BACKOFF;
    this.maxFailures = options.maxFailures ?? 10;
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.send = webhookPoster({ privateAddresses: options.privateAddresses ?? false, timeoutMs: this.timeoutMs });
    this.now = options.now ?? Date.now;
    this.log = options.log ?? { error: (d, m) => console.error(m, d) };
  }

  /**
   * Sends the deliveries due now and waits for those attempts (the Lambda's once-a-minute job);
   * returns how many were attempted. One read finds at most DUE_SCAN and starts at most
   * MAX_IN_FLIGHT (one per receiver): so it keeps starting what it found as lanes free, and reads
   * again while a read came back full, until nothing more is due or `until` (epoch ms: the run's
   * time) has passed. Without that a run sent 64 a minute (docs/capacity.md).
   */
  async sendDue(until = Infinity): Promise<number> {
    // A delivery is attempted once a run: one still due after its attempt (leased by another sender) waits for the next run.
    this.seen = new Set();
    try {
      return await this.drain(until);
    } finally {
      this.seen = null;
    }
  }

  private async drain(until: number): Promise<number> {
    let started = await this.startDue();
    while ((this.waiting.length || this.truncated) && this.now() < until) {
      const inFlight = this.lanes.inFlight;
      if (inFlight) await this.lanes.anySettled();
      const more = this.waiting.length ? this.startWaiting() : await this.startDue();
      started += more;
      // Nothing started and nothing in flight: what is left is leased elsewhere or not due; the next run finds it.
      if (!more && !this.lanes.inFlight && !inFlight) break;
    }
    await this.lanes.idle();
    return started;
  }

  /** Resolves when no attempt is in flight. */
  idle(): Promise<void> {
    return this.lanes.idle();
  }

  /**
   * Starts an attempt for each delivery due now whose receiver has none in flight, without
   * waiting for them (the local poller): each receiver is a lane of its own, so a slow one holds
   * only its own deliveries. `onSettled` hears when an attempt ends (a lane is free again).
   * `touched`: read only the outbox shards this process has put to since they were last seen
   * empty (the local poller, sole sender of its outbox); else every marked shard (every shard once
   * an hour: store/shard-marks.ts), which costs one call when none is marked.
   */
  async startDue(onSettled: () => void = () => {}, scope: 'all' | 'touched' = 'all'): Promise<number> {
    const now = this.now();
    // The retries due now are read below; only the later ones are left to wake for.
    if (scope === 'all') for (let i = this.retries.length - 1; i >= 0; i--) if (this.retries[i]! <= now) this.retries.splice(i, 1);
    // Read past a busy receiver's backlog (bounded), so the others' deliveries are found behind it.
    const due = await this.outbox.due(this.now(), DUE_SCAN, scope === 'touched');
    this.truncated = due.length >= DUE_SCAN;
    this.waiting = [];
    return this.start(due, onSettled);
  }

  /**
   * Starts what the last read found behind a busy receiver, without reading again (a lane came
   * free). A stale one is harmless: its lease fails once it is sent or moved to a retry.
   */
  startWaiting(onSettled: () => void = () => {}): number {
    const waiting = this.waiting;
    this.waiting = [];
    return this.start(waiting, onSettled);
  }

  /** Whether a read is needed to find more: nothing is left waiting and the last read stopped at its bound. */
  get needsRead(): boolean {
    return this.waiting.length === 0 && this.truncated;
  }

  private start(due: Delivery[], onSettled: () => void): number {
    let started = 0;
    for (const d of due) {
      if (this.seen?.has(d.id)) continue;
      const lane = `${d.player}/${d.webhookId}`;
      if (!this.lanes.free(lane, d.id)) {
        if (!this.lanes.carries(d.id)) this.waiting.push(d);
        continue;
      }
      started++;
      this.seen?.add(d.id);
      this.lanes.run(lane, d.id, async () => {
        try {
          if (await this.outbox.lease(d, this.now(), this.timeoutMs * 3)) await this.attempt(d);
        } catch (e) {
          this.log.error({ err: e, delivery: d.id }, 'webhook delivery failed to settle');
        }
      }, onSettled);
    }
    return started;
  }

  private async attempt(d: Delivery): Promise<void> {
    const hook = await this.webhooks.get(d.player, d.webhookId);
    if (!hook || hook.disabled) return this.outbox.done(d);
    const tried = this.now();
    // The signed timestamp is the wall clock of the attempt (receivers check its freshness).
    const error = await this.post(hook.url, hook.secret, d, Date.now());
    await this.webhooks.record(hook, error, this.maxFailures);
    if (error === null) return this.outbox.done(d);
    const wait = this.backoff[d.attempt];
    if (wait === undefined || hook.failures + 1 >= this.maxFailures) return this.outbox.done(d); // given up: the hook's health says so
    await this.outbox.retry(d, tried + wait, tried);
    if (this.retries.length < MAX_REMEMBERED_RETRIES) this.retries.push(tried + wait);
  }

  /** One attempt; null on a 2xx answer, else what went wrong. */
  private async post(url: string, secret: string, d: Delivery, at: number): Promise<string | null> {
    // The signer (standardwebhooks with its SHA-256 and base64, ~12 KiB) loads on the first delivery, not at a cold start.
    // Taken from `default`, as nodemailer and web-push are: the package is CommonJS, and the Lambda bundles' chunk of it
    // exports only `default` (node's own import adds the named exports; the bundle's did not, and no webhook left the timer).
    const { Webhook: Signer } = (await import('standardwebhooks')).default;
    const signature = new Signer(secret).sign(d.id, new Date(at), d.body);
    return this.send(url, { 'content-type': 'application/json', 'webhook-id': d.id, 'webhook-timestamp': String(Math.floor(at / 1000)), 'webhook-signature': signature }, d.body);
  }
}

/**
 * Sends the outbox on one machine: at once when a delivery is enqueued here (`kick`: a read of
 * the shards written to since), from what was found waiting when a receiver's attempt ends, and
 * reading every shard when a retry scheduled here comes due and every `everyMs` otherwise
 * (deliveries left by a stopped server). This process is the outbox's sole sender and writer, so
 * the shards it has not written to since it saw them empty have nothing new.
 */
export function pollOutbox(dispatcher: Dispatcher, everyMs: number, now: () => number = Date.now): { stop(): Promise<void>; kick(): void } {
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  let current: Promise<void> = Promise.resolve();
  /** What was asked for since the last round (the strongest wins): 1 start what waits, 2 read the touched shards, 3 read all. */
  let wanted = 0;
  let stopped = false;
  const settled = () => ask(1);
  const ask = (level: number) => {
    wanted = Math.max(wanted, level);
    if (!running && !stopped) void run();
  };
  const run = async () => {
    running = true;
    let done = () => {};
    current = new Promise((resolve) => (done = resolve));
    try {
      while (wanted > 0 && !stopped) {
        const level = wanted;
        wanted = 0;
        if (level === 1) dispatcher.startWaiting(settled);
        else await dispatcher.startDue(settled, level === 2 ? 'touched' : 'all');
        if (dispatcher.needsRead) wanted = Math.max(wanted, 2); // more were due than one read takes
      }
    } finally {
      running = false;
      if (!stopped) {
        clearTimeout(timer);
        const retry = dispatcher.nextRetry === null ? everyMs : Math.max(0, dispatcher.nextRetry - now());
        timer = setTimeout(() => ask(3), Math.min(everyMs, retry));
        timer.unref?.();
      }
      done();
    }
  };
  timer = setTimeout(() => ask(3), 0); // what a previous run of the server left (the marked shards: one call when none is)
  timer.unref?.();
  return {
    /** Stops polling and waits for the round and the attempts under way (their writes land before the store closes). */
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await current;
      await dispatcher.idle();
    },
    kick: () => ask(2),
  };
}
