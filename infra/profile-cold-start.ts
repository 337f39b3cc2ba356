/**
 * Where a handler's cold start spends its CPU (issue 33 item 5): bundles it unminified (names and
 * `// path` module markers kept), runs one fresh process with V8's sampling profiler on the same
 * event `measure:bundles` sends, and prints self time by source module and by function.
 *
 *   npx tsx infra/profile-cold-start.ts [graphql|floor] [top=40]   (the createGame mutation both answer)
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { games } from '../services/engine/registry.js';
import { ensureTable, localClient, startEmbeddedDynamo } from '../services/store/index.js';
import { bundle, ROOT, type BundleName } from './bundle.js';
import { LOCAL_ENV } from './run-bundle.js';

const name = (process.argv[2] ?? 'graphql') as BundleName;
const top = Number(process.argv[3] ?? 40);
const outdir = join(ROOT, 'dist', 'profile', name);
rmSync(outdir, { recursive: true, force: true });
const b = await bundle(name, outdir, { minify: false });
const dynamo = await startEmbeddedDynamo();
const client = localClient(dynamo.endpoint);
await ensureTable(client, 'parlor-profile');
const game = games[0]!;
const query = name === 'floor' ? `mutation { createGame(game: "${game.id}", seats: ${game.seats.min}) { id version } }` : `mutation { createGame(input: { game: "${game.id}", seats: ${game.seats.min} }) { game { id version } } }`;
const event = {
  version: '2.0', routeKey: '$default', rawPath: '/graphql', rawQueryString: '', headers: { 'content-type': 'application/json', host: 'api.example.com' },
  requestContext: { http: { method: 'POST', path: '/graphql', protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'profile' }, stage: '$default', requestId: 'r' },
  body: JSON.stringify({ query }), isBase64Encoded: false,
};
const child = `const { handler } = await import(process.env.BUNDLE); const r = await handler(JSON.parse(process.env.EVENT), { functionName: 'bundle', awsRequestId: 'r1', getRemainingTimeInMillis: () => 900000 }); const c = process.cpuUsage(); console.log(JSON.stringify({ cpuMs: (c.user + c.system) / 1000, status: r.statusCode, body: String(r.body).slice(0, 200) })); process.exit(0);`;
const profDir = join(outdir, 'prof');
// Asynchronous: the embedded DynamoDB answers from this process.
const { stdout: out } = await promisify(execFile)(process.execPath, ['--cpu-prof', `--cpu-prof-dir=${profDir}`, '--cpu-prof-interval=200', '--input-type=module', '-e', child], {
  cwd: outdir, encoding: 'utf8', env: { PATH: process.env.PATH, ...LOCAL_ENV, TABLE_NAME: 'parlor-profile', DYNAMODB_ENDPOINT: dynamo.endpoint, WS_ENDPOINT: 'http://127.0.0.1:9/prod', NODE_ENV: 'production', BUNDLE: pathToFileURL(b.file).href, EVENT: JSON.stringify(event) },
});
console.log(out.trim());
client.destroy();
await dynamo.close();

// Module of each line of each bundled file: esbuild's unminified output marks every module with `// <path>`.
const moduleAt = new Map<string, string[]>();
const modulesOf = (url: string) => {
  if (moduleAt.has(url)) return moduleAt.get(url)!;
  let lines: string[] = [];
  try { lines = readFileSync(new URL(url), 'utf8').split('\n'); } catch { /* node internals */ }
  let current = '(bundle prelude)';
  const map = lines.map((l) => { const m = /^\/\/ (\S*node_modules\/\S+|services\/\S+|infra\/\S+|parlor-stub:\S+)$/.exec(l); if (m) current = m[1]!.replace(/^.*node_modules\//, "node_modules/"); return current; });
  moduleAt.set(url, map);
  return map;
};
const file = readdirSync(profDir).find((f) => f.endsWith('.cpuprofile'))!;
const prof = JSON.parse(readFileSync(join(profDir, file), 'utf8'));
// Each sample weighs one interval (200 µs): its wall-clock delta also holds any time the process was
// preempted on a loaded machine, which would be charged to whatever function was running then.
const self = new Map<number, number>();
prof.samples.forEach((id: number) => self.set(id, (self.get(id) ?? 0) + 200));
const byModule = new Map<string, number>();
const byFn = new Map<string, number>();
let total = 0;
for (const n of prof.nodes) {
  const t = (self.get(n.id) ?? 0) / 1000;
  total += t;
  const { url, functionName, lineNumber } = n.callFrame;
  const mod = url.startsWith('file:') ? (modulesOf(url)[lineNumber] ?? '?').replace(/^node_modules\//, '') : url ? `(node) ${url.replace(/^node:/, '')}` : `(${functionName || 'vm'})`;
  const pkg = mod.startsWith('(') ? mod : mod.startsWith('@') ? mod.split('/').slice(0, 2).join('/') : mod.startsWith('services/') || mod.startsWith('infra/') ? mod : mod.split('/')[0]!;
  byModule.set(pkg, (byModule.get(pkg) ?? 0) + t);
  const fk = `${functionName || '(anonymous)'} ${mod}:${lineNumber}`;
  byFn.set(fk, (byFn.get(fk) ?? 0) + t);
}
const show = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]).slice(0, top).map(([k, v]) => `${v.toFixed(1).padStart(8)} ms  ${k}`).join('\n');
console.log(`sampled ${total.toFixed(0)} ms\n-- by package/module --\n${show(byModule)}\n-- by function --\n${show(byFn)}`);
