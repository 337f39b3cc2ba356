/**
 * Before and after in one run: bundles built from different commits, each answering the same
 * createGame mutation in fresh processes, interleaved with the floor (infra/floor), CPU to first
 * answer (medians) and its ratio to the floor's. `measure:bundles` measures the current code
 * alone; this compares e.g. an older http bundle with the graphql one.
 *
 *   npx tsx infra/bundle.ts graphql dist/after            (and, in a checkout of the older commit,
 *   npx tsx infra/bundle.ts http <this repo>/dist/before)
 *   npx tsx infra/compare-bundles.ts 9 dist/before dist/after
 */
import { rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { games } from '../services/engine/registry.js';
import { ensureTable, localClient, startEmbeddedDynamo } from '../services/store/index.js';
import { bundle, ROOT } from './bundle.js';
import { runBundle } from './run-bundle.js';

const runs = Number(process.argv[2] ?? 9);
const dirs = process.argv.slice(3).map((d) => resolve(d));
if (!dirs.length) throw new Error('usage: npx tsx infra/compare-bundles.ts <runs> <bundle dir>...');
const floorDir = join(ROOT, 'dist', 'compare', 'floor');
rmSync(floorDir, { recursive: true, force: true });
await bundle('floor', floorDir);

const dynamo = await startEmbeddedDynamo();
const client = localClient(dynamo.endpoint);
await ensureTable(client, 'parlor-compare');
const game = games[0]!;
const event = (query: string) => ({
  version: '2.0', routeKey: '$default', rawPath: '/graphql', rawQueryString: '', headers: { 'content-type': 'application/json', host: 'api.example.com' },
  requestContext: { http: { method: 'POST', path: '/graphql', protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'compare' }, stage: '$default', requestId: 'r' },
  body: JSON.stringify({ query }), isBase64Encoded: false,
});
const floorEvent = event(`mutation { createGame(game: "${game.id}", seats: ${game.seats.min}) { id version } }`);
const apiEvent = event(`mutation { createGame(input: { game: "${game.id}", seats: ${game.seats.min} }) { game { id version } } }`);
const all = [floorDir, ...dirs];
const cpu = new Map<string, number[]>(all.map((d) => [d, []]));
for (let i = 0; i < runs; i++) {
  for (const dir of all) {
    const run = await runBundle(join(dir, 'index.mjs'), [dir === floorDir ? floorEvent : apiEvent], { TABLE_NAME: 'parlor-compare', DYNAMODB_ENDPOINT: dynamo.endpoint, NODE_ENV: 'production' });
    const answer = run.results[0];
    if (answer?.statusCode !== 200 || String(answer.body).includes('"errors"')) throw new Error(`${dir} answered ${JSON.stringify(answer)}`);
    cpu.get(dir)!.push(run.cpuMs);
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const floor = median(cpu.get(floorDir)!);
console.log(`${runs} fresh processes each, interleaved, medians; load average ${loadavg()[0]!.toFixed(1)}`);
const label = (dir: string) => (dir === floorDir ? 'floor' : relative(process.cwd(), dir));
for (const dir of all) console.log(`${label(dir).padEnd(30)} ${median(cpu.get(dir)!).toFixed(0).padStart(5)} ms CPU  ${(median(cpu.get(dir)!) / floor).toFixed(2)}×`);
client.destroy();
await dynamo.close();
