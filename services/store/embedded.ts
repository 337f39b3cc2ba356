/**
 * A real DynamoDB API server on loopback, in-process (dynalite): what `npm start` and the
 * tests use, so the store always speaks the DynamoDB protocol — no AWS account, no Docker.
 * In memory, or persisted as LevelDB under `path`.
 */
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { CreateTableCommand, DescribeTableCommand, DynamoDBClient, PutItemCommand, ResourceInUseException, UpdateTableCommand } from '@aws-sdk/client-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import dynalite from 'dynalite';
import { closeLeakedIterators } from './dynalite-iterators.js';
import { LEGACY_KEYS_CHECKED, localTableDefinition } from './schema.js';
import { ownerOnly } from './private-folder.js';
import { OPEN_CREDENTIALS, randomCredentials, requireAccessKey, type LocalCredentials } from './embedded-credential.js';

export interface EmbeddedDynamo {
  endpoint: string;
  /** What a client must sign with: a random key per start with `authenticate`, else any (`local`). */
  credentials: LocalCredentials;
  close(): Promise<void>;
}

/** Another process holds the data folder (LevelDB allows one writer; dynalite would only fail later). */
export class DataDirInUse extends Error {
  constructor(readonly path: string) {
    super(`the data folder ${path} is in use by another Parlor server (stop it, or set DATA_DIR to another folder)`);
    this.name = 'DataDirInUse';
  }
}

/**
 * Takes the folder for this process's life: a small LevelDB of its own (`server.lock`) held open
 * until `close`. LevelDB's lock is the OS's (taken atomically, released even after kill -9), so
 * of two servers started at the same instant exactly one gets it; checking the data's own LevelDB
 * and opening it later left a window where both passed and one died on "Database is closed".
 */
async function lockFolder(path: string): Promise<() => Promise<void>> {
  const { Level } = await import('level');
  const lock = new Level(join(path, 'server.lock'));
  try {
    await lock.open();
  } catch (e) {
    const codes = [(e as { code?: string }).code, (e as { cause?: { code?: string } }).cause?.code];
    if (codes.includes('LEVEL_LOCKED')) throw new DataDirInUse(path);
    throw e;
  }
  return () => lock.close();
}

/** `authenticate`: only requests signed with this start's random access key are served (`npm start`). */
export async function startEmbeddedDynamo(options: { path?: string; host?: string; port?: number; authenticate?: boolean } = {}): Promise<EmbeddedDynamo> {
  // Its files hold secret seeds: a folder left readable by an older version is closed first.
  if (options.path) ownerOnly(options.path);
  const unlock = options.path ? await lockFolder(options.path) : async () => {};
  closeLeakedIterators(); // the LevelDB iterators dynalite leaves open
  const server = dynalite({ path: options.path, createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  const credentials = options.authenticate ? randomCredentials() : OPEN_CREDENTIALS;
  if (options.authenticate) requireAccessKey(server, credentials.accessKeyId);
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://${host}:${port}`,
    credentials,
    close: async () => {
      await new Promise<void>((resolve) => {
        // Requests in flight finish first: dynalite closes its database once the HTTP server has
        // closed, and an item action cut off midway (a read, then its delete) throws "Database is
        // closed" out of the process. Idle keep-alive sockets close now; a socket still open after
        // two seconds is cut.
        server.close(() => resolve());
        server.closeIdleConnections?.();
        setTimeout(() => server.closeAllConnections?.(), 2_000).unref();
      });
      await unlock();
    },
  };
}

/** A client for a local endpoint, signing with `credentials` (the embedded server's; the region is required by the SDK). */
export function localClient(endpoint: string, credentials: LocalCredentials = OPEN_CREDENTIALS): DynamoDBClient {
  return new DynamoDBClient({ endpoint, region: 'local', credentials });
}

/** Creates the table unless it exists (local and test set-up; on AWS the CDK stack owns it). */
export async function ensureTable(client: DynamoDBClient, tableName: string): Promise<void> {
  const def = localTableDefinition(tableName);
  let created = false;
  try {
    await client.send(new CreateTableCommand(def));
    created = true;
  } catch (e) {
    if (!(e instanceof ResourceInUseException)) throw e;
    // A table from an older version (a kept DATA_DIR) gains the indexes it lacks.
    const have = (await client.send(new DescribeTableCommand({ TableName: tableName }))).Table?.GlobalSecondaryIndexes ?? [];
    for (const index of def.GlobalSecondaryIndexes ?? []) {
      if (have.some((h) => h.IndexName === index.IndexName)) continue;
      await client.send(new UpdateTableCommand({ TableName: tableName, AttributeDefinitions: def.AttributeDefinitions, GlobalSecondaryIndexUpdates: [{ Create: index }] }));
    }
  }
  for (let i = 0; i < 50; i++) {
    const t = await client.send(new DescribeTableCommand({ TableName: tableName }));
    if (t.Table?.TableStatus === 'ACTIVE' && (t.Table.GlobalSecondaryIndexes ?? []).every((g) => g.IndexStatus === 'ACTIVE')) {
      // A new table has nothing under an older version's keys: its first starts need not look (legacy-keys.ts).
      if (created) await client.send(new PutItemCommand({ TableName: tableName, Item: marshall({ ...LEGACY_KEYS_CHECKED, at: Date.now() }) }));
      return;
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`table ${tableName} did not become active`);
}
