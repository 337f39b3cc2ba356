/**
 * The AWS lab's child function, run here against a loopback S3: each shard it plays is exactly
 * the shard `npm run simulate --shard I/N` plays (records compared game by game, read back from
 * the uploaded Parquet through the SDK's GetObject); a shard that would outlive its invocation
 * stops with ShardTooLarge (which the state machine does not retry); a bad run name is refused.
 */
import './env.js';
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { Context } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAB_TABLES, labKey, labRunName, type LabSpec } from '../../services/analytics/lab.js';
import { simulate } from '../../services/analytics/simulate.js';
import { handler } from '../../services/handlers/lab.js';
import { labRecords } from '../kit/lab-records.js';
import { loopbackS3, type LoopbackS3 } from '../kit/s3.js';
import { bundled } from '../kit/server-bundle.js';
import { context } from './kit.js';

const spec: LabSpec = { game: 'scout', seats: 3, games: 10, bots: 'greedy,random', seed: 'aws-lab', shards: 3 };
const run = { ...spec, name: labRunName(spec) };
const withTime = (ms: number) => ({ ...context, getRemainingTimeInMillis: () => ms }) as Context;
let s3: LoopbackS3;
let root: string;

beforeAll(async () => {
  s3 = await loopbackS3();
  root = await mkdtemp(join(tmpdir(), 'parlor-lab-'));
  Object.assign(process.env, { LAB_BUCKET: 'analytics', AWS_ENDPOINT_URL_S3: s3.endpoint });
});
afterAll(() => s3.close());

describe('the lab shard function', () => {
  it('plays exactly the games of simulate --shard, and uploads them as Parquet under the run’s prefix', async () => {
    const client = new S3Client({ forcePathStyle: true, endpoint: s3.endpoint });
    const local = await Promise.all([0, 1, 2].map((index) => simulate({ ...spec, out: join(root, `local-${index}`), workers: 1, shard: { index, count: 3 } })));
    expect(local.map((l) => l.games)).toEqual([4, 3, 3]);
    for (const shard of [0, 1, 2]) {
      const result = await handler({ run, shard }, withTime(900_000));
      expect(result).toMatchObject({ run: run.name, shard, games: local[shard]!.games, events: local[shard]!.events });
      expect(result.keys).toEqual(LAB_TABLES.map((t) => labKey(run.name, t, shard)));
      // Read back through the SDK, as Athena would read the bucket.
      const back = join(root, `aws-${shard}`);
      await mkdir(back);
      for (const t of LAB_TABLES) {
        const got = await client.send(new GetObjectCommand({ Bucket: 'analytics', Key: labKey(run.name, t, shard) }));
        await writeFile(join(back, `${t}.parquet`), await got.Body!.transformToByteArray());
      }
      const [aws, here] = await Promise.all([labRecords(back), labRecords(join(root, `local-${shard}`))]);
      expect([...aws.keys()].sort((a, b) => a - b)).toEqual([...here.keys()].sort((a, b) => a - b));
      for (const [i, record] of here) expect(aws.get(i), `shard ${shard}, game ${i}`).toEqual(record);
    }
    expect([...s3.objects.keys()].filter((k) => k.startsWith(`analytics/lab/games/run=${run.name}/`))).toHaveLength(3);
  }, 60_000);

  it('stops a shard that would outlive its invocation with ShardTooLarge, uploading nothing', async () => {
    const before = s3.objects.size;
    await expect(handler({ run, shard: 1 }, withTime(30_000))).rejects.toMatchObject({ name: 'ShardTooLarge' });
    expect(s3.objects.size).toBe(before);
  });

  it('refuses a run name that is not a lab run’s, and an external bot', async () => {
    await expect(handler({ run: { ...run, name: '../games' }, shard: 0 }, withTime(900_000))).rejects.toThrow(/not a lab run’s name|not a lab run's name/);
    const external = { ...spec, bots: 'external:node examples/external-bot.mjs' };
    await expect(handler({ run: { ...external, name: labRunName(external) }, shard: 0 }, withTime(900_000))).rejects.toThrow(/external bots/);
  });

  it('npm run lab writes the execution input the state machine reads: the run, its shard list, the tolerance', async () => {
    const file = join(root, 'input.json');
    const { stdout } = await promisify(execFile)(process.execPath, [await bundled('lab'), '--game', 'scout', '--games', '5', '--shards', '2', '--seed', 'cli', '--tolerate', '5', '--input', file], { env: { ...process.env, LAB_STATE_MACHINE_ARN: '' } });
    const input = JSON.parse(await readFile(file, 'utf8'));
    const cliSpec: LabSpec = { game: 'scout', seats: 3, games: 5, options: {}, seed: 'cli', shards: 2 };
    expect(input).toEqual({ run: { ...cliSpec, name: labRunName(cliSpec) }, shards: [0, 1], toleratedFailurePercentage: 5 });
    expect(stdout).toContain(`aws stepfunctions start-execution --state-machine-arn <LabStateMachineArn> --name ${labRunName(cliSpec)} --input file://${file}`);
    // Each item as the map's ItemSelector makes it: { run: $.run, shard: the item }.
    const result = await handler({ run: input.run, shard: input.shards[1] }, withTime(900_000));
    expect(result).toMatchObject({ run: labRunName(cliSpec), shard: 1, games: 2 });
  }, 30_000);
});
