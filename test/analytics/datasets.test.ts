/**
 * Many folders as one dataset: `npm run stats` (and its HTML report) over the shards of a run gives
 * the unsharded run's figures, a glob or a comma list names folders, a game in two folders is an
 * error; `npm run verify` checks many records in one call.
 */
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { botGame } from '../../services/analytics/bot-game.js';
import { datasetFolders } from '../../services/analytics/datasets.js';
import { gameRecord } from '../../services/analytics/record.js';
import { simulate } from '../../services/analytics/simulate.js';
import { computeStats, type StatsReport } from '../../services/analytics/stats.js';
import { table } from '../../services/engine/core/index.js';
import { findGame } from '../../services/engine/registry.js';
import { bundled } from '../kit/server-bundle.js';

let root: string;
const run = { game: 'scout', seats: 3, games: 9, seed: 'datasets' } as const;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'parlor-datasets-'));
  await Promise.all([
    simulate({ ...run, out: join(root, 'whole'), workers: 1 }),
    // One shard as NDJSON only (an older export): Parquet and NDJSON folders read as one table.
    ...[0, 1, 2].map((index) => simulate({ ...run, out: join(root, 'runs', `shard-${index}`), workers: 1, shard: { index, count: 3 }, format: index === 1 ? 'ndjson' : 'parquet' })),
  ]);
  await mkdir(join(root, 'runs', 'notes'));
}, 60_000);

/** The figures without wall time (the only thing two plays of the same games differ in). */
const timeless = (r: StatsReport) => r.games.map(({ length: { seconds: _s, ...length }, ...g }) => ({ ...g, length }));

describe('many folders as one dataset', () => {
  it('stats over a glob of the 3 shards equals stats of the unsharded run', async () => {
    const shards = await datasetFolders([join(root, 'runs', 'shard-*')]);
    expect(shards.map((d) => d.slice(root.length))).toEqual(['/runs/shard-0', '/runs/shard-1', '/runs/shard-2']);
    const [parts, whole] = await Promise.all([computeStats(shards), computeStats(join(root, 'whole'))]);
    expect(parts.games[0]!.n).toBe(9);
    expect(timeless(parts)).toEqual(timeless(whole));
  });

  it('names folders by glob (** too), comma list or name, each once; refuses what names nothing', async () => {
    const runs = join(root, 'runs');
    await symlink(join(runs, 'shard-0'), join(root, 'alias'));
    expect(await datasetFolders([`${runs}/shard-0,${runs}/shard-2`, join(root, 'alias')])).toEqual([`${runs}/shard-0`, `${runs}/shard-2`]);
    expect((await datasetFolders([`${root}/**/shard-[01]`])).map((d) => d.slice(root.length))).toEqual(['/runs/shard-0', '/runs/shard-1']);
    await expect(datasetFolders([join(root, 'nope')])).rejects.toThrow(/no such folder/);
    await expect(datasetFolders([join(runs, 'note*')])).rejects.toThrow(/matches no export folder/);
  });

  it('refuses a game in two folders (the whole run with one of its shards)', async () => {
    await expect(computeStats([join(root, 'whole'), join(root, 'runs', 'shard-2')])).rejects.toThrow(/is in 2 of the folders/);
  });
});

describe('npm run verify over many records', () => {
  it('checks every record of a folder and a glob in one call, names the bad one, and exits 1', async () => {
    const dir = join(root, 'records');
    await mkdir(dir);
    const g = findGame('scout')!;
    for (const i of [1, 2, 3]) {
      const record = gameRecord(`r${i}`, botGame(g, { seats: 3, seed: `v${i}`, botSeed: i }), table(g))!;
      if (i === 3) (record.result as { winners: number[] }).winners = [9];
      await writeFile(join(dir, `r${i}.json`), JSON.stringify(record));
    }
    const verify = await bundled('verify'); // npm run verify, bundled once per worker (test/kit/server-bundle.ts)
    const cli = (args: string[]) =>
      new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
        const child = spawn(process.execPath, [verify, ...args]);
        let out = '';
        let err = '';
        child.stdout.on('data', (d) => (out += d));
        child.stderr.on('data', (d) => (err += d));
        child.on('close', (code) => resolve({ code, out, err }));
      });
    const all = await cli([dir]);
    expect(all.code).toBe(1);
    expect(all.out).toContain('2 of 3 verified, 1 NOT verified, 0 unreadable');
    expect(all.err).toMatch(/NOT verified: game r3 .*r3\.json/);
    const good = await cli([join(dir, 'r[12].json'), join(dir, 'r1.json')]);
    expect([good.code, good.out.trim().split('\n').at(-1)]).toEqual([0, '2 of 2 verified, 0 NOT verified, 0 unreadable']);
  }, 60_000);
});
