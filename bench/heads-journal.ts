/**
 * What the acknowledged-heads file (services/store/heads.ts) costs: CPU per append (one line
 * written before a commit is acknowledged) and the start-up read and rewrite, in CPU time.
 * `npx tsx bench/heads-journal.ts [appends] [games]`
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HeadJournal } from '../services/store/heads.js';

const appends = Number(process.argv[2] ?? 100_000);
const games = Number(process.argv[3] ?? 10_000);
const dir = mkdtempSync(join(tmpdir(), 'parlor-heads-bench-'));
const path = join(dir, 'heads.jsonl');
const id = (i: number) => `${i.toString(16).padStart(8, '0')}-0000-4000-8000-000000000000`;
const cpuMs = (since: NodeJS.CpuUsage) => {
  const c = process.cpuUsage(since);
  return (c.user + c.system) / 1000;
};
try {
  const journal = HeadJournal.open(path);
  let start = process.cpuUsage();
  for (let i = 0; i < appends; i++) journal.record(id(i % games), Math.floor(i / games) + 1);
  console.log(`append: ${((cpuMs(start) * 1000) / appends).toFixed(2)} µs CPU each (${appends} appends over ${games} games, rewrites included)`);
  journal.close();
  start = process.cpuUsage();
  HeadJournal.open(path).close();
  console.log(`start: ${cpuMs(start).toFixed(1)} ms CPU to read and rewrite ${games} games (${statSync(path).size} bytes)`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
