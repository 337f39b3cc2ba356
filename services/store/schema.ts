/**
 * The single-table design, shared by the DynamoDB adapter, the embedded server set-up
 * and the CDK stack so they can never drift apart.
 *
 *   pk = "GAME#<id>"   sk = "V#<version, 10 digits>"   one item per commit
 *   pk = "TOURNAMENT#<id>"  sk = "V#…"                  a tournament's commits, the same way
 *
 * The sort key is a string so other item kinds (e.g. WebSocket connections and
 * subscriptions, `pk = "CONN#…"`) can share the table; zero-padding keeps versions in order.
 *
 * One global secondary index, `byOwner` (`gpk`, `gsk`), orders items that belong to an owner
 * by a sort key the writer computes: a player's inbox (services/players/inbox.ts), and the open
 * games of each type in the lobby (services/store/lobby.ts), finished games in the order they
 * ended (services/store/finished.ts). A set every game writes is spread over several index keys
 * (`LOBBY#<type>#<shard>`, `ENDED#<shard>`: services/store/shards.ts), so no index partition
 * takes all its writes.
 *
 * On one machine a second, keys-only index, `byPosition` (`fpk = "FEED"`, `fsk` = the commit's
 * position, 15 digits), is the change feed the reactions resume from after a crash
 * (services/store/change-feed.ts). On AWS DynamoDB Streams is the feed: the CDK table has no such index.
 */
import type { CreateTableCommandInput } from '@aws-sdk/client-dynamodb';

export const KEY = { partition: 'pk', sort: 'sk' } as const;
export const COMMIT_PREFIX = 'V#';
export const gamePk = (gameId: string) => `GAME#${gameId}`;
/** A tournament's stream (services/tournaments): commits like a game's, under its own prefix. */
export const tournamentPk = (id: string) => `TOURNAMENT#${id}`;
export const commitSk = (version: number) => `${COMMIT_PREFIX}${String(version).padStart(10, '0')}`;
/**
 * When a start last looked under the keys of older versions (services/legacy-keys.ts), `at` in epoch
 * ms: a look stands an hour. A table this version creates gets it with the table (it holds no such key).
 */
export const LEGACY_KEYS_CHECKED = { pk: 'LEGACY#KEYS', sk: 'CHECKED' } as const;
/** The attribute DynamoDB's TTL reads (epoch seconds), for items that should expire. */
export const TTL_ATTRIBUTE = 'expiresAt';
export const OWNER_INDEX = { name: 'byOwner', partition: 'gpk', sort: 'gsk' } as const;

export const FEED_INDEX = { name: 'byPosition', partition: 'fpk', sort: 'fsk' } as const;
export const FEED_PK = 'FEED';
export const feedSk = (position: number) => String(position).padStart(15, '0');

export function tableDefinition(tableName: string): CreateTableCommandInput {
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: [
      { AttributeName: KEY.partition, AttributeType: 'S' },
      { AttributeName: KEY.sort, AttributeType: 'S' },
      { AttributeName: OWNER_INDEX.partition, AttributeType: 'S' },
      { AttributeName: OWNER_INDEX.sort, AttributeType: 'S' },
    ],
    KeySchema: [
      { AttributeName: KEY.partition, KeyType: 'HASH' },
      { AttributeName: KEY.sort, KeyType: 'RANGE' },
    ],
    GlobalSecondaryIndexes: [
      {
        IndexName: OWNER_INDEX.name,
        KeySchema: [
          { AttributeName: OWNER_INDEX.partition, KeyType: 'HASH' },
          { AttributeName: OWNER_INDEX.sort, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      },
    ],
  };
}

/** The table on one machine (npm start, tests): the shared definition plus the change feed's index. */
export function localTableDefinition(tableName: string): CreateTableCommandInput {
  const def = tableDefinition(tableName);
  return {
    ...def,
    AttributeDefinitions: [...def.AttributeDefinitions!, { AttributeName: FEED_INDEX.partition, AttributeType: 'S' }, { AttributeName: FEED_INDEX.sort, AttributeType: 'S' }],
    GlobalSecondaryIndexes: [
      ...def.GlobalSecondaryIndexes!,
      {
        IndexName: FEED_INDEX.name,
        KeySchema: [
          { AttributeName: FEED_INDEX.partition, KeyType: 'HASH' },
          { AttributeName: FEED_INDEX.sort, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'KEYS_ONLY' },
      },
    ],
  };
}
