/**
 * CPU per game of one lab shard as the AWS lab's function plays it (one thread, games then the
 * NDJSON and Parquet files), for docs/analytics.md's cost of a run on Lambda. CPU time, not wall
 * time: it holds on a shared machine (run it with `nice -n 5`). A 2-game warm-up keeps module
 * loading and the first compilations out of the figure.
 *
 *   npx tsx bench/lab-cpu.ts <bots> <games> [seed]     e.g. greedy 2000, search:1 10
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { playLabShard } from '../services/analytics/lab.js';

// Seed lab-cpu holds a greedy game that cycles (issue #34): stopped at the move cap now, it would still weigh on the figure.
const [bots = 'greedy', games = '1000', seed = 'measure'] = process.argv.slice(2);
const dir = await mkdtemp(join(tmpdir(), 'parlor-lab-cpu-'));
try {
  await playLabShard({ game: 'scout', seats: 3, games: 2, bots, seed: `${seed}-warm`, shards: 1 }, 0, join(dir, 'warm'));
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const r = await playLabShard({ game: 'scout', seats: 3, games: Number(games), bots, seed, shards: 1 }, 0, join(dir, 'run'));
  const c = process.cpuUsage(c0);
  const cpu = (c.user + c.system) / 1e6;
  console.log(JSON.stringify({ game: 'scout', seats: 3, bots, games: r.games, seed, cpuSeconds: +cpu.toFixed(2), wallSeconds: +((performance.now() - t0) / 1000).toFixed(2), cpuMsPerGame: +((cpu / r.games) * 1000).toFixed(2) }));
} finally {
  await rm(dir, { recursive: true, force: true });
}
