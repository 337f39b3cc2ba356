/**
 * WebAuthn challenges without storing one per request: a challenge is its own record, signed
 * (HMAC-SHA256 with a key derived from the player-token secret) and carrying its purpose, the
 * player (for a registration) and its expiry. So asking for options stores nothing, however
 * often it is asked. Single use: the first verification that presents a challenge records it
 * (`pk = "CHALLENGES"`, `sk = "<expiry>#<nonce>"`, conditional put); a second is refused. Each
 * record is deleted by the verifications after it expires (and by the table's TTL on AWS), so
 * they number at most the verifications of the last CHALLENGE_TTL_MS.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '../store/document-client.js';
import { TTL_ATTRIBUTE } from '../store/schema.js';

export const CHALLENGE_TTL_MS = 5 * 60_000;
const PK = 'CHALLENGES';
const SWEEP = 25;

export type ChallengePurpose = 'register' | 'sign-in';

interface ChallengeBody {
  /** purpose */
  u: ChallengePurpose;
  /** the registering player */
  p?: string;
  /** nonce */
  n: string;
  /** expiry, epoch ms */
  e: number;
}

export class Challenges {
  private readonly doc: DynamoDBDocumentClient;

  constructor(
    client: DynamoDBClient,
    private readonly table: string,
    private readonly key: () => Promise<Buffer>,
  ) {
    this.doc = documentClient(client);
  }

  /** A fresh challenge's bytes (the WebAuthn options carry them base64url-encoded). */
  async issue(purpose: ChallengePurpose, now: number, player?: string): Promise<Uint8Array<ArrayBuffer>> {
    const body: ChallengeBody = { u: purpose, ...(player && { p: player }), n: randomBytes(16).toString('base64url'), e: now + CHALLENGE_TTL_MS };
    const encoded = Buffer.from(JSON.stringify(body)).toString('base64url');
    return new TextEncoder().encode(`${encoded}.${await this.mac(encoded)}`);
  }

  /**
   * Whether `challenge` (base64url, as the client's data carries it) is one we issued for this
   * purpose (and player), unexpired and never presented before; presenting it uses it up.
   */
  async consume(challenge: string, purpose: ChallengePurpose, now: number, player?: string): Promise<boolean> {
    const text = Buffer.from(challenge, 'base64url').toString();
    const [encoded, mac, extra] = text.split('.');
    if (!encoded || !mac || extra !== undefined || text.length > 400) return false;
    const expected = Buffer.from(await this.mac(encoded));
    if (expected.length !== mac.length || !timingSafeEqual(expected, Buffer.from(mac))) return false;
    const body = JSON.parse(Buffer.from(encoded, 'base64url').toString()) as ChallengeBody;
    if (body.u !== purpose || body.p !== player || body.e <= now) return false;
    await this.sweep(now);
    try {
      await this.doc.send(
        new PutCommand({ TableName: this.table, Item: { pk: PK, sk: `${body.e}#${body.n}`, [TTL_ATTRIBUTE]: Math.ceil(body.e / 1000) }, ConditionExpression: 'attribute_not_exists(pk)' }),
      );
      return true;
    } catch (e) {
      if ((e as { name?: string }).name === 'ConditionalCheckFailedException') return false;
      throw e;
    }
  }

  private async mac(encoded: string): Promise<string> {
    return createHmac('sha256', await this.key()).update(encoded).digest('base64url');
  }

  /** Deletes records of challenges that have expired (they can no longer be presented anyway). */
  private async sweep(now: number): Promise<void> {
    const out = await this.doc.send(
      new QueryCommand({ TableName: this.table, KeyConditionExpression: 'pk = :p AND sk < :now', ExpressionAttributeValues: { ':p': PK, ':now': String(now) }, Limit: SWEEP, ProjectionExpression: 'pk, sk' }),
    );
    const items = out.Items ?? [];
    if (items.length) await this.doc.send(new BatchWriteCommand({ RequestItems: { [this.table]: items.map((k) => ({ DeleteRequest: { Key: { pk: k.pk, sk: k.sk } } })) } }));
  }
}
