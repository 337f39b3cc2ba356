/**
 * Where a handler's cold start spends its CPU, by module and phase (issue 33 item 5). V8's sampler
 * (infra/profile-cold-start.ts) charges a module's top-level code to the functions it calls (zod,
 * graphql), and the time spent wiring or answering to whatever runs then; this charges CPU to
 * spans instead. It bundles the function unminified, puts a mark before each `// <module>` line
 * esbuild writes (so each span is one module's evaluation, lazy inits and CommonJS requires
 * included, until the next mark), runs fresh processes on the event `measure:bundles` sends, and
 * prints each span's median CPU. A phase is split further by adding `globalThis.__mark?.('label')`
 * lines to the source for the run (they are no-ops anywhere else).
 *
 *   npx tsx infra/cold-start-marks.ts [graphql|floor|…] [runs=5] [top=40]
 */
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureTable, localClient, startEmbeddedDynamo } from '../services/store/index.js';
import { bundle, ROOT, type HandlerName } from './bundle.js';
import { bundleEvents } from './bundle-events.js';
import { runBundle } from './run-bundle.js';

const name = (process.argv[2] ?? 'graphql') as HandlerName | 'floor';
const runs = Number(process.argv[3] ?? 5);
const top = Number(process.argv[4] ?? 40);
const dir = join(ROOT, 'dist', 'marks', name);
rmSync(dir, { recursive: true, force: true });
// graphql as its ESM bundle, without the code cache (CODE_CACHED): marks change the bytes a cache is of.
await bundle(name, dir, { minify: false, codeCache: false });
const chunks = join(dir, 'chunks');
const files = [join(dir, 'index.mjs'), ...(existsSync(chunks) ? readdirSync(chunks, { withFileTypes: true }) : []).filter((f) => f.isFile() && f.name.endsWith('.mjs')).map((f) => join(chunks, f.name))];
for (const file of files) {
  // esbuild's module comments stand between top-level statements, so a statement fits before each.
  const lines = readFileSync(file, 'utf8').split('\n').flatMap((l) => {
    const m = /^\/\/ (\S*node_modules\/\S+|services\/\S+|infra\/\S+)$/.exec(l);
    return m ? [`globalThis.__mark?.(${JSON.stringify(m[1]!.replace(/^.*node_modules\//, ''))});`, l] : [l];
  });
  writeFileSync(file, lines.join('\n'));
}
// Loaded before the bundle (--import): each mark charges the CPU since the last one to the last one's span.
const preload = join(dir, 'marks.mjs');
writeFileSync(preload, `import { writeFileSync } from 'node:fs';
let last = '(node start-up, compiling the bundle)', t = process.cpuUsage();
const spans = new Map();
globalThis.__mark = (next) => { const c = process.cpuUsage(); spans.set(last, (spans.get(last) ?? 0) + (c.user + c.system - t.user - t.system) / 1000); last = next; t = c; };
process.on('exit', () => { globalThis.__mark('(end)'); writeFileSync(process.env.MARKS_OUT, JSON.stringify([...spans])); });
`);
const dynamo = await startEmbeddedDynamo();
const client = localClient(dynamo.endpoint);
await ensureTable(client, 'parlor-marks');
const { events, close, wsEndpoint } = await bundleEvents(client, 'parlor-marks');
const spans = new Map<string, number[]>();
const cpu: number[] = [];
for (let i = 0; i < runs; i++) {
  const out = join(dir, `spans-${i}.json`);
  const run = await runBundle(join(dir, 'index.mjs'), [events[name]], { TABLE_NAME: 'parlor-marks', DYNAMODB_ENDPOINT: dynamo.endpoint, WS_ENDPOINT: wsEndpoint, NODE_ENV: 'production', NODE_OPTIONS: `--import=${pathToFileURL(preload).href}`, MARKS_OUT: out });
  cpu.push(run.cpuMs);
  for (const [k, v] of JSON.parse(readFileSync(out, 'utf8')) as [string, number][]) spans.set(k, [...(spans.get(k) ?? []), v]);
}
// A span missing from a run (a lazy module not reached) counts 0 there.
const median = (xs: number[]) => [...xs, ...Array<number>(runs - xs.length).fill(0)].sort((a, b) => a - b)[Math.floor(runs / 2)]!;
console.log(`${name}: ${runs} fresh processes, CPU to first answer (median) ${median(cpu).toFixed(0)} ms; median CPU of each span, from the mark before a module (or a label) to the next mark; the last span runs to the process's exit`);
for (const [k, v] of [...spans].map(([k, v]) => [k, median(v)] as const).sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${v.toFixed(1).padStart(8)} ms  ${k}`);
await close();
client.destroy();
await dynamo.close();
