/**
 * Finished games in the order they ended: one item per game (`pk = "ENDED#<gameId>"`), in the
 * owner index under `ENDED`, sorted by `<endedAt>|<gameId>`. The daily analytics export reads the
 * games that ended since its start date instead of scanning the whole table, which grows with all
 * history. Marking a game twice (a redelivered stream record) writes the same item again.
 */
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient } from './document-client.js';
import type { FinishedIndex } from './read-models.js';
import { queryAll } from './query-all.js';
import { OWNER_INDEX } from './schema.js';

const OWNER = 'ENDED';

export class DynamoFinishedGames implements FinishedIndex {
  private readonly doc: DynamoDBDocumentClient;

  constructor(
    client: DynamoDBClient,
    private readonly table: string,
  ) {
    this.doc = documentClient(client);
  }

  async mark(gameId: string, endedAt: string): Promise<void> {
    const item = { pk: `${OWNER}#${gameId}`, sk: OWNER, gameId, [OWNER_INDEX.partition]: OWNER, [OWNER_INDEX.sort]: `${endedAt}|${gameId}` };
    await this.doc.send(new PutCommand({ TableName: this.table, Item: item }));
  }

  async endedSince(since: string): Promise<string[]> {
    const items = await queryAll(this.doc, {
      TableName: this.table,
      IndexName: OWNER_INDEX.name,
      KeyConditionExpression: '#gpk = :owner AND #gsk >= :since',
      ExpressionAttributeNames: { '#gpk': OWNER_INDEX.partition, '#gsk': OWNER_INDEX.sort },
      ExpressionAttributeValues: { ':owner': OWNER, ':since': new Date(since).toISOString() }, // the same form as endedAt
      ProjectionExpression: 'gameId',
    });
    return items.map((item) => item.gameId as string);
  }
}
