/**
 * The DynamoDB actions each handler's code performs on the game table, and nothing more:
 * the CDK stack grants exactly these (infra/parlor-stack.ts), and the handler tests record
 * every call the handlers make and check it is among them.
 */
export const TABLE_ACTIONS = {
  // commits (conditional PutItem, GetItem on a retried commandId), game reads and the lobby (Query),
  // players and their webhooks (PutItem, GetItem, Query, DeleteItem); accounts: devices' last use and passkeys'
  // counters (UpdateItem), device links used up (DeleteItem), expired passkey challenges swept (BatchWriteItem)
  // seats held in open games (store/open-seats.ts: conditional UpdateItem reserves, UpdateItem gives back)
  // the counts per client address that guard fair competition (store/address-counts.ts: conditional UpdateItem, GetItem when over)
  http: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:Query', 'dynamodb:DeleteItem', 'dynamodb:UpdateItem', 'dynamodb:BatchWriteItem', 'dynamodb:BatchGetItem'],
  // game reads, plus connections and subscriptions (ws/connections.ts)
  ws: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:Query', 'dynamodb:BatchWriteItem'],
  // game replays (Query), lobby and sent-version updates (UpdateItem), open seats given back (GetItem, UpdateItem, DeleteItem), dropping gone connections (Query, BatchWriteItem),
  // the inbox and the index of finished games (GetItem, PutItem), webhook deliveries into the outbox (PutItem), bot moves (PutItem commits),
  // notification settings and the digest queue (GetItem, PutItem, UpdateItem), push subscriptions gone at the push service (Query, DeleteItem);
  // ratings (services/store/ratings.ts: ledger and marks by Query, GetItem and conditional PutItem); tournaments (their streams: Query, PutItem; a round's games: PutItem commits)
  stream: ['dynamodb:Query', 'dynamodb:UpdateItem', 'dynamodb:BatchWriteItem', 'dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:DeleteItem'],
  // timeouts and expiries (game reads, PutItem commits, GetItem on a lost answer), the outbox (Query, UpdateItem lease,
  // PutItem retry, DeleteItem done), webhook health (GetItem, Query, UpdateItem), the digest job (Query, GetItem,
  // UpdateItem claim, DeleteItem queue items, PutItem) and push subscriptions gone (DeleteItem); which outbox and
  // follow-up shards are marked (BatchGetItem: store/shard-marks.ts)
  timer: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:Query', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchGetItem'],
  // the scheduled analytics export: the finished games of the days it covers, then each game's commits (Query)
  export: ['dynamodb:Query'],
} as const satisfies Record<'http' | 'ws' | 'stream' | 'timer' | 'export', readonly string[]>;

/**
 * The functions that query the owner index (`byOwner`) as well as the table: the API's (a player's
 * inbox, the seats they hold, the quick-play pools' entries), the timer (the pairing beat reads
 * each marked pool's entries) and the analytics export (the games that ended, infra/analytics.ts).
 * The stacks grant the index to these alone; the handler tests record which index each function
 * queried and check it is granted.
 */
export const OWNER_INDEX_READERS: readonly ('http' | 'ws' | 'stream' | 'timer' | 'export')[] = ['http', 'timer', 'export'];
