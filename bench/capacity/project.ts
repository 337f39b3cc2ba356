/**
 * From one measurement to a deployment's load and bill: for N concurrent games at a move rate,
 * DynamoDB units per second per table and index and on the hottest partition key, Lambda
 * concurrency, and the monthly cost at AWS's published on-demand prices (bench/capacity/prices.ts).
 *
 * Scaling rule for a key: one that only one game's work touched (its stream, its players' items)
 * carries that game's pace, whatever the number of games; one that several games touched (the
 * lobby's index key) keeps the share of the deployment's load it had in the run; a sharded set
 * (store/shards.ts) is always the deployment's, and its busiest shard takes the set's load ÷ its
 * shards (at scale the ids hash evenly; a run's few ids would land unevenly, and a shard only one
 * game happened to touch would pass for that game's own).
 */
import { concurrency, durationMs, MEMORY_MB, PARTITION, type FnName, type Measured } from '../../infra/capacity.js';
import { breakdown, FUNCTIONS, keyLoads, type KeyLoad, type Measurement } from './measure.js';
import { PRICES } from './prices.js';

export { PRICES };


export const SECONDS_PER_MONTH = 30 * 24 * 3600;

export interface Pace {
  name: string;
  /** Moves per game per second. */
  rate: number;
  /** Whether every seat holds a WebSocket connection the whole time (connection minutes are billed). */
  connected: boolean;
}
export const PACES: Pace[] = [
  { name: 'play-by-turn (1 move per game per hour)', rate: 1 / 3600, connected: false },
  { name: 'live tables (1 move per game per 10 s)', rate: 1 / 10, connected: true },
];

/** The figures infra/capacity.ts derives its settings from, measured. */
export function measured(m: Measurement): Measured {
  const perMove = Object.fromEntries(
    FUNCTIONS.map((fn) => [fn, { invocations: m.lambda[fn].invocations / m.moves, cpuMs: m.lambda[fn].cpuMs / m.moves, requests: m.lambda[fn].requests / m.moves }]),
  ) as Measured['perMove'];
  return { commitsPerMove: m.commits / m.moves, perMove, writeUnitsPerMove: breakdown(m).total.wcu / m.moves };
}

/**
 * The keys whose load grows with the deployment's, each as units over the whole run: a key several
 * games touched, and each sharded set as its expected busiest shard (the set's units ÷ its shards:
 * ids hash evenly over them at scale, whichever shards this run's few ids happened to land on).
 */
export function sharedKeys(keys: KeyLoad[]): { target: string; key: string; wcu: number; rcu: number }[] {
  const sets = new Map<string, { target: string; key: string; wcu: number; rcu: number; shards: number }>();
  const out: { target: string; key: string; wcu: number; rcu: number }[] = [];
  for (const k of keys) {
    if (!k.set) {
      if (k.games > 1) out.push({ target: k.target, key: k.key, wcu: k.wcu, rcu: k.rcu });
      continue;
    }
    const id = `${k.target}\u0000${k.set.name}`;
    const s = sets.get(id) ?? { target: k.target, key: `${k.set.name}#0..${k.set.shards - 1}`, wcu: 0, rcu: 0, shards: k.set.shards };
    s.wcu += k.wcu;
    s.rcu += k.rcu;
    sets.set(id, s);
  }
  for (const s of sets.values()) out.push({ target: s.target, key: `${s.key} (each)`, wcu: s.wcu / s.shards, rcu: s.rcu / s.shards });
  return out;
}

/** The key that saturates first: per move, the most units any one key takes (shared keys: of the whole deployment). */
function hottest(m: Measurement, unit: 'wcu' | 'rcu', movesPerSecond: number, perGameRate: number) {
  let best = { key: '-', target: 'table', perSecond: 0, shared: false };
  for (const k of sharedKeys(m.keys)) {
    const perSecond = (k[unit] / m.moves) * movesPerSecond;
    if (perSecond > best.perSecond) best = { key: k.key, target: k.target, perSecond, shared: true };
  }
  for (const k of m.keys.filter((k) => !k.set && k.games <= 1)) {
    const perSecond = (k[unit] / (k.ownMoves || 1)) * perGameRate;
    if (perSecond > best.perSecond) best = { key: k.key, target: k.target, perSecond, shared: false };
  }
  return best;
}

/** The deployment-wide move rate at which the busiest shared key reaches a partition's limit. */
export function saturation(m: Measurement) {
  const shared = sharedKeys(m.keys);
  const top = (unit: 'wcu' | 'rcu', per: number) => shared.reduce((best, k) => (k[unit] / per > best.units ? { key: k.key, target: k.target, units: k[unit] / per } : best), { key: '-', target: 'table', units: 0 });
  const w = top('wcu', m.moves);
  const r = top('rcu', m.moves);
  // Deliveries: the keys the delivery path touches (the queue's), per delivery.
  const b = breakdown(m);
  const queue = shared.filter((k) => b.queueKinds.some((q) => k.key === q || k.key.startsWith(`${q}#`)));
  const dq = queue.reduce((best, k) => (k.wcu / (m.deliveries || 1) > best.units ? { key: k.key, target: k.target, units: k.wcu / (m.deliveries || 1) } : best), { key: '-', target: 'table', units: 0 });
  const dr = queue.reduce((best, k) => (k.rcu / (m.deliveries || 1) > best.units ? { key: k.key, target: k.target, units: k.rcu / (m.deliveries || 1) } : best), { key: '-', target: 'table', units: 0 });
  return {
    movesByWrites: { ...w, limit: w.units ? PARTITION.writeUnits / w.units : Infinity },
    movesByReads: { ...r, limit: r.units ? PARTITION.readUnits / r.units : Infinity },
    deliveriesByWrites: { ...dq, limit: dq.units ? PARTITION.writeUnits / dq.units : Infinity },
    deliveriesByReads: { ...dr, limit: dr.units ? PARTITION.readUnits / dr.units : Infinity },
  };
}

export function project(m: Measurement, games: number, pace: Pace) {
  const movesPerSecond = games * pace.rate;
  const b = breakdown(m);
  const perTarget = Object.fromEntries(Object.entries(b.allInPerMove).map(([t, u]) => [t, { rcu: u.rcu * movesPerSecond, wcu: u.wcu * movesPerSecond }]));
  const model = measured(m);
  const lambda = Object.fromEntries(FUNCTIONS.map((fn) => [fn, concurrency(model, fn as FnName, movesPerSecond)])) as Record<FnName, number>;
  const wcu = b.total.wcu / m.moves;
  const rcu = b.total.rcu / m.moves;
  const month = movesPerSecond * SECONDS_PER_MONTH;
  const dynamodb = month * (wcu * PRICES.writeRequestUnit + rcu * PRICES.readRequestUnit);
  const lambdaCost = FUNCTIONS.reduce((usd, fn) => {
    const f = model.perMove[fn as FnName];
    return usd + month * f.invocations * (PRICES.lambdaRequest + (durationMs(model, fn as FnName) / 1000) * (MEMORY_MB[fn as FnName] / 1024) * PRICES.lambdaGbSecondArm);
  }, 0);
  const wsMessages = (m.api.wsMessagesIn + m.api.wsMessagesOut) / m.moves;
  const apiGateway = month * ((m.api.httpRequests / m.moves) * PRICES.httpApiRequest + wsMessages * PRICES.webSocketMessage) + (pace.connected ? games * m.seats * (SECONDS_PER_MONTH / 60) * PRICES.webSocketConnectionMinute : 0);
  return {
    games,
    pace: pace.name,
    movesPerSecond,
    deliveriesPerSecond: (m.deliveries / m.moves) * movesPerSecond,
    perTarget,
    hottestWrite: hottest(m, 'wcu', movesPerSecond, pace.rate),
    hottestRead: hottest(m, 'rcu', movesPerSecond, pace.rate),
    lambda,
    usdPerMonth: { dynamodb, lambda: lambdaCost, apiGateway, total: dynamodb + lambdaCost + apiGateway },
  };
}

/**
 * Finding a game (world.findGames): what a seek (opened, accepted, its game created) and a
 * quick-play player (entered, claimed, seated) cost, and the rate at which matchmaking's busiest
 * key reaches a partition's write limit. The sets are as everywhere: the set's units ÷ its shards.
 * Any other key more than one seek or pair touched is listed too, apart from MATCHPOOLS (a marker
 * each process writes once per pool: it grows with processes, not with seeks).
 */
export function findingGames(m: Measurement) {
  const mm = m.match;
  if (!mm || mm.seeks + mm.pairs === 0) return null;
  const keys = keyLoads(
    mm.ops.filter((o) => o.key !== 'MATCHPOOLS'),
    new Map(),
  );
  const of = (prefix: string) => mm.ops.filter((o) => o.game?.startsWith(prefix));
  const sum = (ops: typeof mm.ops) => {
    const out: Record<string, { rcu: number; wcu: number }> = {};
    for (const o of ops) {
      const u = (out[o.target] ??= { rcu: 0, wcu: 0 });
      u.rcu += o.rcu;
      u.wcu += o.wcu;
    }
    return out;
  };
  const per = (u: Record<string, { rcu: number; wcu: number }>, n: number) => Object.fromEntries(Object.entries(u).map(([t, x]) => [t, { rcu: x.rcu / (n || 1), wcu: x.wcu / (n || 1) }]));
  const players = 2 * mm.pairs;
  const shared = sharedKeys(keys).map((k) => {
    // A set's shard (or any shared key) per what drives it: seeks for the seeks' list, players for a pool, else both.
    const drivenBy = k.key.startsWith('SEEKS#') ? { what: 'seeks', n: mm.seeks } : k.key.startsWith('POOL#') ? { what: 'quick-play players', n: players } : { what: 'seeks and quick-play players', n: mm.seeks + players };
    const [wcu, rcu] = [k.wcu / (drivenBy.n || 1), k.rcu / (drivenBy.n || 1)];
    // Pairing reads every shard of its pool (a Query each), so the pool's shards are read as often as written.
    return { ...k, per: drivenBy.what, wcuEach: wcu, rcuEach: rcu, limit: Math.min(wcu ? PARTITION.writeUnits / wcu : Infinity, rcu ? PARTITION.readUnits / rcu : Infinity) };
  });
  shared.sort((a, b) => a.limit - b.limit);
  return { seeks: mm.seeks, players, perSeek: per(sum(of('seek')), mm.seeks), perPlayer: per(sum(of('pool')), players), keys: shared };
}
