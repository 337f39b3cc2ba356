/**
 * The AWS lab's child function: one shard of a lab run (an item of the Step Functions Distributed
 * Map, infra/lab.ts), played in this invocation and written as Parquet, one file per table, to
 * `lab/<table>/run=<run>/shard-<I>.parquet` in the analytics bucket. File names depend only on
 * the run and the shard, so a retried shard replaces its own files.
 *
 *   LAB_BUCKET (required); AWS_ENDPOINT_URL_S3 (tests: a loopback S3, addressed path-style)
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { Context } from 'aws-lambda';
import { LAB_TABLES, LAB_RUN_NAME, labKey, playLabShard, type LabShardEvent, type LabShardResult } from '../analytics/lab.js';
import { once, required } from './env.js';
import { instrumented, logger } from './observability.js';

/** Time kept back from the invocation's 15 minutes to write the Parquet files and upload them. */
const RESERVE_MS = 90_000;

const ready = once(async () => ({
  s3: new S3Client({ forcePathStyle: Boolean(process.env.AWS_ENDPOINT_URL_S3) }),
  bucket: required('LAB_BUCKET'),
}));

export const handler = instrumented('lab', async (event: LabShardEvent, context: Context): Promise<LabShardResult> => {
  const { s3, bucket } = await ready();
  const { name, ...spec } = event.run;
  // The name becomes a key prefix: only the shape `npm run lab` gives it (labRunName).
  if (!LAB_RUN_NAME.test(name)) throw new Error(`run name "${name}" is not a lab run's name (lab-<16 hex digits>)`);
  const dir = await mkdtemp(join(tmpdir(), 'parlor-lab-'));
  try {
    const played = await playLabShard(spec, event.shard, dir, { remainingMs: () => context.getRemainingTimeInMillis(), reserveMs: RESERVE_MS });
    const keys: string[] = [];
    for (const t of LAB_TABLES) {
      const key = labKey(name, t, event.shard);
      // A shard's files are a few MB: one PutObject each, the whole body known (no chunked upload).
      await s3.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: await readFile(join(dir, `${t}.parquet`)), ContentType: 'application/vnd.apache.parquet' }));
      keys.push(key);
    }
    logger.info('lab shard played', { run: name, shard: event.shard, shards: spec.shards, games: played.games });
    return { run: name, shard: event.shard, ...played, keys };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
