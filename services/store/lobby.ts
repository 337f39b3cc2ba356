/**
 * The lobby read model in the same table: `pk = "LOBBY#<gameId>"`, `sk = "LOBBY"` (each entry its
 * own key: no partition takes every game's writes). While a game is open its entry is also in the
 * owner index under `LOBBY#<type>#<shard>` (LOBBY_SHARDS keys per type, the shard a hash of the
 * game id: store/shards.ts), sorted by `<createdAt>|<gameId>`; a page asks every shard of the type
 * for that page's length and merges, so it reads at most shards × page items. Closing takes the
 * entry out of the index.
 * Versioned writes make it safe under retried and out-of-order delivery (DynamoDB Streams):
 * a closed entry stays as a tombstone, expired later by DynamoDB's TTL.
 * A type's first page is kept for LOBBY_CACHE_MS (store/recent-reads.ts): every open lobby page
 * polls it, and it is every shard's query. This store's own put or close forgets what it kept, so
 * where it projects the lobby itself (npm start) the list is never behind; elsewhere (AWS's
 * request functions, whose lobby the stream function writes) it may lag a change by that long.
 */
import { ConditionalCheckFailedException, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { TableStore } from './document-client.js';
import { lobbyPosition, type LobbyEntry, type LobbyStore } from './read-models.js';
import { OWNER_INDEX, TTL_ATTRIBUTE } from './schema.js';
import { RecentReads } from './recent-reads.js';
import { allShardKeys, LOBBY_SHARDS, mergeSorted, shardKey } from './shards.js';

const LOBBY_SK = 'LOBBY';
/** Where a game's lobby entry is in the table (the entry holds `open`, `version`, `type`, `seats`, `taken`). */
export const lobbyKey = (gameId: string) => ({ pk: `LOBBY#${gameId}`, sk: LOBBY_SK });
/** The key a game's lobby entry had before the entries were spread (a data folder of an older version: store/legacy-keys.ts). */
export const LEGACY_LOBBY_PK = 'LOBBY';
/** The owner-index key of an open game's entry: one of its type's LOBBY_SHARDS keys. */
export const lobbyOwner = (type: string, gameId: string) => shardKey(`LOBBY#${type}`, gameId, LOBBY_SHARDS);
const TOMBSTONE_SECONDS = 24 * 3600;
/** How long a type's first page is served from memory: far under the web lobby's 10 s poll, so a poll is never two windows behind. */
export const LOBBY_CACHE_MS = 3000;

export class DynamoLobby extends TableStore implements LobbyStore {
  private readonly firstPages: RecentReads<LobbyEntry[]>;

  constructor(client: DynamoDBClient, table: string, cache: { ms?: number; now?: () => number } = {}) {
    super(client, table);
    this.firstPages = new RecentReads(cache.ms ?? LOBBY_CACHE_MS, cache.now);
  }

  put(entry: Omit<LobbyEntry, 'createdAt' | 'seedFixed'> & { seedFixed?: boolean }): Promise<void> {
    const now = new Date().toISOString();
    const set = 'SET #open = :true, gameId = :id, #type = :type, seats = :seats, taken = :taken, seedFixed = :seedFixed, createdAt = if_not_exists(createdAt, :now), #gpk = :gpk, #gsk = if_not_exists(#gsk, :gsk)';
    return this.write(entry.gameId, entry.version, set, {
      ':true': true,
      ':id': entry.gameId,
      ':seedFixed': entry.seedFixed ?? false,
      ':type': entry.type,
      ':seats': entry.seats,
      ':taken': entry.taken,
      ':now': now,
      ':gpk': lobbyOwner(entry.type, entry.gameId),
      ':gsk': lobbyPosition({ createdAt: now, gameId: entry.gameId }),
    });
  }

  close(gameId: string, version: number): Promise<void> {
    const values = { ':false': false, ':expires': Math.floor(Date.now() / 1000) + TOMBSTONE_SECONDS };
    return this.write(gameId, version, `SET #open = :false, ${TTL_ATTRIBUTE} = :expires`, values, 'REMOVE #gpk, #gsk');
  }

  page(type: string, limit: number, after?: string): Promise<LobbyEntry[]> {
    if (after !== undefined) return this.read(type, limit, after);
    return this.firstPages.read(`${type}\n${limit}`, () => this.read(type, limit));
  }

  private async read(type: string, limit: number, after?: string): Promise<LobbyEntry[]> {
    const shards = await Promise.all(
      allShardKeys(`LOBBY#${type}`, LOBBY_SHARDS).map(async (owner) => {
        const out = await this.doc.send(
          new QueryCommand({
            TableName: this.table,
            IndexName: OWNER_INDEX.name,
            KeyConditionExpression: after === undefined ? '#gpk = :gpk' : '#gpk = :gpk AND #gsk > :after',
            ExpressionAttributeNames: { '#gpk': OWNER_INDEX.partition, ...(after === undefined ? {} : { '#gsk': OWNER_INDEX.sort }) },
            ExpressionAttributeValues: { ':gpk': owner, ...(after === undefined ? {} : { ':after': after }) },
            Limit: limit,
          }),
        );
        return out.Items ?? [];
      }),
    );
    // Each shard is in lobby order; the page is the first `limit` of their union.
    return mergeSorted(shards, (item) => item[OWNER_INDEX.sort] as string, limit).map((item) => ({
      gameId: item.gameId,
      type: item.type,
      seats: item.seats,
      taken: item.taken,
      version: item.version,
      seedFixed: item.seedFixed === true,
      createdAt: item.createdAt,
    }));
  }

  private async write(gameId: string, version: number, set: string, values: Record<string, unknown>, remove = ''): Promise<void> {
    try {
      await this.doc.send(
        new UpdateCommand({
          TableName: this.table,
          Key: lobbyKey(gameId),
          UpdateExpression: `${set}, version = :v ${remove}`,
          ConditionExpression: 'attribute_not_exists(version) OR version < :v',
          ExpressionAttributeNames: { '#open': 'open', '#gpk': OWNER_INDEX.partition, '#gsk': OWNER_INDEX.sort, ...(set.includes('#type') ? { '#type': 'type' } : {}) },
          ExpressionAttributeValues: { ...values, ':v': version },
        }),
      );
    } catch (e) {
      if (!(e instanceof ConditionalCheckFailedException)) throw e; // a newer write is already there
    } finally {
      this.firstPages.forget(); // after the write: a read that starts now sees it
    }
  }
}
