/**
 * Child processes' CPU, read from Linux's /proc: what a test file's Chromium used (test/kit/file-env.ts,
 * for `npm run test:slowest`), and a page load's (bench/page-loads.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';

/**
 * The CPU time of a process's descendants (default this one's), living and reaped by a living one (Linux's /proc: a
 * process's own time and its waited-for children's); undefined without /proc. Chromium's renderers
 * end with their contexts, their time then counted in the zygote that reaped them.
 */
export function descendantsCpuMs(root = process.pid): number | undefined {
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
  const mine = new Set([root]);
  let ticks = 0;
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, s] of stats) if (!mine.has(pid) && mine.has(s.parent)) mine.add(pid), (ticks += s.ticks), (grew = true);
  }
  return ticks * 10; // USER_HZ is 100 on Linux
}
