/**
 * The table the analytics commands read: the embedded DynamoDB's data under DATA_DIR (what
 * `npm start` writes), or DYNAMODB_ENDPOINT when set — the same settings as the server.
 */
import { resolve } from 'node:path';
import { DynamoEventStore, dynamoClient, ensureTable, localClient, startEmbeddedDynamo } from '../../store/index.js';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

export async function openTable(env: NodeJS.ProcessEnv = process.env) {
  const tableName = env.TABLE_NAME ?? 'parlor';
  const embedded = env.DYNAMODB_ENDPOINT ? null : await startEmbeddedDynamo({ path: resolve(env.DATA_DIR ?? '.data') });
  const client = embedded ? localClient(embedded.endpoint) : dynamoClient({ endpoint: env.DYNAMODB_ENDPOINT });
  // A fresh DATA_DIR has no table yet: an empty one exports nothing instead of failing.
  if (embedded) await ensureTable(client, tableName);
  return {
    store: new DynamoEventStore({ client, tableName }),
    close: async () => {
      client.destroy();
      await embedded?.close();
    },
  };
}
