/**
 * Runs real games through the handlers (world.ts) and turns what was counted into the capacity
 * model's figures: per move, per game, per webhook delivery and per WebSocket update, and every
 * partition key's load, from which the projections (project.ts) scale.
 *
 * Two passes over the same games: the first prices every DynamoDB operation (its size reads would
 * distort the timing), the second times the handlers alone.
 */
import type { AnyGame } from '../../services/engine/core/index.js';
import { OWNER_INDEX } from '../../services/store/schema.js';
import { DIGEST_SHARDS, ENDED_SHARDS, LOBBY_SHARDS, OUTBOX_SHARDS, STATS_SHARDS } from '../../services/store/shards.js';
import { POOL_SHARDS, SEEK_SHARDS } from '../../services/matchmaking/store.js';
import type { Op } from './meter.js';
import { CapacityWorld, type Fn, type Invocation, type Phase } from './world.js';

export const FUNCTIONS: Fn[] = ['http', 'ws', 'stream', 'timer'];
export interface Units {
  rcu: number;
  wcu: number;
}
export interface KeyLoad extends Units {
  /** 'table' or an index name. */
  target: string;
  key: string;
  /** The games whose work wrote or read it: 1 means it belongs to one game (or its players). */
  games: number;
  /** Moves of those games, when it belongs to one (its load scales with that game's pace, not the deployment's). */
  ownMoves: number;
  /** The sharded set this key is one shard of (store/shards.ts): shared by the deployment, however few games the run put on it. */
  set?: ShardedSet;
}

/** A set spread over `shards` keys `<name>#<shard>` by a hash of each item's id. */
export interface ShardedSet {
  target: string;
  name: string;
  shards: number;
}
/**
 * The sharded sets of services/store/shards.ts, by where their keys live: the key without its
 * `#<shard>` suffix must match. (A game's own keys, `LOBBY#<gameId>` and the like, never do.)
 */
const SHARDED: { target: string; name: RegExp; shards: number }[] = [
  { target: 'table', name: /^OUTBOX$/, shards: OUTBOX_SHARDS },
  { target: 'table', name: /^DIGESTS$/, shards: DIGEST_SHARDS },
  { target: 'table', name: /^STATS#[^#]+#\d+$/, shards: STATS_SHARDS },
  { target: OWNER_INDEX.name, name: /^LOBBY#[^#]+$/, shards: LOBBY_SHARDS },
  { target: OWNER_INDEX.name, name: /^ENDED$/, shards: ENDED_SHARDS },
  { target: OWNER_INDEX.name, name: /^SEEKS$/, shards: SEEK_SHARDS },
  { target: OWNER_INDEX.name, name: /^POOL#[^#]+$/, shards: POOL_SHARDS },
];
/** The sharded set `key` is a shard of, if any. */
export function shardedSet(target: string, key: string): ShardedSet | undefined {
  const m = /^(.*)#(\d+)$/.exec(key);
  if (!m) return undefined;
  const s = SHARDED.find((x) => x.target === target && x.name.test(m[1]!) && Number(m[2]) < x.shards);
  return s && { target, name: m[1]!, shards: s.shards };
}

export interface Measurement {
  game: string;
  seats: number;
  games: number;
  moves: number;
  commits: number;
  deliveries: number;
  /** PostToConnection frames the stream function sent (game updates). */
  wsUpdates: number;
  /** Every operation priced. */
  ops: Op[];
  /** Per function, from the timing pass: invocations, CPU ms and DynamoDB requests, all-in. */
  lambda: Record<Fn, { invocations: number; cpuMs: number; wallMs: number; requests: number }>;
  /** From the timing pass: CPU ms per WebSocket update (the stream function's fan-out) and per webhook delivery (the timer's run). */
  cpuPer: { wsUpdate: number; delivery: number; wsUpdateBytes: number };
  /** API Gateway: HTTP API requests; WebSocket messages each way, in 32 KB metering units. */
  api: { httpRequests: number; wsMessagesIn: number; wsMessagesOut: number };
  keys: KeyLoad[];
  /**
   * The outbox runs' due Queries (a Query of every queue shard a run), kept out of `ops` and `keys`:
   * the run here follows every commit, on AWS it is once a minute, so they are priced per run.
   */
  outboxRuns?: { runs: number; queries: number; rcu: number };
  /** Finding a game (world.findGames): seeks opened and accepted, quick-play pairs seated, and every operation of theirs (registration apart). */
  match?: { seeks: number; pairs: number; ops: Op[] };
}

const sum = (ops: Op[]): Units => ops.reduce((u, o) => ({ rcu: u.rcu + o.rcu, wcu: u.wcu + o.wcu }), { rcu: 0, wcu: 0 });
/** An item kind: the partition key up to its first '#'. */
export const kindOf = (key: string) => key.split('#')[0]!;

export async function measure(options: { game: string; seats: number; games: number; maxMoves?: number; seed?: number; catalog?: readonly AnyGame[]; seeks?: number; pairs?: number }): Promise<Measurement> {
  const world = await CapacityWorld.start(options.catalog);
  try {
    const seed = options.seed ?? 1;
    const movesOf = new Map<string, number>();
    let moves = 0;
    for (let i = 0; i < options.games; i++) {
      const r = await world.playGame(options.game, options.seats, seed + i, options.maxMoves);
      movesOf.set(`g${seed + i}`, r.moves);
      moves += r.moves;
    }
    const runs = world.invocations.filter((i) => i.fn === 'timer').length;
    const queue = new Set(world.meter.ops.filter((o) => o.phase === 'delivery' && o.command === 'DeleteItem' && o.target === 'table').map((o) => kindOf(o.key)));
    const isPoll = (o: Op) => o.fn === 'timer' && o.command === 'Query' && o.target === 'table' && queue.has(kindOf(o.key));
    const polls = world.meter.ops.filter(isPoll);
    const ops = world.meter.ops.filter((o) => !isPoll(o));
    const outboxRuns = { runs, queries: polls.length, rcu: polls.reduce((n, o) => n + o.rcu, 0) };
    const deliveries = world.deliveries;
    const wsUpdates = world.messages.filter((m) => m.direction === 'out' && m.phase !== 'ws').length;
    const commits = world.invocations.filter((i) => i.fn === 'stream').length; // one batch per commit here: one new commit each
    const messages = [...world.messages];
    // The timing pass: the same games again (other seeds), nothing priced.
    world.metering = false;
    const timed = world.invocations.length;
    const requestsBefore = new Map(world.requests);
    const [fanoutBefore, deliveriesBefore, messagesBefore] = [world.fanoutCpuMs, world.deliveries, world.messages.length];
    for (let i = 0; i < options.games; i++) await world.playGame(options.game, options.seats, seed + 1000 + i, options.maxMoves);
    const timing: Invocation[] = world.invocations.slice(timed);
    const timedUpdates = world.messages.slice(messagesBefore).filter((x) => x.direction === 'out' && x.phase !== 'ws');
    const timerCpu = timing.filter((t) => t.fn === 'timer').reduce((n, t) => n + t.cpuMs, 0);
    const cpuPer = {
      wsUpdate: (world.fanoutCpuMs - fanoutBefore) / (timedUpdates.length || 1),
      delivery: timerCpu / (world.deliveries - deliveriesBefore || 1),
      wsUpdateBytes: timedUpdates.reduce((n, x) => n + x.bytes, 0) / (timedUpdates.length || 1),
    };
    const movesTimed = timing.filter((t) => t.fn === 'http' && t.phase === 'move').length;
    const lambda = Object.fromEntries(
      FUNCTIONS.map((fn) => {
        const of = timing.filter((t) => t.fn === fn);
        const requests = [...world.requests].filter(([k]) => k.startsWith(`${fn}:`)).reduce((n, [k, v]) => n + v - (requestsBefore.get(k) ?? 0), 0);
        // Scaled to the priced pass's moves, so every figure is per the same move.
        const scale = moves / (movesTimed || 1);
        // The timer's due Queries belong to its runs (priced per run below), not to the moves.
        const pollRequests = fn === 'timer' ? (outboxRuns.queries / (runs || 1)) * of.length : 0;
        return [fn, { invocations: of.length * scale, cpuMs: of.reduce((n, t) => n + t.cpuMs, 0) * scale, wallMs: of.reduce((n, t) => n + t.wallMs, 0) * scale, requests: (requests - pollRequests) * scale }];
      }),
    ) as Measurement['lambda'];
    const units32k = (bytes: number) => Math.max(1, Math.ceil(bytes / 32_768));
    const api = {
      httpRequests: world.invocations.slice(0, timed).filter((i) => i.fn === 'http').length,
      wsMessagesIn: messages.filter((m) => m.direction === 'in').reduce((n, m) => n + units32k(m.bytes), 0),
      wsMessagesOut: messages.filter((m) => m.direction === 'out').reduce((n, m) => n + units32k(m.bytes), 0),
    };
    // Finding a game, priced apart from the games' own figures above.
    world.metering = true;
    const found = world.meter.ops.length;
    const [seeks, pairs] = [options.seeks ?? 0, options.pairs ?? 0];
    if (seeks + pairs > 0) await world.findGames(seeks, pairs, seed);
    const match = { seeks, pairs, ops: world.meter.ops.slice(found).filter((o) => o.phase === 'match' && o.game !== 'register') };
    return { game: options.game, seats: options.seats, games: options.games, moves, commits, deliveries, wsUpdates, ops, lambda, cpuPer, api, keys: keyLoads(ops, movesOf), outboxRuns, match };
  } finally {
    await world.close();
  }
}

/** Every partition key's load, grouped by table or index, with the games that touched it. */
export function keyLoads(ops: Op[], movesOf: Map<string, number>): KeyLoad[] {
  const by = new Map<string, { target: string; key: string; rcu: number; wcu: number; games: Set<string> }>();
  for (const o of ops) {
    const id = `${o.target}\u0000${o.key}`;
    const k = by.get(id) ?? { target: o.target, key: o.key, rcu: 0, wcu: 0, games: new Set<string>() };
    k.rcu += o.rcu;
    k.wcu += o.wcu;
    if (o.game) k.games.add(o.game);
    by.set(id, k);
  }
  return [...by.values()].map((k) => {
    const set = shardedSet(k.target, k.key);
    const own = k.games.size === 1 && !set;
    return { target: k.target, key: k.key, rcu: k.rcu, wcu: k.wcu, games: k.games.size, ownMoves: own ? (movesOf.get([...k.games][0]!) ?? 0) : 0, ...(set && { set }) };
  });
}

/** What one move, game, delivery and WebSocket update cost in DynamoDB, split by table and index. */
export function breakdown(m: Measurement) {
  const per = (ops: Op[], n: number) => {
    const out: Record<string, Units> = {};
    for (const o of ops) {
      const u = (out[o.target] ??= { rcu: 0, wcu: 0 });
      u.rcu += o.rcu / (n || 1);
      u.wcu += o.wcu / (n || 1);
    }
    return out;
  };
  const phase = (p: Phase) => m.ops.filter((o) => o.phase === p);
  // The queue: kinds of item the sender deletes once delivered; their puts are the enqueueing.
  const queueKinds = new Set(phase('delivery').filter((o) => o.command === 'DeleteItem' && o.target === 'table').map((o) => kindOf(o.key)));
  const enqueue = m.ops.filter((o) => o.phase !== 'delivery' && o.command === 'PutItem' && o.target === 'table' && queueKinds.has(kindOf(o.key)));
  // The subscriptions: kinds of item the ws function writes; the stream function's reads and writes of them are the fan-out.
  const subKinds = new Set(phase('ws').filter((o) => o.wcu > 0 && o.target === 'table').map((o) => kindOf(o.key)));
  const fanout = m.ops.filter((o) => (o.phase === 'move' || o.phase === 'setup') && o.fn === 'stream' && subKinds.has(kindOf(o.key)));
  return {
    perMove: per(phase('move'), m.moves),
    perGame: per(m.ops, m.games),
    allInPerMove: per(m.ops, m.moves),
    perDelivery: per([...phase('delivery'), ...enqueue], m.deliveries),
    perWsUpdate: per(fanout, m.wsUpdates),
    queueKinds: [...queueKinds],
    subscriptionKinds: [...subKinds],
    total: sum(m.ops),
  };
}
