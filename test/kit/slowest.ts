/**
 * `npm run test:slowest`: where the suite's time goes, so the slowest files are the ones made cheaper.
 *
 *   npm run test:slowest                          run `npm test`'s files, then list
 *   npm run test:slowest -- test/play             run some files (any vitest arguments), then list
 *   npm run test:slowest -- --from report.json    list from a saved vitest JSON report (no run)
 *   TOP=40 npm run test:slowest …                 longer lists (default 20)
 *
 * A run saves vitest's JSON report (per test) and test/kit/timing-reporter.ts's file timings (import
 * and hooks, which the JSON report leaves out) in the system's temporary folder, and prints their paths.
 * Durations are wall clock: on a loaded machine compare files within one run, not across runs; the
 * cpu column (the worker's CPU for the file, test/kit/file-env.ts) depends less on the neighbours;
 * the child column is its child processes' CPU in that time (the browser tests' Chromium).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import type { FileTiming } from './timing-reporter.js';

interface JsonReport {
  numTotalTests: number;
  numTotalTestSuites: number;
  startTime: number;
  testResults: { name: string; startTime: number; endTime: number; status: string; assertionResults: { fullName: string; duration?: number | null; status: string }[] }[];
}

const TOP = Number(process.env.TOP ?? 20);
const args = process.argv.slice(2);
const from = args.indexOf('--from');

let reportPath: string;
let timingsPath: string | undefined;
if (from >= 0) {
  reportPath = args[from + 1] ?? fail('--from needs the path of a vitest JSON report');
  const sidecar = reportPath.replace(/\.json$/, '') + '.files.json';
  timingsPath = existsSync(sidecar) ? sidecar : undefined;
} else {
  reportPath = join(tmpdir(), `parlor-vitest-${process.pid}.json`);
  timingsPath = reportPath.replace(/\.json$/, '') + '.files.json';
  // Without file arguments: what `npm test` runs (the browser tests have their own script).
  const files = args.length ? args : ['--exclude', 'test/web/**'];
  const run = spawnSync('npx', ['vitest', 'run', ...files, '--reporter=dot', '--experimental.importDurations.limit=40', '--reporter=json', `--outputFile.json=${reportPath}`, '--reporter=./test/kit/timing-reporter.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PARLOR_TIMINGS: timingsPath },
  });
  if (!existsSync(reportPath)) fail(`vitest wrote no report (exit ${run.status})`);
  console.log(`\nreport: ${reportPath}\nfile timings: ${timingsPath}`);
}

const report = JSON.parse(readFileSync(reportPath, 'utf8')) as JsonReport;
const timings = new Map<string, FileTiming>();
if (timingsPath && existsSync(timingsPath)) for (const f of (JSON.parse(readFileSync(timingsPath, 'utf8')) as { files: FileTiming[] }).files) timings.set(f.file, f);

const s = (ms: number) => (ms / 1000).toFixed(1).padStart(7);
const files = report.testResults.map((r) => {
  const file = relative(process.cwd(), r.name);
  const t = timings.get(file);
  const tests = r.assertionResults.reduce((sum, a) => sum + (a.duration ?? 0), 0);
  // With the file timings: import + hooks + tests. From a bare JSON report: first test start to last test end.
  return { file, total: t ? t.collect + t.run : r.endTime - r.startTime, collect: t?.collect, run: t?.run, cpu: t?.cpu, childCpu: t?.childCpu, tests, count: r.assertionResults.length };
});
files.sort((a, b) => b.total - a.total);
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

const cpuKnown = files.some((f) => f.cpu !== undefined);
const childKnown = files.some((f) => f.childCpu !== undefined);
console.log(
  `\n${report.testResults.length} files, ${report.numTotalTests} tests; summed file time ${s(sum(files.map((f) => f.total))).trim()} s` +
    (timings.size ? ` (of which importing ${s(sum(files.map((f) => f.collect ?? 0))).trim()} s)` : '') +
    (cpuKnown ? `; the workers' CPU ${s(sum(files.map((f) => f.cpu ?? 0))).trim()} s` : '') +
    (childKnown ? `, their child processes' (Chromium) ${s(sum(files.map((f) => f.childCpu ?? 0))).trim()} s` : ''),
);
console.log(`\nslowest ${TOP} files (s):   total  import   hooks   tests     cpu   child  #tests`);
for (const f of files.slice(0, TOP)) {
  const hooks = f.run === undefined ? undefined : Math.max(0, f.run - f.tests);
  const dash = '      –';
  console.log(`  ${f.file.padEnd(56)} ${s(f.total)} ${f.collect === undefined ? dash : s(f.collect)} ${hooks === undefined ? dash : s(hooks)} ${s(f.tests)} ${f.cpu === undefined ? dash : s(f.cpu)} ${f.childCpu === undefined ? dash : s(f.childCpu)} ${String(f.count).padStart(6)}`);
}
const tests = report.testResults.flatMap((r) => r.assertionResults.map((a) => ({ file: relative(process.cwd(), r.name), name: a.fullName, ms: a.duration ?? 0, status: a.status })));
tests.sort((a, b) => b.ms - a.ms);
console.log(`\nslowest ${TOP} tests (s):`);
for (const t of tests.slice(0, TOP)) console.log(`  ${s(t.ms)}  ${t.file} > ${t.name.length > 110 ? t.name.slice(0, 107) + '…' : t.name}${t.status === 'passed' ? '' : ` [${t.status}]`}`);

if (timings.size) {
  // Each file imports anew (vitest isolates files): what its imports cost, summed over the run.
  const byModule = new Map<string, { ms: number; files: number }>();
  for (const t of timings.values()) for (const [m, ms] of Object.entries(t.imports ?? {})) {
    const e = byModule.get(m) ?? { ms: 0, files: 0 };
    byModule.set(m, { ms: e.ms + ms, files: e.files + 1 });
  }
  console.log(`\nheaviest imports, summed over files (s, own time of each module ≥ 20 ms):`);
  for (const [m, e] of [...byModule].sort((a, b) => b[1].ms - a[1].ms).slice(0, TOP)) console.log(`  ${s(e.ms)}  ${m} (${e.files} files)`);
}

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}
