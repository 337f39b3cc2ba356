/**
 * Sends due webhook deliveries, signed per the Standard Webhooks specification (`webhook-id`,
 * `webhook-timestamp`, `webhook-signature`: HMAC-SHA256 with the hook's `whsec_` secret).
 * A failed attempt is retried with backoff under the same id; after the last retry the delivery
 * is dropped, and a hook that fails `maxFailures` times in a row is disabled (shown on the player).
 */
import type { Outbox, Delivery } from './outbox.js';
import type { Webhook, Webhooks } from './webhooks.js';
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

/** Deliveries held in memory to start (offered, or found by a read); past it an offer is left to a read of the outbox. */
const MAX_WAITING = 2_000;

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
  /** Due deliveries to start as lanes come free: those the last read found behind a busy receiver, and those offered since. */
  private waiting: Delivery[] = [];
  /** The last read returned as many as it may (more may be due behind them). */
  private truncated = false;
  /** An offer found `waiting` full: what it dropped is in the outbox, for a read to find. */
  private overflowed = false;
  /** While a read is under way: the deliveries offered meanwhile (the read may have missed them; they are kept). */
  private offeredDuringRead: Delivery[] | null = null;
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
   * It reads every marked outbox shard (every shard once an hour: store/shard-marks.ts), which
   * costs one call when none is marked.
   */
  async startDue(onSettled: () => void = () => {}): Promise<number> {
    const now = this.now();
    // The retries due now are read below; only the later ones are left to wake for.
    for (let i = this.retries.length - 1; i >= 0; i--) if (this.retries[i]! <= now) this.retries.splice(i, 1);
    const overflowed = this.overflowed;
    this.overflowed = false;
    const offered: Delivery[] = (this.offeredDuringRead = []);
    let due: Delivery[];
    try {
      // Read past a busy receiver's backlog (bounded), so the others' deliveries are found behind it.
      due = await this.outbox.due(this.now(), DUE_SCAN);
    } catch (e) {
      this.overflowed ||= overflowed; // what was waiting still waits
      throw e;
    } finally {
      this.offeredDuringRead = null;
    }
    // The read replaces what waited, but what was offered while it ran stays: its put may have landed after the read's Query.
    const found = new Set(due.map((d) => d.id));
    this.waiting = [...due, ...offered.filter((d) => !found.has(d.id))];
    this.truncated = due.length >= DUE_SCAN;
    return this.startWaiting(onSettled);
  }

  /**
   * Deliveries this process has just put into the outbox (the local poller's Notifier): they wait
   * to be started as a read's would, so a new delivery costs no read. Held up to MAX_WAITING; past
   * it they stay in the outbox for the next read (`needsRead`).
   */
  offer(deliveries: readonly Delivery[]): void {
    for (const d of deliveries) {
      if (this.waiting.length >= MAX_WAITING) {
        this.overflowed = true;
        return;
      }
      this.waiting.push(d);
      this.offeredDuringRead?.push(d);
    }
  }

  /**
   * Starts what waits (found by the last read behind a busy receiver, or offered since), without
   * reading (a lane came free, or an offer). A stale one is harmless: its lease fails once it is
   * sent or moved to a retry.
   */
  startWaiting(onSettled: () => void = () => {}): number {
    const waiting = this.waiting;
    this.waiting = [];
    return this.start(waiting, onSettled);
  }

  /** Whether a read is needed to find more: nothing is left waiting, and the last read stopped at its bound or an offer was dropped. */
  get needsRead(): boolean {
    return this.waiting.length === 0 && (this.truncated || this.overflowed);
  }

  private start(due: Delivery[], onSettled: () => void): number {
    let started = 0;
    // Each player's hooks, listed once for the deliveries started together (a notice's, one to each hook): at most one
    // attempt per hook is among them (one lane each), so each attempt sees its hook's health as the last attempt left it.
    const hooks = new Map<string, Promise<Webhook[]>>();
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
          if (await this.outbox.lease(d, this.now(), this.timeoutMs * 3)) await this.attempt(d, hooks);
        } catch (e) {
          this.log.error({ err: e, delivery: d.id }, 'webhook delivery failed to settle');
        }
      }, onSettled);
    }
    return started;
  }

  private async attempt(d: Delivery, hooks: Map<string, Promise<Webhook[]>>): Promise<void> {
    let listed = hooks.get(d.player);
    if (!listed) hooks.set(d.player, (listed = this.webhooks.list(d.player)));
    const hook = (await listed).find((h) => h.id === d.webhookId);
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
 * Sends the outbox on one machine: at once when a delivery is enqueued here (`offer`: the
 * deliveries just put, started without reading the outbox), from what waits when a receiver's
 * attempt ends, and reading the outbox (its marked shards) when a retry scheduled here comes due,
 * at start and every `everyMs` (deliveries left by a stopped server). This process is the
 * outbox's sole writer, so nothing new is there that it was not offered. A read at each offer
 * cost ~2.8 shard Queries a delivery (test/store/hot-partitions.e2e.test.ts prints the calls).
 */
export function pollOutbox(dispatcher: Dispatcher, everyMs: number, now: () => number = Date.now): { stop(): Promise<void>; offer(deliveries: readonly Delivery[]): void } {
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  let current: Promise<void> = Promise.resolve();
  /** What was asked for since the last round (the stronger wins): 1 start what waits, 2 read the outbox. */
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
        else await dispatcher.startDue(settled);
        if (dispatcher.needsRead) wanted = Math.max(wanted, 2); // more were due than one read takes
      }
    } finally {
      running = false;
      if (!stopped) {
        clearTimeout(timer);
        const retry = dispatcher.nextRetry === null ? everyMs : Math.max(0, dispatcher.nextRetry - now());
        timer = setTimeout(() => ask(2), Math.min(everyMs, retry));
        timer.unref?.();
      }
      done();
    }
  };
  timer = setTimeout(() => ask(2), 0); // what a previous run of the server left (the marked shards: one call when none is)
  timer.unref?.();
  return {
    /** Stops polling and waits for the round and the attempts under way (their writes land before the store closes). */
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await current;
      await dispatcher.idle();
    },
    offer: (deliveries) => {
      dispatcher.offer(deliveries);
      ask(1);
    },
  };
}
