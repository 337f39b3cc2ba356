/**
 * Before and after in one run: bundles built from different commits, each answering the same
 * first event in fresh processes, interleaved with the floor (infra/floor), CPU to first
 * answer (medians) and its ratio to the floor's. `measure:bundles` measures the current code
 * alone; this compares e.g. an older graphql bundle with this one. The event is the graphql
 * function's createGame mutation, or another function's (infra/bundle-events.ts) with --fn.
 *
 *   npx tsx infra/bundle.ts graphql dist/after            (and, in a checkout of the older commit,
 *   npx tsx infra/bundle.ts graphql <this repo>/dist/before)
 *   npx tsx infra/compare-bundles.ts 9 dist/before dist/after
 *   npx tsx infra/compare-bundles.ts --fn ws 9 dist/ws-before dist/ws-after
 *   npx tsx infra/compare-bundles.ts --floors 9 dist/before dist/after   (the floor plain and code-cached)
 */
import { rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { ensureTable, localClient, startEmbeddedDynamo } from '../services/store/index.js';
import { bundle, HANDLERS, ROOT, type HandlerName } from './bundle.js';
import { bundleEvents } from './bundle-events.js';
import { runBundle } from './run-bundle.js';

const args = process.argv.slice(2);
// --floors: the floor both ways, plain (its ESM bundle) and as one script with its own code cache (infra/bundle.ts CODE_CACHED).
const floors = args[0] === '--floors' ? (args.shift(), true) : false;
const fn = (args[0] === '--fn' ? (args.splice(0, 2)[1] as HandlerName) : 'graphql');
if (!(fn in HANDLERS)) throw new Error(`--fn ${fn}: one of ${Object.keys(HANDLERS).join(', ')}`);
const runs = Number(args[0] ?? 9);
const dirs = args.slice(1).map((d) => resolve(d));
if (!dirs.length) throw new Error('usage: npx tsx infra/compare-bundles.ts [--fn graphql|ws|stream|…] <runs> <bundle dir>...');
const floorDir = join(ROOT, 'dist', 'compare', 'floor');
const cachedFloorDir = join(ROOT, 'dist', 'compare', 'floor-cached');
rmSync(floorDir, { recursive: true, force: true });
await bundle('floor', floorDir);
if (floors) {
  rmSync(cachedFloorDir, { recursive: true, force: true });
  await bundle('floor', cachedFloorDir, { script: true });
}

const dynamo = await startEmbeddedDynamo();
const client = localClient(dynamo.endpoint);
await ensureTable(client, 'parlor-compare');
const { events, ok, wsEndpoint, close } = await bundleEvents(client, 'parlor-compare');
const all = [floorDir, ...(floors ? [cachedFloorDir] : []), ...dirs];
const cpu = new Map<string, number[]>(all.map((d) => [d, []]));
for (let i = 0; i < runs; i++) {
  for (const dir of all) {
    const name = dir === floorDir || dir === cachedFloorDir ? 'floor' : fn;
    const run = await runBundle(join(dir, 'index.mjs'), [events[name]], { TABLE_NAME: 'parlor-compare', DYNAMODB_ENDPOINT: dynamo.endpoint, WS_ENDPOINT: wsEndpoint, NODE_ENV: 'production' });
    if (!ok(name, run.results[0])) throw new Error(`${dir} answered ${JSON.stringify(run.results[0])}`);
    cpu.get(dir)!.push(run.cpuMs);
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const floor = median(cpu.get(floorDir)!);
const cachedFloor = floors ? median(cpu.get(cachedFloorDir)!) : undefined;
console.log(`${fn}: ${runs} fresh processes each, interleaved, medians; load average ${loadavg()[0]!.toFixed(1)}`);
const label = (dir: string) => (dir === floorDir ? 'floor' : dir === cachedFloorDir ? 'floor, code-cached' : relative(process.cwd(), dir));
for (const dir of all) {
  const ms = median(cpu.get(dir)!);
  console.log(`${label(dir).padEnd(30)} ${ms.toFixed(0).padStart(5)} ms CPU  ${(ms / floor).toFixed(2)}× the floor${cachedFloor ? `  ${(ms / cachedFloor).toFixed(2)}× the floor code-cached` : ''}`);
}
await close();
client.destroy();
await dynamo.close();
