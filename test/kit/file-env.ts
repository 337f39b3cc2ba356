/**
 * Set up before every test file. Files share a worker and its loaded modules (`isolate: false` in
 * vitest.config.ts: each file importing the server anew cost more than most files' tests), so what
 * one file sets in process.env must end with that file.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { afterAll } from 'vitest';
// The handler tests' settings (quiet Powertools, local credentials), once per worker, before any file reads them.
import '../handlers/env.js';

const before = { ...process.env };
// The worker's CPU for this file (import, hooks, tests; not its child processes'), for `npm run
// test:slowest`: on a shared machine wall time says more about the neighbours than about the file.
const cpu = process.cpuUsage();
// And its child processes' (the browser tests' Chromium, which serves every file of the worker).
const childCpu = descendantsCpuMs();
afterAll(({}, file) => {
  for (const key of Object.keys(process.env)) if (!(key in before)) delete process.env[key];
  Object.assign(process.env, before);
  const used = process.cpuUsage(cpu);
  (file.meta as { cpuMs?: number }).cpuMs = Math.round((used.user + used.system) / 1000);
  const children = descendantsCpuMs();
  if (children !== undefined && childCpu !== undefined) (file.meta as { childCpuMs?: number }).childCpuMs = children - childCpu;
});

/**
 * The CPU time of the worker's descendants, living and reaped by a living one (Linux's /proc: a
 * process's own time and its waited-for children's); undefined without /proc. Chromium's renderers
 * end with their contexts, their time then counted in the zygote that reaped them.
 */
function descendantsCpuMs(): number | undefined {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return undefined;
  }
  const stats = new Map<number, { parent: number; ticks: number }>();
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // After the command's closing parenthesis: state, ppid, …; utime, stime, cutime, cstime are fields 14–17.
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      stats.set(Number(pid), { parent: Number(f[1]), ticks: Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]) });
    } catch {
      // ended meanwhile
    }
  }
  const mine = new Set([process.pid]);
  let ticks = 0;
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, s] of stats) if (!mine.has(pid) && mine.has(s.parent)) mine.add(pid), (ticks += s.ticks), (grew = true);
  }
  return ticks * 10; // USER_HZ is 100 on Linux
}
