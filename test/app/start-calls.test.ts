/**
 * What a server start costs the store (issue 39 §4: every test file and every cold start pays it):
 * the reactions' checkpoints are read once (the feed's start hands them to `recover`), the feed is
 * not read again when no reaction is behind its last position, and the keys of older versions are
 * looked under once an hour (a new table comes with the note), not in four Queries a start.
 */
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { createLocalParlor } from '../../services/local.js';
import { ensureTable } from '../../services/store/index.js';
import { useEmbeddedDynamo } from '../kit/dynamo.js';

const db = useEmbeddedDynamo();

/** Every call `run` makes, as "<operation> <its key values>". */
async function callsOf(client: DynamoDBClient, run: () => Promise<unknown>): Promise<string[]> {
  const calls: string[] = [];
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const input = args.input as { Key?: object; ExpressionAttributeValues?: object };
      calls.push(`${String(context.commandName).replace(/Command$/, '')} ${JSON.stringify(input.Key ?? input.ExpressionAttributeValues ?? {})}`);
      return next(args);
    },
    { step: 'initialize', name: 'countStart' },
  );
  try {
    await run();
  } finally {
    client.middlewareStack.remove('countStart');
  }
  return calls;
}

const start = async (table: string) => {
  const parlor = await createLocalParlor({ client: db.client, tableName: table, bots: { workers: 0 }, limits: { devTools: false } });
  await parlor.app.close();
};

describe('a server start', () => {
  it('reads the checkpoints once, not the feed after them when none is behind, and no old key', async () => {
    await ensureTable(db.client, 'fresh');
    for (const round of ['a new table', 'a restart']) {
      const calls = await callsOf(db.client, () => start('fresh'));
      const made = calls.filter((c) => !c.startsWith('PutItem')); // the close's checkpoint save
      expect(made.filter((c) => c.includes('CHECKPOINTS')), round).toEqual(['GetItem {"pk":"FEED","sk":"CHECKPOINTS"}']);
      expect(made.filter((c) => c.includes('":after"') && c.includes('FEED')), round).toEqual([]);
      expect(made.filter((c) => /"(OUTBOX|DIGESTS|LOBBY|ENDED)"/.test(c)), round).toEqual([]);
      expect(made.filter((c) => c.includes('LEGACY#KEYS')), round).toEqual(['GetItem {"pk":"LEGACY#KEYS","sk":"CHECKED"}']);
    }
  });
});
