/**
 * The stats read model in the table: `pk = "STATS#<game>#<seats>#<shard>"` (STATS_SHARDS keys, the
 * shard a hash of the game id: store/shards.ts, so no partition takes every ending of a popular
 * type), `sk = <hour the games ended>`, one item of counters per hour and shard; a read sums them
 * all, and the items of the key before it was spread (`STATS#<game>#<seats>`, an older version's
 * data folder: read, never written, so nothing has to move). A game is added by one conditional UpdateItem that also puts its
 * id in the item's `counted` set, so a redelivered commit is counted once (no transactions
 * needed); hourly items keep that set small (DynamoDB items stop at 400 KB, some 10,000 ids).
 */
import { ConditionalCheckFailedException, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient } from './document-client.js';
import type { FinishedGame, StatsCounters, StatsStore } from './read-models.js';
import { queryAll } from './query-all.js';
import { allShardKeys, shardKey, STATS_SHARDS } from './shards.js';

/** The counters' key before the shard: an older version's items are still under it, and read. */
export const statsPk = (game: string, seats: number) => `STATS#${game}#${seats}`;

export class DynamoStats implements StatsStore {
  private readonly doc: DynamoDBDocumentClient;

  constructor(
    client: DynamoDBClient,
    private readonly table: string,
  ) {
    this.doc = documentClient(client);
  }

  async add(g: FinishedGame): Promise<void> {
    const wins = g.winners.map((seat) => `w${seat} :one`).join(', ');
    try {
      await this.doc.send(
        new UpdateCommand({
          TableName: this.table,
          Key: { pk: shardKey(statsPk(g.game, g.seats), g.gameId, STATS_SHARDS), sk: g.endedAt.slice(0, 13) },
          UpdateExpression: `ADD games :one, moves :moves, commits :commits, counted :id${wins ? `, ${wins}` : ''}`,
          ConditionExpression: 'NOT contains(counted, :gameId)',
          ExpressionAttributeValues: { ':one': 1, ':moves': g.moves, ':commits': g.commits, ':id': new Set([g.gameId]), ':gameId': g.gameId },
        }),
      );
    } catch (e) {
      if (!(e instanceof ConditionalCheckFailedException)) throw e; // counted already
    }
  }

  async read(game: string, seats: number): Promise<StatsCounters> {
    const wins = [...Array(seats).keys()].map((s) => `w${s}`);
    const keys = [statsPk(game, seats), ...allShardKeys(statsPk(game, seats), STATS_SHARDS)];
    const read = (pk: string) => queryAll(this.doc, { TableName: this.table, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': pk }, ProjectionExpression: ['games', 'moves', 'commits', ...wins].join(', ') });
    const items = (await Promise.all(keys.map(read))).flat();
    const sum = (attr: string) => items.reduce((n, item) => n + Number(item[attr] ?? 0), 0);
    return { game, seats, games: sum('games'), wins: wins.map(sum), moves: sum('moves'), commits: sum('commits') };
  }
}
