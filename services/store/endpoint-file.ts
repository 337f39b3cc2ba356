/**
 * Where a running `npm start` says its embedded DynamoDB listens: a small file in its data
 * folder. LevelDB lets one process hold the folder, so a command that finds it locked (e.g.
 * `npm run export`) reads through the server's endpoint instead of asking the user for it.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { LocalCredentials } from './embedded-credential.js';

export const ENDPOINT_FILE = 'dynamodb-endpoint.json';

/** Written for the folder's owner only: it holds the embedded server's credential. */
export function recordEndpoint(dataDir: string, endpoint: string, credentials: LocalCredentials): void {
  const file = join(dataDir, ENDPOINT_FILE);
  rmSync(file, { force: true }); // a file left by an older server may have wider permissions
  writeFileSync(file, JSON.stringify({ endpoint, credentials, pid: process.pid }), { mode: 0o600 });
}

export function forgetEndpoint(dataDir: string): void {
  rmSync(join(dataDir, ENDPOINT_FILE), { force: true });
}

/** The endpoint and credential the folder's running server recorded; null if none, or if that process is gone. */
export function recordedEndpoint(dataDir: string): { endpoint: string; credentials: LocalCredentials } | null {
  try {
    const { endpoint, credentials, pid } = JSON.parse(readFileSync(join(dataDir, ENDPOINT_FILE), 'utf8')) as { endpoint: string; credentials: LocalCredentials; pid: number };
    process.kill(pid, 0); // throws when no such process
    return { endpoint, credentials };
  } catch {
    return null;
  }
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * A client for a DynamoDB endpoint. A loopback one (the embedded server, DynamoDB Local) needs
 * no AWS settings: region and credentials default to placeholders unless the environment sets
 * them. Any other endpoint takes the SDK's usual region and credentials.
 */
export function endpointClient(endpoint: string, env: NodeJS.ProcessEnv = process.env): DynamoDBClient {
  if (!LOOPBACK.has(new URL(endpoint).hostname)) return new DynamoDBClient({ endpoint });
  const region = env.AWS_REGION ?? env.AWS_DEFAULT_REGION ?? 'local';
  const credentials = env.AWS_ACCESS_KEY_ID ? undefined : { accessKeyId: 'local', secretAccessKey: 'local' };
  return new DynamoDBClient({ endpoint, region, ...(credentials && { credentials }) });
}
