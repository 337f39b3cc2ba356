/**
 * `npm run capacity`: what Parlor asks of AWS, measured, and what that means at scale.
 *
 * Plays real games through the Lambda handlers in-process (bench/capacity/world.ts) with counting
 * DynamoDB clients, then prints per move, per game, per webhook delivery and per WebSocket update:
 * DynamoDB read and write units, Lambda invocations and CPU, API Gateway messages; every hot
 * partition key; and for 1,000 / 10,000 / 100,000 concurrent games at a play-by-turn and a live
 * pace: units per second per table and index and on the hottest key, Lambda concurrency, and the
 * monthly cost. docs/capacity.md reads it.
 *
 * Then it finds games the two ways matchmaking offers (seeks opened and accepted, quick-play
 * pairs) and prints what each costs and how many seeks and quick-play players a second its
 * sharded keys take before one saturates.
 *
 *   npm run capacity -- [--games 6] [--game scout] [--seats 2] [--seeks 16] [--pairs 16]
 */
import { parseArgs } from 'node:util';
import { RESERVED, STREAM, streamSettings, reservedConcurrency, TARGET, MEASURED } from '../infra/capacity.js';
import { breakdown, FUNCTIONS, measure, type Measurement, type Units } from './capacity/measure.js';
import { findingGames, measured, PACES, PRICES, project, saturation, sharedKeys } from './capacity/project.js';

const { values } = parseArgs({ options: { games: { type: 'string', default: '6' }, game: { type: 'string', default: 'scout' }, seats: { type: 'string', default: '2' }, seeks: { type: 'string', default: '16' }, pairs: { type: 'string', default: '16' } } });

const f = (n: number, digits = 2) => (Number.isFinite(n) ? n.toLocaleString('en-US', { maximumFractionDigits: digits }) : '∞');
const units = (u: Record<string, Units>) =>
  Object.entries(u)
    .map(([t, x]) => `${t}: ${f(x.rcu)} RCU, ${f(x.wcu)} WCU`)
    .join(' · ') || '—';

export function report(m: Measurement): string {
  const out: string[] = [];
  const b = breakdown(m);
  out.push(`Measured: ${m.games} games of ${m.game} at ${m.seats} seats, ${m.moves} moves (${f(m.moves / m.games, 1)} a game), ${m.deliveries} webhook deliveries, ${m.wsUpdates} WebSocket updates.`);
  out.push('Every seat subscribes over WebSocket and every player has a YOUR_TURN webhook; one stream batch and one outbox run after each commit.');
  out.push('');
  out.push('DynamoDB (capacity units by DynamoDB’s rules; index = byOwner)');
  out.push(`  per move (the http request and the stream function's work on its commit): ${units(b.perMove)}`);
  out.push(`  per game, all-in (registration, webhooks, create, joins, sockets, moves, deliveries): ${units(b.perGame)}`);
  out.push(`  per webhook delivery (enqueue, lease, delete; queue kinds: ${b.queueKinds.join(', ') || '—'}): ${units(b.perDelivery)}`);
  out.push(`  per WebSocket update (the stream function's reads and writes of ${b.subscriptionKinds.join(', ') || '—'}): ${units(b.perWsUpdate)}`);
  out.push(`  all-in per move: ${units(b.allInPerMove)}`);
  const r = m.outboxRuns;
  if (r?.runs) out.push(`  per outbox run (kept out of the above: here a run follows every commit, on AWS one a minute): ${f(r.queries / r.runs, 1)} due Queries (one a queue shard), ${f(r.rcu / r.runs, 2)} RCU; once a minute: ${f(r.rcu / r.runs / 60, 2)} RCU/s in all`);
  out.push('');
  out.push('Lambda (local CPU of this machine; the timing pass, nothing priced), per move all-in');
  for (const fn of FUNCTIONS) {
    const l = m.lambda[fn];
    out.push(`  ${fn.padEnd(6)} ${f(l.invocations / m.moves, 3)} invocations, ${f(l.cpuMs / m.moves, 2)} ms CPU, ${f(l.requests / m.moves, 2)} DynamoDB requests` + (l.invocations ? `  (${f(l.cpuMs / l.invocations, 2)} ms CPU and ${f(l.requests / l.invocations, 1)} requests an invocation)` : ''));
  }
  out.push(`  per WebSocket update: ${f(m.cpuPer.wsUpdate, 2)} ms of the stream function's CPU (its fan-out), 1 API Gateway message (${f(m.cpuPer.wsUpdateBytes, 0)} bytes on average)`);
  out.push(`  per webhook delivery: ${f(m.lambda.timer.invocations / (m.deliveries || 1), 2)} timer invocations here (one run a minute on AWS), ${f(m.cpuPer.delivery, 2)} ms of its CPU`);
  out.push(`API Gateway per move all-in: ${f(m.api.httpRequests / m.moves, 3)} HTTP API requests, ${f(m.api.wsMessagesIn / m.moves, 3)} WebSocket messages in, ${f(m.api.wsMessagesOut / m.moves, 3)} out (per update: 1 message)`);
  out.push('');
  out.push('Partition keys of the run: the deployment’s (several games touched it; a sharded set as its busiest shard, the set ÷ its shards), then the busiest of one game’s own');
  // A shared key per move of the deployment; a game's own key per move of that game.
  const line = (k: { target: string; key: string; wcu: number; rcu: number; own: boolean; ownMoves: number; games?: number }) => {
    const own = k.own;
    const per = own ? k.ownMoves || 1 : m.moves;
    return `  ${k.target.padEnd(8)} ${k.key.length > 40 ? `${k.key.slice(0, 37)}…` : k.key.padEnd(40)} ${f(k.wcu / per, 3)} WCU ${f(k.rcu / per, 3)} RCU per move${own ? ' of its game' : ''}${k.games === undefined ? '' : `, ${k.games} game${k.games === 1 ? '' : 's'}`}`;
  };
  const busiest = (a: { wcu: number; rcu: number }, c: { wcu: number; rcu: number }) => c.wcu + c.rcu / 3 - (a.wcu + a.rcu / 3);
  out.push(...sharedKeys(m.keys).sort(busiest).slice(0, 10).map((k) => line({ ...k, own: false, ownMoves: 0 })));
  out.push(...m.keys.filter((k) => !k.set && k.games <= 1).sort(busiest).slice(0, 3).map((k) => line({ ...k, own: true })));
  const s = saturation(m);
  out.push('');
  out.push('Where one partition saturates (1,000 WCU/s, 3,000 RCU/s per key, shared keys):');
  out.push(`  moves/s:      writes at ${f(s.movesByWrites.limit, 0)} (${s.movesByWrites.target} ${s.movesByWrites.key}), reads at ${f(s.movesByReads.limit, 0)} (${s.movesByReads.target} ${s.movesByReads.key})`);
  out.push(`  deliveries/s: writes at ${f(s.deliveriesByWrites.limit, 0)} (${s.deliveriesByWrites.target} ${s.deliveriesByWrites.key}), reads at ${f(s.deliveriesByReads.limit, 0)} (${s.deliveriesByReads.target} ${s.deliveriesByReads.key})`);
  const moveCap = Math.min(s.movesByWrites.limit, s.movesByReads.limit);
  const deliveryCap = Math.min(s.deliveriesByWrites.limit, s.deliveriesByReads.limit);
  out.push(`  target ${f(TARGET.movesPerSecond, 0)} moves/s: ${moveCap >= TARGET.movesPerSecond ? 'reached' : 'NOT reached'}; ${f(TARGET.webhookDeliveriesPerSecond, 0)} deliveries/s: ${deliveryCap >= TARGET.webhookDeliveriesPerSecond ? 'reached' : 'NOT reached'}`);
  out.push('');
  out.push(`At scale (prices: AWS on-demand, ${PRICES.region}, as of ${PRICES.date}; 30-day month)`);
  for (const pace of PACES) {
    out.push(`  ${pace.name}`);
    for (const games of [1_000, 10_000, 100_000]) {
      const p = project(m, games, pace);
      const tables = Object.entries(p.perTarget)
        .map(([t, u]) => `${t} ${f(u.wcu, 0)} W/s ${f(u.rcu, 0)} R/s`)
        .join(', ');
      out.push(
        `    ${f(games, 0).padStart(7)} games: ${f(p.movesPerSecond, 1)} moves/s, ${f(p.deliveriesPerSecond, 1)} deliveries/s · ${tables} · hottest key W ${f(p.hottestWrite.perSecond, 1)}/s (${p.hottestWrite.target} ${p.hottestWrite.key.slice(0, 30)}) R ${f(p.hottestRead.perSecond, 1)}/s (${p.hottestRead.target} ${p.hottestRead.key.slice(0, 30)})`,
      );
      out.push(
        `                  Lambda concurrency ${FUNCTIONS.map((fn) => `${fn} ${f(p.lambda[fn], 1)}`).join(', ')} · $/month: DynamoDB ${f(p.usdPerMonth.dynamodb, 0)}, Lambda ${f(p.usdPerMonth.lambda, 0)}, API Gateway ${f(p.usdPerMonth.apiGateway, 0)}, total ${f(p.usdPerMonth.total, 0)}`,
      );
    }
  }
  const found = findingGames(m);
  if (found) {
    out.push('');
    out.push(`Finding a game: ${found.seeks} seeks opened and accepted (each fills; its game is created), ${found.players / 2} quick-play pairs (the second entry seats both), over HTTP; registration apart`);
    out.push(`  per seek (open, accept, the game's creation): ${units(found.perSeek)}`);
    out.push(`  per quick-play player (enter, claim, seat; half a game's creation): ${units(found.perPlayer)}`);
    out.push('  shared keys (a sharded set as its busiest shard; 1,000 WCU/s, 3,000 RCU/s a key), first to saturate first (MATCHPOOLS apart: written once per process and pool):');
    for (const k of found.keys.slice(0, 6)) out.push(`  ${k.target.padEnd(8)} ${k.key.length > 40 ? `${k.key.slice(0, 37)}…` : k.key.padEnd(40)} ${f(k.wcuEach, 3)} WCU ${f(k.rcuEach, 3)} RCU per ${k.per === 'seeks' ? 'seek' : k.per === 'quick-play players' ? 'quick-play player' : 'seek or player'} → saturates at ${f(k.limit, 0)} ${k.per}/s`);
    const seekKey = found.keys.find((k) => k.per === 'seeks');
    const poolKey = found.keys.find((k) => k.per === 'quick-play players');
    const games = TARGET.movesPerSecond / 10;
    out.push(`  target (${f(games, 0)} games/s, as at ${f(TARGET.movesPerSecond, 0)} moves/s of 10-move games, all begun as seeks, or all from one quick-play pool): seeks ${seekKey && seekKey.limit >= games ? 'reached' : 'NOT reached'}, quick play ${poolKey && poolKey.limit >= 2 * games ? 'reached' : 'NOT reached'}`);
  }
  const model = measured(m);
  const stream = streamSettings(model, TARGET.movesPerSecond);
  const reserved = reservedConcurrency(model);
  out.push('');
  out.push(`At the target (${f(TARGET.movesPerSecond, 0)} moves/s), from these figures: stream batch size ${stream.batchSize}, parallelization factor ${stream.parallelizationFactor} over ≥ ${stream.shards} shards (${stream.keepsUp ? 'keeps up' : 'does NOT keep up'}); reserved concurrency ${JSON.stringify(reserved)}`);
  out.push(`  infra/capacity.ts deploys (MEASURED of ${MEASURED.date}): batch size ${STREAM.batchSize}, parallelization factor ${STREAM.parallelizationFactor}; reserved ${JSON.stringify(RESERVED)}`);
  const round = (n: number) => Math.round(n * 100) / 100;
  out.push(
    `  infra/capacity.ts MEASURED: ${JSON.stringify({ commitsPerMove: round(model.commitsPerMove), perMove: Object.fromEntries(Object.entries(model.perMove).map(([k, v]) => [k, { invocations: round(v.invocations), cpuMs: round(v.cpuMs), requests: round(v.requests) }])), writeUnitsPerMove: round(model.writeUnitsPerMove) })}`,
  );
  return out.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const m = await measure({ game: values.game!, seats: Number(values.seats), games: Number(values.games), seeks: Number(values.seeks), pairs: Number(values.pairs) });
  console.log(report(m));
}
