/**
 * The scheduled export (EventBridge, daily): finished games that ended since the start of the
 * previous UTC day, as Parquet partitioned by game type and day, into the analytics bucket
 * (EXPORT_BUCKET) where the Glue tables and Athena's named queries read them. Deterministic file
 * names make every run idempotent. An event `{ "since": ISO }` exports from another date (backfill).
 *
 *   TABLE_NAME, EXPORT_BUCKET (required); DYNAMODB_ENDPOINT (tests)
 */
import { stat } from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { Context } from 'aws-lambda';
import { exportToLake, previousDayStart, type PutFile } from '../analytics/lake.js';
import { DynamoEventStore } from '../store/index.js';
import { once, required } from './env.js';
import { instrumented, logger } from './observability.js';

export function s3Put(client: S3Client, bucket: string): PutFile {
  return async (key, path) => {
    const { size } = await stat(path);
    await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: createReadStream(path), ContentLength: size, ContentType: 'application/vnd.apache.parquet' }));
  };
}

const ready = once(async () => {
  const client = new DynamoDBClient(process.env.DYNAMODB_ENDPOINT ? { endpoint: process.env.DYNAMODB_ENDPOINT } : {});
  return {
    store: new DynamoEventStore({ client, tableName: required('TABLE_NAME') }),
    put: s3Put(new S3Client({}), required('EXPORT_BUCKET')),
  };
});

export const handler = instrumented('export', async (event: { since?: string } | undefined, _context: Context) => {
  const { store, put } = await ready();
  const run = await exportToLake(store, put, event?.since ?? previousDayStart(new Date()));
  logger.info('exported finished games', { since: run.since, games: run.games, events: run.events, files: run.keys.length });
  return run;
});
