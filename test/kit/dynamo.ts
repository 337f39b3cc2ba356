/** A real DynamoDB API (embedded dynalite on loopback) for one test file. */
import { afterAll, beforeAll } from 'vitest';
import { DynamoEventStore, ensureTable, startEmbeddedDynamo, type EmbeddedDynamo } from '../../services/store/index.js';
import { loopbackClient } from './loopback-client.js';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';

export function useEmbeddedDynamo() {
  const ctx = {} as { server: EmbeddedDynamo; client: DynamoDBClient; tableName: string; store: DynamoEventStore };
  beforeAll(async () => {
    ctx.server = await startEmbeddedDynamo();
    ctx.client = loopbackClient(ctx.server.endpoint);
    ctx.tableName = 'parlor-test';
    await ensureTable(ctx.client, ctx.tableName);
    ctx.store = new DynamoEventStore({ client: ctx.client, tableName: ctx.tableName });
  });
  afterAll(async () => {
    ctx.client?.destroy();
    await ctx.server?.close();
  });
  return ctx;
}
