/**
 * The stats read model in the table: `pk = "STATS#<game>#<seats>#<shard>"` (STATS_SHARDS keys, the
 * shard a hash of the game id: store/shards.ts, so no partition takes every ending of a popular
 * type), `sk = "<line-up>#<hash of the option set>#<hour the games ended>"`, one item of counters per
 * option set, line-up, hour and shard: option sets and line-ups are never pooled, and a read sums the
 * shards. A game is added by one conditional UpdateItem that also puts its
 * id in the item's `counted` set, so a redelivered commit is counted once (no transactions
 * needed); hourly items keep that set small (DynamoDB items stop at 400 KB, some 10,000 ids).
 * Wins are kept in integer shares of WIN_UNITS, so a tie splits exactly (a 3-way tie: 840 each).
 * Items written before option sets were split (sk = the hour alone) pooled them and are not read.
 */
import { createHash } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { TableStore } from './document-client.js';
import type { FinishedGame, StatsCounters, StatsLineup, StatsStore } from './read-models.js';
import { queryAll } from './query-all.js';
import { allShardKeys, shardKey, STATS_SHARDS } from './shards.js';

/** The counters' key before the shard (items an older version wrote there pooled option sets and are not read). */
export const statsPk = (game: string, seats: number) => `STATS#${game}#${seats}`;

/** One win in shares: divisible by every tie size up to 10 winners (lcm of 1..10), so split wins add up exactly. */
export const WIN_UNITS = 2520;

const LINEUP_KEYS: Record<StatsLineup, string> = { 'all human': 'H', 'with bots': 'B' };
const setKey = (g: Pick<FinishedGame, 'options' | 'lineup'>) => `${LINEUP_KEYS[g.lineup]}#${createHash('sha256').update(JSON.stringify(g.options ?? {})).digest('hex').slice(0, 16)}`;

export class DynamoStats extends TableStore implements StatsStore {
  async add(g: FinishedGame): Promise<void> {
    const share = Math.round(WIN_UNITS / Math.max(1, g.winners.length));
    const wins = g.winners.map((seat) => `w${seat} :share`).join(', ');
    try {
      await this.doc.send(
        new UpdateCommand({
          TableName: this.table,
          Key: { pk: shardKey(statsPk(g.game, g.seats), g.gameId, STATS_SHARDS), sk: `${setKey(g)}#${g.endedAt.slice(0, 13)}` },
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
    const read = (pk: string) =>
      queryAll(this.doc, {
        TableName: this.table,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': pk },
        ExpressionAttributeNames: { '#options': 'options' },
        ProjectionExpression: ['games', 'moves', 'commits', '#options', 'lineup', ...wins].join(', '),
      });
    const items = (await Promise.all(allShardKeys(statsPk(game, seats), STATS_SHARDS).map(read))).flat();
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
