/**
 * The stats read model in the table: `pk = "STATS#<game>#<seats>"`, `sk = "<line-up>#<hash of the
 * option set>#<hour the games ended>"`, one item of counters per option set, line-up and hour: option
 * sets and line-ups are never pooled. A game is added by one conditional UpdateItem that also puts its
 * id in the item's `counted` set, so a redelivered commit is counted once (no transactions
 * needed); hourly items keep that set small (DynamoDB items stop at 400 KB, some 10,000 ids).
 * Wins are kept in integer shares of WIN_UNITS, so a tie splits exactly (a 3-way tie: 840 each).
 * Items written before option sets were split (sk = the hour alone) pooled them and are not read.
 */
import { createHash } from 'node:crypto';
import { ConditionalCheckFailedException, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient } from './document-client.js';
import type { FinishedGame, StatsCounters, StatsLineup, StatsStore } from './read-models.js';
import { queryAll } from './query-all.js';

export const statsPk = (game: string, seats: number) => `STATS#${game}#${seats}`;

/** One win in shares: divisible by every tie size up to 10 winners (lcm of 1..10), so split wins add up exactly. */
export const WIN_UNITS = 2520;

const LINEUP_KEYS: Record<StatsLineup, string> = { 'all human': 'H', 'with bots': 'B' };
const setKey = (g: Pick<FinishedGame, 'options' | 'lineup'>) => `${LINEUP_KEYS[g.lineup]}#${createHash('sha256').update(JSON.stringify(g.options ?? {})).digest('hex').slice(0, 16)}`;

export class DynamoStats implements StatsStore {
  private readonly doc: DynamoDBDocumentClient;

  constructor(
    client: DynamoDBClient,
    private readonly table: string,
  ) {
    this.doc = documentClient(client);
  }

  async add(g: FinishedGame): Promise<void> {
    const share = Math.round(WIN_UNITS / Math.max(1, g.winners.length));
    const wins = g.winners.map((seat) => `w${seat} :share`).join(', ');
    try {
      await this.doc.send(
        new UpdateCommand({
          TableName: this.table,
          Key: { pk: statsPk(g.game, g.seats), sk: `${setKey(g)}#${g.endedAt.slice(0, 13)}` },
          UpdateExpression: `ADD games :one, moves :moves, commits :commits, counted :id${wins ? `, ${wins}` : ''} SET #options = :options, lineup = :lineup`,
          ConditionExpression: 'NOT contains(counted, :gameId)',
          ExpressionAttributeNames: { '#options': 'options' },
          ExpressionAttributeValues: {
            ':one': 1,
            ':moves': g.moves,
            ':commits': g.commits,
            ':id': new Set([g.gameId]),
            ':gameId': g.gameId,
            ':options': JSON.stringify(g.options ?? {}),
            ':lineup': g.lineup,
            ...(wins ? { ':share': share } : {}),
          },
        }),
      );
    } catch (e) {
      if (!(e instanceof ConditionalCheckFailedException)) throw e; // counted already
    }
  }

  async read(game: string, seats: number): Promise<StatsCounters[]> {
    const wins = [...Array(seats).keys()].map((s) => `w${s}`);
    const items = await queryAll(this.doc, {
      TableName: this.table,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': statsPk(game, seats) },
      ExpressionAttributeNames: { '#options': 'options' },
      ProjectionExpression: ['games', 'moves', 'commits', '#options', 'lineup', ...wins].join(', '),
    });
    const groups = new Map<string, Record<string, unknown>[]>();
    for (const item of items) {
      if (typeof item.lineup !== 'string') continue; // written before option sets were split: pooled, so not read
      const key = `${item.lineup}\u0000${item.options}`;
      groups.set(key, [...(groups.get(key) ?? []), item]);
    }
    return [...groups.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([, group]) => {
        const sum = (attr: string) => group.reduce((n, item) => n + Number(item[attr] ?? 0), 0);
        return {
          game,
          seats,
          options: JSON.parse(String(group[0]!.options)),
          lineup: group[0]!.lineup as StatsLineup,
          games: sum('games'),
          wins: wins.map((w) => sum(w) / WIN_UNITS),
          moves: sum('moves'),
          commits: sum('commits'),
        };
      });
  }
}
