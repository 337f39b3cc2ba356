/**
 * The DynamoDB actions each handler's code performs on the game table, and nothing more:
 * the CDK stack grants exactly these (infra/parlor-stack.ts), and the handler tests record
 * every call the handlers make and check it is among them.
 */
export const TABLE_ACTIONS = {
  // commits (conditional PutItem, GetItem on a retried commandId), game reads and the lobby (Query)
  http: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:Query'],
  // game reads, plus connections and subscriptions (ws/connections.ts)
  ws: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:Query', 'dynamodb:BatchWriteItem'],
  // game replays (Query), lobby and sent-version updates (UpdateItem), dropping gone connections (Query, BatchWriteItem)
  stream: ['dynamodb:Query', 'dynamodb:UpdateItem', 'dynamodb:BatchWriteItem'],
  // the scheduled analytics export: reads every commit page by page (Scan), sizes its progress (DescribeTable)
  export: ['dynamodb:Scan', 'dynamodb:DescribeTable'],
} as const satisfies Record<'http' | 'ws' | 'stream' | 'export', readonly string[]>;
