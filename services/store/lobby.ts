/**
 * The lobby read model in the same table: `pk = "LOBBY"`, `sk = <gameId>`.
 * Versioned writes make it safe under retried and out-of-order delivery (DynamoDB Streams):
 * a closed entry stays as a tombstone, expired later by DynamoDB's TTL.
 */
import { ConditionalCheckFailedException, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { queryAll } from './query-all.js';
import type { LobbyEntry, LobbyStore } from '../app/projections.js';
import { TTL_ATTRIBUTE } from './schema.js';

const LOBBY_PK = 'LOBBY';
const TOMBSTONE_SECONDS = 24 * 3600;

export class DynamoLobby implements LobbyStore {
  private readonly doc: DynamoDBDocumentClient;

  constructor(
    client: DynamoDBClient,
    private readonly table: string,
  ) {
    this.doc = DynamoDBDocumentClient.from(client);
  }

  put(entry: Omit<LobbyEntry, 'createdAt' | 'seedFixed'> & { seedFixed?: boolean }): Promise<void> {
    return this.write(entry.gameId, entry.version, 'SET #open = :true, #type = :type, seats = :seats, taken = :taken, seedFixed = :seedFixed, createdAt = if_not_exists(createdAt, :now)', {
      ':true': true,
      ':seedFixed': entry.seedFixed ?? false,
      ':type': entry.type,
      ':seats': entry.seats,
      ':taken': entry.taken,
      ':now': new Date().toISOString(),
    });
  }

  close(gameId: string, version: number): Promise<void> {
    return this.write(gameId, version, `SET #open = :false, ${TTL_ATTRIBUTE} = :expires`, {
      ':false': false,
      ':expires': Math.floor(Date.now() / 1000) + TOMBSTONE_SECONDS,
    });
  }

  async list(type?: string): Promise<LobbyEntry[]> {
    const items = await queryAll(this.doc, {
      TableName: this.table,
      KeyConditionExpression: 'pk = :pk',
      FilterExpression: type === undefined ? '#open = :true' : '#open = :true AND #type = :type',
      ExpressionAttributeNames: { '#open': 'open', ...(type === undefined ? {} : { '#type': 'type' }) },
      ExpressionAttributeValues: { ':pk': LOBBY_PK, ':true': true, ...(type === undefined ? {} : { ':type': type }) },
    });
    return items
      .map((item) => ({ gameId: item.sk, type: item.type, seats: item.seats, taken: item.taken, version: item.version, seedFixed: item.seedFixed === true, createdAt: item.createdAt }))
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  }

  private async write(gameId: string, version: number, set: string, values: Record<string, unknown>): Promise<void> {
    try {
      await this.doc.send(
        new UpdateCommand({
          TableName: this.table,
          Key: { pk: LOBBY_PK, sk: gameId },
          UpdateExpression: `${set}, version = :v`,
          ConditionExpression: 'attribute_not_exists(version) OR version < :v',
          ExpressionAttributeNames: { '#open': 'open', ...(set.includes('#type') ? { '#type': 'type' } : {}) },
          ExpressionAttributeValues: { ...values, ':v': version },
        }),
      );
    } catch (e) {
      if (!(e instanceof ConditionalCheckFailedException)) throw e; // a newer write is already there
    }
  }
}
