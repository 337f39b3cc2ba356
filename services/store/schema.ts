/**
 * The single-table design, shared by the DynamoDB adapter, the embedded server set-up
 * and the CDK stack so they can never drift apart.
 *
 *   pk = "GAME#<id>"   sk = "V#<version, 10 digits>"   one item per commit
 *
 * The sort key is a string so other item kinds (e.g. WebSocket connections and
 * subscriptions, `pk = "CONN#…"`) can share the table; zero-padding keeps versions in order.
 */
import type { CreateTableCommandInput } from '@aws-sdk/client-dynamodb';

export const KEY = { partition: 'pk', sort: 'sk' } as const;
export const COMMIT_PREFIX = 'V#';
export const gamePk = (gameId: string) => `GAME#${gameId}`;
export const commitSk = (version: number) => `${COMMIT_PREFIX}${String(version).padStart(10, '0')}`;
/** The attribute DynamoDB's TTL reads (epoch seconds), for items that should expire. */
export const TTL_ATTRIBUTE = 'expiresAt';

export function tableDefinition(tableName: string): CreateTableCommandInput {
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: [
      { AttributeName: KEY.partition, AttributeType: 'S' },
      { AttributeName: KEY.sort, AttributeType: 'S' },
    ],
    KeySchema: [
      { AttributeName: KEY.partition, KeyType: 'HASH' },
      { AttributeName: KEY.sort, KeyType: 'RANGE' },
    ],
  };
}
