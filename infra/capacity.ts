/**
 * The stack's throughput settings, derived from the measured capacity model instead of guessed:
 * the stream consumer's batch size and parallelization factor, and each function's reserved
 * concurrency, at the target load. `npm run capacity` (bench/capacity.ts) measures the figures
 * in MEASURED and prints what these functions derive from them; docs/capacity.md explains them.
 *
 * The model of a Lambda invocation: its CPU time, scaled by the share of a vCPU its memory buys
 * (1,769 MB is one), plus one DynamoDB round trip per request it makes, one after another (an
 * upper bound: some run in parallel).
 */

import { OUTBOX_SHARDS } from '../services/store/shards.js';

/** What the deployment must carry before anything saturates (issue 33). */
export const TARGET = { movesPerSecond: 10_000, webhookDeliveriesPerSecond: 5_000 } as const;

/**
 * Measured by `npm run capacity -- --games 10` on 2026-12-06 after the sharding (10 two-seat SCOUT games, 353 moves:
 * every seat subscribed over WebSocket, every player with a YOUR_TURN webhook), per move, all-in:
 * set-up, WebSocket frames and deliveries spread over the moves; CPU on the shared 2-core
 * development machine (±15% between runs). The timer's DynamoDB requests leave out its outbox runs'
 * due Queries (priced per run). Copy the tool's "infra/capacity.ts MEASURED" line here when it moves.
 */
export const MEASURED = {
  date: '2026-12-06',
  commitsPerMove: 1.08,
  perMove: {
    http: { invocations: 1.2, cpuMs: 3.65, requests: 2.69 },
    ws: { invocations: 0.23, cpuMs: 0.56, requests: 0.63 },
    stream: { invocations: 1.09, cpuMs: 10.21, requests: 13.74 },
    timer: { invocations: 1.09, cpuMs: 14.54, requests: 2.43 },
  },
  /** DynamoDB write units per move (table and indexes), all-in. */
  writeUnitsPerMove: 12.73,
} as const;

/** A DynamoDB round trip from Lambda in the same region (single-digit ms; stated, not measured). */
export const DYNAMO_MS = 5;
/** One DynamoDB partition: write and read units per second (AWS's published per-partition limits). */
export const PARTITION = { writeUnits: 1000, readUnits: 3000 } as const;
/** The functions' memory (parlor-stack.ts): 1,769 MB is one vCPU. */
export const MEMORY_MB = { http: 1769, ws: 1024, stream: 1769, timer: 1769 } as const;
/** Subscribers should see a move within this long at full load: bounds a stream batch's duration. */
export const STREAM_BATCH_BUDGET_MS = 1000;
/** The stream function's timeout (5 min) leaves room for this many bot decisions in one batch (parlor-stack.ts). */
export const MAX_BATCH = 100;
/** Lambda's ceiling on concurrent batches per stream shard. */
export const MAX_PARALLELIZATION = 10;
/** Headroom over the modelled mean concurrency for bursts. */
export const HEADROOM = 1.5;

export type FnName = keyof typeof MEMORY_MB;
export type Measured = { commitsPerMove: number; perMove: Record<FnName, { invocations: number; cpuMs: number; requests: number }>; writeUnitsPerMove: number };

/** Mean duration of one invocation, ms. */
export function durationMs(m: Measured, fn: FnName): number {
  const f = m.perMove[fn];
  if (!f.invocations) return 0;
  return (f.cpuMs / f.invocations) * Math.max(1, 1769 / MEMORY_MB[fn]) + (f.requests / f.invocations) * DYNAMO_MS;
}

/** Mean concurrent executions of `fn` at `movesPerSecond` (Little's law: rate × duration). */
export function concurrency(m: Measured, fn: FnName, movesPerSecond: number): number {
  return (m.perMove[fn].invocations * movesPerSecond * durationMs(m, fn)) / 1000;
}

/**
 * The stream consumer at `movesPerSecond`. DynamoDB Streams has about one shard per table
 * partition, and a table takes a partition per 1,000 write units per second at least, so the
 * write rate gives a floor on shards. A batch of B commits costs B × (CPU per commit) plus one
 * chain of round trips (games in a batch run in parallel); the batch size is the largest whose
 * batch fits the latency budget (and the bots' room, MAX_BATCH), and the parallelization factor
 * is what a shard then needs.
 */
export function streamSettings(m: Measured, movesPerSecond: number) {
  const s = m.perMove.stream;
  const cpuPerCommit = s.cpuMs / (m.commitsPerMove || 1);
  const chainMs = (s.requests / (s.invocations || 1)) * DYNAMO_MS;
  const shards = Math.max(1, Math.ceil((m.writeUnitsPerMove * movesPerSecond) / PARTITION.writeUnits));
  const batchSize = Math.max(1, Math.min(MAX_BATCH, Math.floor((STREAM_BATCH_BUDGET_MS - chainMs) / cpuPerCommit)));
  const batchMs = batchSize * cpuPerCommit + chainMs;
  const perShard = (m.commitsPerMove * movesPerSecond) / shards;
  // A shard's batches: one at a time per concurrent execution, each `batchSize` commits in `batchMs`.
  const parallelizationFactor = Math.min(MAX_PARALLELIZATION, Math.max(1, Math.ceil((perShard * batchMs) / 1000 / batchSize)));
  const keepsUp = (parallelizationFactor * batchSize * 1000) / batchMs >= perShard;
  return { shards, batchSize, batchMs, parallelizationFactor, perShard, keepsUp, concurrency: shards * parallelizationFactor };
}

/**
 * The timer function's executions: the once-a-minute outbox run is one, and deadlines fire one
 * each (EventBridge Scheduler; not in the measured mix). Its measured work per delivery does not
 * spread over more executions: past what one run sends in its minute, deliveries queue
 * (docs/capacity.md, what saturates first).
 */
export const TIMER_RESERVED = 10;
/** Lambda's default concurrency quota per account and region; AWS keeps 100 of it unreserved. */
export const DEFAULT_ACCOUNT_CONCURRENCY = 1000;

/** The web function serves the page's files, read once per visit and revalidated with 304s: a fixed few executions. */
export const WEB_RESERVED = 10;

/** The deployed functions (infra/bundle.ts HANDLERS): the model's http requests are served by graphql and rest. */
export type Deployed = 'graphql' | 'rest' | 'web' | 'ws' | 'stream' | 'timer';

/**
 * Reserved concurrency per function at the target: the modelled mean with headroom (the stream
 * function's is its shards × factor). The model plays over GraphQL; a client may play the same
 * moves over the REST mirror instead, at the same cost per request, so each of the two is sized for
 * the whole target.
 */
export function reservedConcurrency(m: Measured, movesPerSecond: number = TARGET.movesPerSecond): Record<Deployed, number> {
  const reserve = (fn: FnName) => Math.max(2, Math.ceil(concurrency(m, fn, movesPerSecond) * HEADROOM));
  return { graphql: reserve('http'), rest: reserve('http'), web: WEB_RESERVED, ws: reserve('ws'), stream: streamSettings(m, movesPerSecond).concurrency, timer: TIMER_RESERVED };
}

/** The settings the stack deploys (parlor-stack.ts), derived from MEASURED at the target. */
export const STREAM = streamSettings(MEASURED, TARGET.movesPerSecond);
export const RESERVED = reservedConcurrency(MEASURED);
/** Lambda's account-wide concurrency must exceed what is reserved by at least 100 (AWS's rule). */
export const ACCOUNT_CONCURRENCY_NEEDED = Object.values(RESERVED).reduce((a, b) => a + b, 0) + 100;

/**
 * API Gateway's default HTTP API quota per account and region: 10,000 requests a second in the
 * steady state, bursts of 5,000 (adjustable on request). A stage throttle above it is capped by it.
 */
export const HTTP_API_ACCOUNT_QUOTA = { rateLimit: 10_000, burstLimit: 5_000 } as const;

/**
 * The HTTP API stage's throttle: the target's requests (one http invocation each) with the same
 * headroom as the reserved concurrency, and a burst of a second's worth at that rate (a ceiling
 * against runaway clients, not the first thing the target meets). The per-client limits run in
 * the app; this is the deployment's.
 */
export function httpStageThrottle(m: Measured, movesPerSecond: number = TARGET.movesPerSecond) {
  const rateLimit = Math.ceil(movesPerSecond * m.perMove.http.invocations * HEADROOM);
  return { rateLimit, burstLimit: rateLimit };
}
/** The throttle the stack deploys on the HTTP API's $default stage (parlor-stack.ts). */
export const HTTP_STAGE_THROTTLE = httpStageThrottle(MEASURED);

/** A webhook receiver's answer time the outbox is sized for (stated, not measured: the attempt's timeout is 10 s). */
export const RECEIVER_MS = 100;

/**
 * What the outbox's senders need to carry `deliveriesPerSecond` (the target's 5,000): attempts in
 * flight at once (rate × the receiver's answer time, Little's law, with headroom), and executions
 * of the timer function sending at once, each one vCPU (1,769 MB) and at most a vCPU's worth of
 * the measured CPU per delivery. The queue is spread over `queueShards` keys (store/shards.ts),
 * so an execution per shard, each draining its own key, is the natural split; `perShard` is what
 * each then carries. Today one timer execution a minute sends, for up to 40 s, with 64 attempts in
 * flight: docs/capacity.md, what saturates first.
 */
export function outboxSenders(cpuMsPerDelivery: number, queueShards: number, deliveriesPerSecond: number = TARGET.webhookDeliveriesPerSecond) {
  const inFlight = Math.ceil(((deliveriesPerSecond * RECEIVER_MS) / 1000) * HEADROOM);
  const cpuExecutions = Math.ceil(((deliveriesPerSecond * cpuMsPerDelivery) / 1000) * HEADROOM);
  const executions = Math.max(queueShards, cpuExecutions);
  return { inFlight, executions, perExecution: { deliveriesPerSecond: deliveriesPerSecond / executions, inFlight: Math.ceil(inFlight / executions) } };
}
/**
 * The timer function's CPU per webhook delivery, measured with the run above (23.9 ms): an upper
 * bound, as it includes the due Queries of every shard in the run after each commit (1.7 runs a delivery there).
 */
export const DELIVERY_CPU_MS = 23.94;
/** What sending the target's deliveries asks for (not deployed yet: docs/capacity.md, what saturates first). */
export const OUTBOX_SENDERS = outboxSenders(DELIVERY_CPU_MS, OUTBOX_SHARDS);
