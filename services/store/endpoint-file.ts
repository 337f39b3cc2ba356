/**
 * Where a running `npm start` says its embedded DynamoDB listens: a small file in its data
 * folder. LevelDB lets one process hold the folder, so a command that finds it locked (e.g.
 * `npm run export`) reads through the server's endpoint instead of asking the user for it.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';

export const ENDPOINT_FILE = 'dynamodb-endpoint.json';

export function recordEndpoint(dataDir: string, endpoint: string): void {
  writeFileSync(join(dataDir, ENDPOINT_FILE), JSON.stringify({ endpoint, pid: process.pid }));
}

export function forgetEndpoint(dataDir: string): void {
  rmSync(join(dataDir, ENDPOINT_FILE), { force: true });
}

/** The endpoint the folder's running server recorded; null if none, or if that process is gone. */
export function recordedEndpoint(dataDir: string): string | null {
  try {
    const { endpoint, pid } = JSON.parse(readFileSync(join(dataDir, ENDPOINT_FILE), 'utf8')) as { endpoint: string; pid: number };
    process.kill(pid, 0); // throws when no such process
    return endpoint;
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
