/**
 * Where tournaments live: each its own stream in the games' table (pk = TOURNAMENT#<id>, one
 * commit per command, conditional appends through the same event store adapter), plus one
 * write-once listing item per tournament in the owner index (gpk = TOURNAMENTS, newest first).
 */
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { TableStore } from '../store/document-client.js';
import { DynamoEventStore, OWNER_INDEX, tournamentPk, type EventStore } from '../store/index.js';

export const tournamentStreams = (client: DynamoDBClient, tableName: string): EventStore => new DynamoEventStore({ client, tableName, partition: tournamentPk });

const LISTING = { sk: 'LISTED', owner: 'TOURNAMENTS' } as const;

export class TournamentListing extends TableStore {
  /** Lists the tournament (once: a second call changes nothing). */
  async add(id: string, createdAt: string): Promise<void> {
    await this.doc.send(
      new PutCommand({
        TableName: this.table,
        Item: { pk: tournamentPk(id), sk: LISTING.sk, id, [OWNER_INDEX.partition]: LISTING.owner, [OWNER_INDEX.sort]: `${createdAt}#${id}` },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    ).catch((e: Error) => {
      if (e.name !== 'ConditionalCheckFailedException') throw e;
    });
  }

  /** The newest `limit` tournaments' ids, newest first. */
  async newest(limit: number): Promise<string[]> {
    const out = await this.doc.send(
      new QueryCommand({
        TableName: this.table,
        IndexName: OWNER_INDEX.name,
        KeyConditionExpression: '#gpk = :gpk',
        ExpressionAttributeNames: { '#gpk': OWNER_INDEX.partition },
        ExpressionAttributeValues: { ':gpk': LISTING.owner },
        ScanIndexForward: false,
        Limit: limit,
      }),
    );
    return (out.Items ?? []).map((item) => item.id as string);
  }
}
