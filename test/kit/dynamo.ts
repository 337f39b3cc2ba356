/** A real DynamoDB API (embedded dynalite on loopback) for one test file. */
import { afterAll, beforeAll } from 'vitest';
import { DynamoEventStore, ensureTable, localClient, startEmbeddedDynamo, type EmbeddedDynamo } from '../../services/store/index.js';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';

export function useEmbeddedDynamo() {
  const ctx = {} as { server: EmbeddedDynamo; client: DynamoDBClient; tableName: string; store: DynamoEventStore };
  beforeAll(async () => {
    ctx.server = await startEmbeddedDynamo();
    ctx.client = localClient(ctx.server.endpoint);
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
