/**
 * boardgame.io 0.50.2 playing SCOUT, run in the same command so both see the same machine load.
 * It is not a dependency of Parlor: point BGIO_SCOUT_DIR at a folder holding the baseline script
 * (`scout-bgio.cjs`, with its node_modules installed) to include it; otherwise it is skipped.
 *
 * Timed as the engine is (bench/engine-thread.ts): on a worker thread of a child process whose
 * threads collect their own garbage (`--single-threaded-gc`), by that thread's CPU (the script's
 * `process.hrtime.bigint` made the thread's scheduler count), after a second of warm-up, the
 * median of 9 blocks per seat count. `BENCH_ENGINE_WAY=main` keeps the older way: the script run
 * whole on a child's main thread, timed by the process's CPU, cold.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** CPU µs per move by seat count, or null when the baseline is not installed. */
export function boardgameIoScout(games = 100): Map<number, number> | null {
  const dir = process.env.BGIO_SCOUT_DIR;
  if (!dir || !existsSync(join(dir, 'scout-bgio.cjs')) || !existsSync(join(dir, 'node_modules'))) return null;
  if (process.env.BENCH_ENGINE_WAY === 'main') return onMainThread(dir, games);
  const out = execFileSync(process.execPath, ['--single-threaded-gc', '-e', workerScript(dir, games)], { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  return new Map(JSON.parse(out.trim().split('\n').pop()!) as [number, number][]);
}

/**
 * The child's program: a worker thread loads the script with its last lines (the loop over 3–5
 * seats that prints) cut off and `bench` exported, times by its own CPU, warms each seat count
 * (a second of CPU in all), then plays 9 blocks of `games / 9` games per seat count (as many games as the older way) on fresh seeds.
 */
function workerScript(dir: string, games: number): string {
  const worker = `
    const { readFileSync } = require('node:fs');
    const { parentPort } = require('node:worker_threads');
    const Module = require('node:module');
    const path = require('node:path');
    const file = path.join(${JSON.stringify(dir)}, 'scout-bgio.cjs');
    const src = readFileSync(file, 'utf8');
    const cut = src.indexOf('const games = Number(process.argv');
    if (cut < 0) throw new Error('scout-bgio.cjs: its closing loop was not found');
    const tid = readFileSync('/proc/thread-self/stat', 'utf8').split(' ')[0];
    const cpuNs = () => BigInt(readFileSync('/proc/self/task/' + tid + '/schedstat', 'utf8').split(' ')[0]);
    process.hrtime.bigint = cpuNs;
    const m = new Module(file);
    m.filename = file;
    m.paths = Module._nodeModulePaths(path.dirname(file));
    m._compile(src.slice(0, cut) + '\\nmodule.exports = { bench };', file);
    const { bench } = m.exports;
    const seats = [3, 4, 5];
    const w0 = cpuNs();
    for (let i = 0; cpuNs() - w0 < 1000000000n; i++) bench(seats[i % 3], 2, 1000 + i);
    const block = Math.max(1, Math.ceil(${games} / 9));
    const out = [];
    for (const p of seats) {
      const per = [];
      for (let b = 0; b < 9; b++) per.push(bench(p, block, 7 + p + 100 * b).usPerMove);
      per.sort((a, b) => a - b);
      out.push([p, per[4]]);
    }
    parentPort.postMessage(out);
  `;
  return `
    const { Worker } = require('node:worker_threads');
    new Worker(${JSON.stringify(worker)}, { eval: true }).on('message', (m) => console.log(JSON.stringify(m)));
  `;
}

/** The older way: the script whole on a child's main thread, its clock the process's CPU. */
function onMainThread(dir: string, games: number): Map<number, number> {
  // The script times itself with process.hrtime.bigint: made this process's CPU clock here, so
  // its µs/move is CPU time, comparable with the engine's CPU figure on a loaded machine.
  const cpuClock = 'data:text/javascript,process.hrtime.bigint=()=>{const u=process.cpuUsage();return BigInt(u.user+u.system)*1000n}';
  const out = execFileSync(process.execPath, ['--import', cpuClock, 'scout-bgio.cjs', String(games)], { cwd: dir, encoding: 'utf8' });
  const perSeat = new Map<number, number>();
  for (const m of out.matchAll(/SCOUT (\d)p: .*?([\d.]+) µs\/move/g)) perSeat.set(Number(m[1]), Number(m[2]));
  return perSeat;
}
