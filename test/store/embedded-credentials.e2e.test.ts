/**
 * The embedded DynamoDB of `npm start` needs its per-start credential (issue 26 finding 9):
 * a process on the host that signs with another access key, or sends no signature, is refused
 * (Scan and PutItem alike), while the server itself, and a command reading through the key it
 * recorded in its data folder (a file only its owner may read), work. The production banner
 * names no development tool.
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PutItemCommand, ScanCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINT_FILE, localClient } from '../../services/store/index.js';
import { startChildServer, type ChildServer } from '../kit/child-server.js';

const dataDir = mkdtempSync(join(tmpdir(), 'parlor-credential-'));
let server: ChildServer;
beforeAll(async () => {
  server = await startChildServer(dataDir, { NODE_ENV: 'production' });
}, 60_000);
afterAll(async () => {
  await server?.kill9();
  rmSync(dataDir, { recursive: true, force: true });
});

const recorded = () => JSON.parse(readFileSync(join(dataDir, ENDPOINT_FILE), 'utf8')) as { endpoint: string; credentials: { accessKeyId: string; secretAccessKey: string } };

describe('the embedded DynamoDB of npm start', () => {
  it('refuses a request signed with another access key, or unsigned, and serves the server and its recorded key', async () => {
    const created = await server.gql('mutation { createGame(input: { game: "scout", seats: 2 }) { game { id } } }');
    expect(created.errors).toBeUndefined();
    const { endpoint, credentials } = recorded();
    expect(statSync(join(dataDir, ENDPOINT_FILE)).mode & 0o077).toBe(0);

    for (const other of [{ accessKeyId: 'local', secretAccessKey: 'local' }, { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: credentials.secretAccessKey }]) {
      const intruder = localClient(endpoint, other);
      await expect(intruder.send(new ScanCommand({ TableName: 'parlor' }))).rejects.toMatchObject({ name: 'UnrecognizedClientException' });
      await expect(intruder.send(new PutItemCommand({ TableName: 'parlor', Item: { pk: { S: 'x' }, sk: { S: 'y' } } }))).rejects.toMatchObject({ name: 'UnrecognizedClientException' });
      intruder.destroy();
    }
    const unsigned = await fetch(endpoint, { method: 'POST', headers: { 'x-amz-target': 'DynamoDB_20120810.Scan', 'content-type': 'application/x-amz-json-1.0' }, body: JSON.stringify({ TableName: 'parlor' }) });
    expect(unsigned.status).toBe(400);
    expect(await unsigned.text()).not.toContain('seed');

    const owner = localClient(endpoint, credentials);
    expect((await owner.send(new ScanCommand({ TableName: 'parlor', Limit: 5 }))).Items?.length).toBeGreaterThan(0);
    owner.destroy();
    expect((await server.gql('mutation { createGame(input: { game: "scout", seats: 2 }) { game { id } } }')).errors).toBeUndefined();
  });

  it('prints no GraphiQL or /docs address in production', () => {
    expect(server.output()).toContain('Parlor is serving');
    expect(server.output()).not.toMatch(/graphiql|\/docs/i);
  });
});
