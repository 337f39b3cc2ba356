/**
 * A data folder from before the sharded keys: its deliveries, queued digests, lobby entries and
 * finished games sit under the old constant keys. The start moves each under its new key, where
 * the outbox poll, the digest job, the lobby and the finished-games index find it, and leaves
 * nothing under the old ones; a second start moves nothing.
 */
import { DeleteCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { moveLegacyKeys } from '../../services/legacy-keys.js';
import { digestQueuePk } from '../../services/notifications/email/digest.js';
import { Outbox } from '../../services/notifications/outbox.js';
import { documentClient } from '../../services/store/document-client.js';
import { DynamoFinishedGames } from '../../services/store/finished.js';
import { DynamoLobby } from '../../services/store/lobby.js';
import { LEGACY_KEYS_CHECKED, OWNER_INDEX } from '../../services/store/schema.js';
import { FULL_READ_MS } from '../../services/store/shard-marks.js';
import { useEmbeddedDynamo } from '../kit/dynamo.js';

const db = useEmbeddedDynamo();
const put = (Item: Record<string, unknown>) => documentClient(db.client).send(new PutCommand({ TableName: db.tableName, Item }));
const under = async (pk: string) => (await documentClient(db.client).send(new QueryCommand({ TableName: db.tableName, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': pk } }))).Items ?? [];

describe('items under the keys of an older version', () => {
  it('move to their shards at start, found where the readers look', async () => {
    // An older version's table: created without the note of a look (ensureTable of this version puts it).
    await documentClient(db.client).send(new DeleteCommand({ TableName: db.tableName, Key: LEGACY_KEYS_CHECKED }));
    const delivery = { id: 'msg_old', player: 'p1', webhookId: 'h1', body: '{}', attempt: 0, dueAt: 1_000, tries: [] };
    await put({ pk: 'OUTBOX', sk: `${String(1_000).padStart(15, '0')}#msg_old`, ...delivery });
    await put({ pk: 'DIGESTS', sk: `${String(2_000).padStart(15, '0')}#p1`, player: 'p1', due: 2_000 });
    const open = { open: true, type: 'scout', seats: 2, taken: 1, version: 2, seedFixed: false, createdAt: '2026-01-01T00:00:00.000Z' };
    await put({ pk: 'LOBBY', sk: 'g-open', ...open, [OWNER_INDEX.partition]: 'LOBBY#scout', [OWNER_INDEX.sort]: `${open.createdAt}|g-open` });
    await put({ pk: 'LOBBY', sk: 'g-closed', ...open, open: false, version: 5 });
    await put({ pk: 'ENDED#g-done', sk: 'ENDED', gameId: 'g-done', [OWNER_INDEX.partition]: 'ENDED', [OWNER_INDEX.sort]: '2026-01-02T00:00:00.000Z|g-done' });

    expect(await moveLegacyKeys(db.client, db.tableName)).toBe(5);
    expect(await new Outbox(db.client, db.tableName).due(5_000)).toEqual([delivery]);
    expect((await under(digestQueuePk('p1'))).map((i) => i.player)).toEqual(['p1']);
    const lobby = new DynamoLobby(db.client, db.tableName);
    expect((await lobby.page('scout', 10)).map((e) => [e.gameId, e.taken])).toEqual([['g-open', 1]]);
    await lobby.put({ gameId: 'g-closed', type: 'scout', seats: 2, taken: 2, version: 4 }); // older than the moved tombstone: stays closed
    expect((await lobby.page('scout', 10)).map((e) => e.gameId)).toEqual(['g-open']);
    expect(await new DynamoFinishedGames(db.client, db.tableName).endedSince('2026-01-01T00:00:00.000Z')).toEqual(['g-done']);
    for (const pk of ['OUTBOX', 'DIGESTS', 'LOBBY']) expect(await under(pk)).toEqual([]);
    expect(await moveLegacyKeys(db.client, db.tableName)).toBe(0);
  });

  it('are looked for once an hour: a start within it is one GetItem; an older version run meanwhile is found at the next look', async () => {
    const calls: string[] = [];
    db.client.middlewareStack.add((next, context) => async (args) => (calls.push(String(context.commandName)), next(args)), { step: 'initialize', name: 'countLegacyLooks' });
    try {
      const at = Date.now();
      expect(await moveLegacyKeys(db.client, db.tableName, at)).toBe(0); // looked at just above (or the table's creation)
      expect(calls).toEqual(['GetItemCommand']);
      await put({ pk: 'DIGESTS', sk: `${String(3_000).padStart(15, '0')}#p2`, player: 'p2', due: 3_000 }); // an older version's write
      expect(await moveLegacyKeys(db.client, db.tableName, at + FULL_READ_MS / 2)).toBe(0);
      expect(await moveLegacyKeys(db.client, db.tableName, at + FULL_READ_MS + 1)).toBe(1);
      expect((await under(digestQueuePk('p2'))).map((i) => i.player)).toEqual(['p2']);
      calls.length = 0;
      expect(await moveLegacyKeys(db.client, db.tableName, at + FULL_READ_MS + 2)).toBe(0);
      expect(calls).toEqual(['GetItemCommand']);
    } finally {
      db.client.middlewareStack.remove('countLegacyLooks');
    }
  });
});
