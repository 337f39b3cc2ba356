/**
 * A data folder written by a version before the hot sets were spread over shards (store/shards.ts)
 * has its webhook deliveries under `OUTBOX`, its queued digests under `DIGESTS`, its lobby entries
 * under `LOBBY` (and in the owner index under `LOBBY#<type>`) and its finished games in the index
 * under `ENDED`. At start, before serving, each such item is written under its new key and the old
 * one deleted (new first: a crash between the two leaves a copy, which the next start moves
 * again onto itself, never a loss). A look stands an hour (LEGACY_KEYS_CHECKED: an older version
 * run on the folder meanwhile may have written the old keys again), so a start within it costs one
 * GetItem, not an empty Query per old key; a table this version created comes with the note.
 * The statistics need no move: their read sums the old key too (store/stats.ts).
 */
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { digestQueuePk, LEGACY_DIGESTS_PK } from './notifications/email/digest.js';
import { LEGACY_OUTBOX_PK, Outbox, outboxKey } from './notifications/outbox.js';
import { documentClient } from './store/document-client.js';
import { endedOwner, LEGACY_ENDED_OWNER } from './store/finished.js';
import { LEGACY_LOBBY_PK, lobbyKey, lobbyOwner } from './store/lobby.js';
import { queryAll } from './store/query-all.js';
import { LEGACY_KEYS_CHECKED, OWNER_INDEX } from './store/schema.js';
import { FULL_READ_MS } from './store/shard-marks.js';

type Item = Record<string, any>;

/** Moves every item still under an old constant key, unless a start looked within the hour (`now`: the app's clock); returns how many moved. */
export async function moveLegacyKeys(client: DynamoDBClient, table: string, now = Date.now()): Promise<number> {
  const doc = documentClient(client);
  const checked = (await doc.send(new GetCommand({ TableName: table, Key: LEGACY_KEYS_CHECKED, ConsistentRead: true }))).Item?.at as number | undefined;
  if (checked !== undefined && now - checked < FULL_READ_MS) return 0;
  const byPk = (pk: string) => queryAll(doc, { TableName: table, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': pk }, ConsistentRead: true });
  let moved = 0;
  const move = async (old: Item, next: Item) => {
    await doc.send(new PutCommand({ TableName: table, Item: next }));
    if (old.pk !== next.pk || old.sk !== next.sk) await doc.send(new DeleteCommand({ TableName: table, Key: { pk: old.pk, sk: old.sk } }));
    moved++;
  };
  const outbox = new Outbox(client, table);
  for (const d of await byPk(LEGACY_OUTBOX_PK)) {
    await outbox.markFor(d.id); // so the outbox's reads find it (store/shard-marks.ts)
    await move(d, { ...d, ...outboxKey({ id: d.id, dueAt: d.dueAt }) });
  }
  for (const q of await byPk(LEGACY_DIGESTS_PK)) await move(q, { ...q, pk: digestQueuePk(q.player) });
  for (const e of await byPk(LEGACY_LOBBY_PK)) {
    const gameId = e.sk as string;
    const { [OWNER_INDEX.partition]: gpk, ...rest } = e;
    await move(e, { ...rest, ...lobbyKey(gameId), gameId, ...(gpk === undefined ? {} : { [OWNER_INDEX.partition]: lobbyOwner(e.type, gameId) }) });
  }
  for (const f of await byOwner(doc, table, LEGACY_ENDED_OWNER)) await move(f, { ...f, [OWNER_INDEX.partition]: endedOwner(f.gameId) });
  await doc.send(new PutCommand({ TableName: table, Item: { ...LEGACY_KEYS_CHECKED, at: now } }));
  return moved;
}

const byOwner = (doc: DynamoDBDocumentClient, table: string, owner: string) =>
  queryAll(doc, { TableName: table, IndexName: OWNER_INDEX.name, KeyConditionExpression: '#gpk = :o', ExpressionAttributeNames: { '#gpk': OWNER_INDEX.partition }, ExpressionAttributeValues: { ':o': owner } });
