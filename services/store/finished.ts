/**
 * Finished games in the order they ended: one item per game (`pk = "ENDED#<gameId>"`), in the
 * owner index under `ENDED#<shard>` (ENDED_SHARDS keys, the shard a hash of the game id:
 * store/shards.ts, so no index partition takes every ending), sorted by `<endedAt>|<gameId>`;
 * a read asks every shard and merges. The daily analytics export reads the
 * games that ended since its start date instead of scanning the whole table, which grows with all
 * history. Marking a game twice (a redelivered stream record) writes the same item again.
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { TableStore } from './document-client.js';
import type { FinishedIndex } from './read-models.js';
import { queryAll } from './query-all.js';
import { OWNER_INDEX } from './schema.js';
import { allShardKeys, ENDED_SHARDS, mergeSorted, shardKey } from './shards.js';

const OWNER = 'ENDED';
/** The index key every finished game had before the index was spread (a data folder of an older version: store/legacy-keys.ts). */
export const LEGACY_ENDED_OWNER = OWNER;
/** The owner-index key of a finished game. */
export const endedOwner = (gameId: string) => shardKey(OWNER, gameId, ENDED_SHARDS);

export class DynamoFinishedGames extends TableStore implements FinishedIndex {
  async mark(gameId: string, endedAt: string): Promise<void> {
    const item = { pk: `${OWNER}#${gameId}`, sk: OWNER, gameId, [OWNER_INDEX.partition]: endedOwner(gameId), [OWNER_INDEX.sort]: `${endedAt}|${gameId}` };
    await this.doc.send(new PutCommand({ TableName: this.table, Item: item }));
  }

  async endedSince(since: string): Promise<string[]> {
    const shards = await Promise.all(
      allShardKeys(OWNER, ENDED_SHARDS).map((owner) =>
        queryAll(this.doc, {
          TableName: this.table,
          IndexName: OWNER_INDEX.name,
          KeyConditionExpression: '#gpk = :owner AND #gsk >= :since',
          ExpressionAttributeNames: { '#gpk': OWNER_INDEX.partition, '#gsk': OWNER_INDEX.sort },
          ExpressionAttributeValues: { ':owner': owner, ':since': new Date(since).toISOString() }, // the same form as endedAt
          ProjectionExpression: '#gsk, gameId',
        }),
      ),
    );
    return mergeSorted(shards, (item) => item[OWNER_INDEX.sort] as string).map((item) => item.gameId as string);
  }
}
