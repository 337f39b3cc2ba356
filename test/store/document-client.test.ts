/**
 * Document clients over one DynamoDB client share its config, marshalling options included
 * (aws-sdk-js-v3 #6545): the store makes every one through `documentClient`, with one set of options.
 */
import { readFileSync } from 'node:fs';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { documentClient } from '../../services/store/document-client.js';
import { sourceFiles } from '../kit/imports.js';

// Nothing listens on port 1: a command that gets past marshalling fails to connect instead.
const client = () => new DynamoDBClient({ endpoint: 'http://127.0.0.1:1', region: 'local', credentials: { accessKeyId: 'x', secretAccessKey: 'x' }, maxAttempts: 1 });
const putUndefined = (doc: DynamoDBDocumentClient) => doc.send(new PutCommand({ TableName: 't', Item: { pk: 'a', map: { absent: undefined } } })).catch((e: Error) => e.message);

describe('document clients', () => {
  it('a document client made later over the same client overrides the marshalling of one made earlier (why there is one way to make them)', async () => {
    const shared = client();
    const earlier = DynamoDBDocumentClient.from(shared, { marshallOptions: { removeUndefinedValues: true } });
    expect(await putUndefined(earlier)).not.toMatch(/removeUndefinedValues/);
    DynamoDBDocumentClient.from(shared);
    expect(await putUndefined(earlier)).toMatch(/removeUndefinedValues/);
  });

  it('every one in the server is made by documentClient, so all over one client marshall alike', async () => {
    const bare = sourceFiles('services')
      .filter((f) => !f.endsWith('store/document-client.ts'))
      .filter((f) => /DynamoDBDocumentClient\.from\(|new DynamoDBDocumentClient\(/.test(readFileSync(f, 'utf8')));
    expect(bare).toEqual([]);
    const shared = client();
    const first = documentClient(shared);
    documentClient(shared);
    expect(await putUndefined(first)).not.toMatch(/removeUndefinedValues/);
  });

  it('one per client: the stores a cold start wires (25 document clients before) share it instead of each building one (docs/capacity.md)', () => {
    const shared = client();
    expect(documentClient(shared)).toBe(documentClient(shared));
    expect(documentClient(client())).not.toBe(documentClient(shared));
  });
});
