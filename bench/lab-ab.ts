/**
 * The lab's unit (`labGame`, the compact record, its lines dropped) of another commit beside this
 * tree's, each on a thread of its own beside the engine's random game (this tree's), all three on
 * one core, in the same windows of wall time: each lab's CPU per move over the engine's. A change to
 * the lab reads here to about ±0.01× where the whole-run figure of `npm run bench` spreads ±0.05×
 * between processes (bench/simulate.ts, benchSimulateWholeRuns): one process, the same machine
 * minute for both sides. The ref's services/ are extracted with git archive into
 * .bench-engines/<sha>-lab (inside the repository, so their packages resolve), with this tree's
 * bench/lab-anchor-worker.ts, lab-engine.ts and engine.ts beside them: the same harness both sides.
 *   npx tsx bench/lab-ab.ts [--ref REF=HEAD~1] [--game scout] [--seats 2] [--windows 8] [--seconds 1] [--pin 0]
 * --pin: the core (taskset; none for the scheduler's choice). Run it again to believe a gain: each
 * thread's JIT settles its own way, and a change read −0.04× in one process and +0.04× at 4 seats.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { findGame } from '../services/engine/registry.js';
import { workerBoot } from '../services/app/worker-boot.js';
import { treeAt } from './engine.js';
import { anchorThread } from './simulate.js';

const { values } = parseArgs({ options: { ref: { type: 'string', default: 'HEAD~1' }, game: { type: 'string', default: 'scout' }, seats: { type: 'string', default: '2' }, windows: { type: 'string', default: '8' }, seconds: { type: 'string', default: '1' }, pin: { type: 'string', default: '0' } } });

// Pinned: the process started again under taskset (every thread on one core shares its speed).
if (values.pin !== 'none' && !process.env.LAB_AB_PINNED) {
  const args = [process.execPath, ...process.execArgv, ...process.argv.slice(1)];
  execFileSync('taskset', ['-c', values.pin!, ...args], { stdio: 'inherit', env: { ...process.env, LAB_AB_PINNED: '1' } });
  process.exit(0);
}

const root = resolve(import.meta.dirname, '..');
const tree = treeAt(values.ref!, ['services'], '-lab');
if (!tree) throw new Error(`${values.ref} does not resolve to a commit`);
const { sha, dir } = tree;
mkdirSync(join(dir, 'bench'), { recursive: true });
for (const f of ['lab-anchor-worker.ts', 'lab-engine.ts', 'engine.ts']) copyFileSync(join(root, 'bench', f), join(dir, 'bench', f));

const game = findGame(values.game!);
if (!game) throw new Error(`unknown game ${values.game}`);
const seats = Number(values.seats);
const seconds = Number(values.seconds);
const engine = await anchorThread(game, seats, 'engine');
const sides = [
  { label: 'this tree', thread: await anchorThread(game, seats, 'lab') },
  { label: `${values.ref} (${sha.slice(0, 7)})`, thread: await anchorThread(game, seats, 'lab', workerBoot(pathToFileURL(join(dir, 'bench/lab-anchor-worker.ts')))) },
];
const sleep = () => new Promise((r) => setTimeout(r, 50));
try {
  // Each thread past a second of its own CPU first (start-up, the JIT settling).
  while (engine.read().cpu < 1e6 || sides.some((s) => s.thread.read().cpu < 1e6)) await sleep();
  const ratios: number[][] = sides.map(() => []);
  let a = { e: engine.read(), s: sides.map((s) => s.thread.read()) };
  while (ratios[0]!.length < Number(values.windows)) {
    await sleep();
    const b = { e: engine.read(), s: sides.map((s) => s.thread.read()) };
    if (b.e.cpu - a.e.cpu < seconds * 1e6) continue;
    const engineUs = (b.e.cpu - a.e.cpu) / (b.e.moves - a.e.moves);
    sides.forEach((_, k) => ratios[k]!.push((b.s[k]!.cpu - a.s[k]!.cpu) / (b.s[k]!.moves - a.s[k]!.moves) / engineUs));
    a = b;
  }
  const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[(xs.length - 1) >> 1]!;
  console.log(`${game.id} at ${seats} seats: the lab's unit, CPU per move over the engine's in the same windows (${values.windows} of ${seconds}s of the engine thread's CPU)`);
  for (const [k, s] of sides.entries()) console.log(`  ${s.label.padEnd(24)} ${median(ratios[k]!).toFixed(3)}×  [${ratios[k]!.map((x) => x.toFixed(2)).join(', ')}]`);
  console.log(`  this tree over the ref, window by window: median ${median(ratios[0]!.map((x, w) => x / ratios[1]![w]!)).toFixed(3)}×`);
} finally {
  await engine.stop();
  for (const s of sides) await s.thread.stop();
}
