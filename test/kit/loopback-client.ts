/**
 * The kit's DynamoDB client for the embedded store on loopback (test/kit/server.ts, dynamo.ts): the
 * SDK's own client, every request built, sent and parsed as in production, but not signed. The
 * embedded store checks only that an Authorization header of the right shape is there, never the
 * signature, and SigV4 (a SHA-256 of each body, HMACs each request) cost ~5% of the CPU of two
 * store-heavy files (games.e2e and every-finished-game-verifies, both ways at once at load ~20:
 * 36.1 → 34.3 s). `localClient` (npm start, the AWS-like paths, a store that checks its access key:
 * test/store/embedded-credentials.e2e.test.ts) still signs.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { HttpRequest } from '@smithy/types';
import { OPEN_CREDENTIALS } from '../../services/store/embedded-credential.js';

/** Shaped as dynalite checks it (algorithm, Credential, SignedHeaders, Signature, with a date header); nothing is computed. */
const AUTHORIZATION = `AWS4-HMAC-SHA256 Credential=${OPEN_CREDENTIALS.accessKeyId}/20260101/local/dynamodb/aws4_request, SignedHeaders=host;x-amz-date, Signature=${'0'.repeat(64)}`;

export function loopbackClient(endpoint: string): DynamoDBClient {
  return new DynamoDBClient({
    endpoint,
    region: 'local',
    credentials: OPEN_CREDENTIALS,
    signer: {
      sign: async (request: HttpRequest) => {
        request.headers['x-amz-date'] = '20260101T000000Z';
        request.headers['authorization'] = AUTHORIZATION;
        return request;
      },
    },
  });
}
