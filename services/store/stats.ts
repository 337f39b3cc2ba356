/**
 * The stats read model in the table: `pk = "STATS#<game>#<seats>"`, `sk = <hour the games ended>`,
 * one item of counters per hour. A game is added by one conditional UpdateItem that also puts its
 * id in the item's `counted` set, so a redelivered commit is counted once (no transactions
 * needed); hourly items keep that set small (DynamoDB items stop at 400 KB, some 10,000 ids).
 */
import { ConditionalCheckFailedException, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient } from './document-client.js';
import type { FinishedGame, StatsCounters, StatsStore } from './read-models.js';
import { queryAll } from './query-all.js';

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
          Key: { pk: statsPk(g.game, g.seats), sk: g.endedAt.slice(0, 13) },
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
    const items = await queryAll(this.doc, {
      TableName: this.table,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': statsPk(game, seats) },
      ProjectionExpression: ['games', 'moves', 'commits', ...wins].join(', '),
    });
    const sum = (attr: string) => items.reduce((n, item) => n + Number(item[attr] ?? 0), 0);
    return { game, seats, games: sum('games'), wins: wins.map(sum), moves: sum('moves'), commits: sum('commits') };
  }
}
