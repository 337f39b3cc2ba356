/**
 * Ordinary reads do not make the embedded DynamoDB grow (issue 26 finding 4): every LevelDB
 * iterator a Query or Scan opens is closed once its answer is read (dynalite left each one open,
 * held by the database with the native memory behind it). Counted through a real dynalite on a
 * LevelDB folder, over HTTP with the SDK, by ordering: after N queries, N iterators were closed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PutItemCommand, QueryCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { closeLeakedIterators } from '../../services/store/dynalite-iterators.js';
import { ensureTable, localClient, startEmbeddedDynamo } from '../../services/store/index.js';

const dir = mkdtempSync(join(tmpdir(), 'parlor-iterators-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the embedded DynamoDB closes what a read opens', () => {
  it('closes the LevelDB iterator of every Query, with or without a Limit', async () => {
    const dynamo = await startEmbeddedDynamo({ path: dir });
    const client = localClient(dynamo.endpoint);
    await ensureTable(client, 'parlor');
    for (let v = 1; v <= 5; v++) await client.send(new PutItemCommand({ TableName: 'parlor', Item: { pk: { S: 'GAME#g' }, sk: { S: `V#${v}` } } }));
    const closed = new Set<object>();
    // close() lives on the classes' common base: wrap it once, where it is defined.
    const homes = new Set(closeLeakedIterators().map(({ prototype }) => {
      let home: object = prototype;
      while (!Object.hasOwn(home, 'close')) home = Object.getPrototypeOf(home);
      return home as { close(): Promise<void> };
    }));
    const restore = [...homes].map((prototype) => {
      const own = Object.getOwnPropertyDescriptor(prototype, 'close')!;
      prototype.close = async function (this: object) {
        closed.add(this);
        return own.value.call(this);
      };
      return () => Object.defineProperty(prototype, 'close', own);
    });
    try {
      const queries = 40;
      for (let i = 0; i < queries; i++) {
        const out = await client.send(new QueryCommand({ TableName: 'parlor', KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': { S: 'GAME#g' } }, ...(i % 2 && { Limit: 2 }) }));
        expect(out.Items?.length).toBe(i % 2 ? 2 : 5);
      }
      // Each Query opens at least one iterator; every one of them is closed by now.
      expect(closed.size).toBeGreaterThanOrEqual(queries);
    } finally {
      restore.forEach((r) => r());
      client.destroy();
      await dynamo.close();
    }
  });
});
