/**
 * Bundle size and cold start of each Lambda handler, as deployed (infra/bundle.ts):
 * each run is a fresh `node` process that imports the bundle and answers one realistic
 * event against a real DynamoDB API (embedded, on loopback) and a stand-in management API.
 *
 *   npx tsx infra/measure-bundles.ts [runs=7]
 *
 * The floor (infra/floor/handler.ts) is the bare mandated stack answering one mutation with one
 * conditional PutItem, bundled the same way and measured first in the same run; each function's
 * init + first event is printed as a multiple of it (target ≤ 1.1×), its size against 2 MiB.
 * Events: infra/bundle-events.ts (graphql a createGame mutation, ws a connection_init, stream the
 * first commit of a game, …). Times are medians; "total" includes Node's own start. graphql is
 * measured as built (infra/bundle.ts CODE_CACHED): one script with its V8 code cache, built by this
 * machine's node, so taken here; infra/compare-bundles.ts --floors compares it with the floor cached too.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { ensureTable, localClient, startEmbeddedDynamo } from '../services/store/index.js';
import { bundle, HANDLERS, ROOT, type Bundle, type HandlerName } from './bundle.js';
import { bundleEvents, type Measured } from './bundle-events.js';
import { runBundle, type Run } from './run-bundle.js';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
const runs = Number(process.argv[2] ?? 7);
const TABLE = 'parlor-measure';

const dynamo = await startEmbeddedDynamo();
const client = localClient(dynamo.endpoint);
await ensureTable(client, TABLE);
const { events, ok, wsEndpoint, close } = await bundleEvents(client, TABLE);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const TWO_MIB = 2 * 1024 * 1024;
/** A code-cached script carries inside it the code its ESM bundle reads only on first use (rest's passkeys): 2.5 MiB. */
const SCRIPT_BUDGET = 2.5 * 1024 * 1024;
const names: Measured[] = ['floor', ...(Object.keys(HANDLERS) as HandlerName[])];
const bundles = new Map<Measured, Bundle>();
for (const name of names) {
  const outdir = join(ROOT, 'dist', 'measure', name);
  rmSync(outdir, { recursive: true, force: true });
  bundles.set(name, await bundle(name, outdir));
}
// Interleaved (each round runs every bundle once), so the machine's load drifts alike for all.
const samples = new Map<Measured, Run[]>(names.map((n) => [n, []]));
for (let i = 0; i < runs; i++) {
  for (const name of names) {
    const sample = await runBundle(bundles.get(name)!.file, [events[name]], { TABLE_NAME: TABLE, DYNAMODB_ENDPOINT: dynamo.endpoint, WS_ENDPOINT: wsEndpoint, NODE_ENV: 'production' });
    if (!ok(name, sample.results[0])) throw new Error(`${name} answered ${JSON.stringify(sample.results[0])}`);
    samples.get(name)!.push(sample);
  }
}
const kib = (n: number) => `${(n / 1024).toFixed(0)} KiB`;
const medianOf = (name: Measured, f: (r: Run) => number) => median(samples.get(name)!.map(f));
const initFirst = (r: Run) => r.importMs + r.firstMs;
const versus = (x: number, floor: number) => `${(x / floor).toFixed(2)}× (${x / floor <= 1.1 ? 'meets' : 'misses'} ≤ 1.1×)`;
const rows = names.map((name) => {
  const b = bundles.get(name)!;
  const ms = (k: 'importMs' | 'firstMs' | 'totalMs' | 'cpuMs') => `${medianOf(name, (r) => r[k]).toFixed(0)} ms`;
  const cold = b.bytes + b.sharedBytes;
  const wall = medianOf(name, initFirst);
  const cpu = medianOf(name, (r) => r.cpuMs);
  const ratios = name === 'floor' ? 'the floor | the floor' : `${versus(wall, medianOf('floor', initFirst))} | ${versus(cpu, medianOf('floor', (r) => r.cpuMs))}`;
  const budget = b.cacheBytes ? SCRIPT_BUDGET : TWO_MIB;
  return `| ${name} | ${kib(cold)} (${cold <= budget ? '≤' : '**over**'} ${budget / 1024 / 1024} MiB)${b.cacheBytes ? ` + ${kib(b.cacheBytes)} of V8 code cache` : ''} | ${b.lazyBytes ? kib(b.lazyBytes) : '–'} | ${b.assetBytes ? kib(b.assetBytes) : '–'} | ${ms('importMs')} | ${ms('firstMs')} | ${wall.toFixed(0)} ms | ${ms('cpuMs')} | ${ratios} | ${ms('totalMs')} |`;
});

const report = [
  `Node ${process.versions.node}, ${runs} fresh processes per handler, medians; load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} CPUs.`,
  '',
  '| bundle | read at a cold start | lazy chunks | static assets | init (import + wiring) | first event | init + first | CPU to first answer | init + first ÷ floor | CPU ÷ floor | total (incl. Node start) |',
  '|---|---|---|---|---|---|---|---|---|---|---|',
  ...rows,
].join('\n');
console.log(report);
writeFileSync(join(ROOT, 'dist', 'measure', 'report.md'), report + '\n');

await close();
client.destroy();
await dynamo.close();
