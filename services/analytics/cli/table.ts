/**
 * The table the analytics commands read, with the server's settings: DYNAMODB_ENDPOINT when set,
 * else the embedded DynamoDB's data under DATA_DIR (what `npm start` writes) — or, while an
 * `npm start` holds that folder, the endpoint it recorded there. No AWS settings are needed
 * for either; real DynamoDB takes the SDK's usual region and credentials.
 */
import { join, resolve } from 'node:path';
import { DataDirInUse, DynamoEventStore, endpointClient, ensureTable, HEADS_FILE, localClient, ownerOnlyFromNowOn, readHeads, recordedEndpoint, startEmbeddedDynamo, type EmbeddedDynamo } from '../../store/index.js';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

export async function openTable(env: NodeJS.ProcessEnv = process.env, note: (line: string) => void = (l) => console.error(l)) {
  const tableName = env.TABLE_NAME ?? 'parlor';
  const dataDir = resolve(env.DATA_DIR ?? '.data');
  let embedded: EmbeddedDynamo | null = null;
  const endpoint = env.DYNAMODB_ENDPOINT;
  let recorded: ReturnType<typeof recordedEndpoint> = null;
  if (!endpoint) {
    try {
      ownerOnlyFromNowOn(); // LevelDB writes new files as it opens: they hold seeds (store/private-folder.ts)
      embedded = await startEmbeddedDynamo({ path: dataDir });
    } catch (e) {
      recorded = e instanceof DataDirInUse ? recordedEndpoint(dataDir) : null;
      if (!recorded) throw e;
      note(`${dataDir} is in use by a running server: reading through its DynamoDB at ${recorded.endpoint}`);
    }
  }
  const local = embedded ?? recorded;
  const client = local ? localClient(local.endpoint, local.credentials) : endpointClient(endpoint!, env);
  // A fresh DATA_DIR has no table yet: an empty one exports nothing instead of failing.
  if (embedded) await ensureTable(client, tableName);
  return {
    store: new DynamoEventStore({ client, tableName }),
    client,
    tableName,
    /** Each game's acknowledged head, kept beside the embedded data by npm start (store/heads.ts); none with DYNAMODB_ENDPOINT. */
    heads: local ? readHeads(join(dataDir, HEADS_FILE)) : new Map<string, number>(),
    close: async () => {
      client.destroy();
      await embedded?.close();
    },
  };
}
