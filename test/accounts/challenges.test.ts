/**
 * Passkey challenges (services/accounts/challenges.ts) on a real DynamoDB API: issued without
 * storing anything, accepted once, for their purpose and player only, until they expire; and
 * the records of used ones do not outlive them.
 */
import { describe, expect, it } from 'vitest';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { CHALLENGE_TTL_MS, Challenges } from '../../services/accounts/challenges.js';
import { useEmbeddedDynamo } from '../kit/dynamo.js';

const db = useEmbeddedDynamo();
const T0 = Date.parse('2026-01-01T00:00:00Z');
const challenges = () => new Challenges(db.client, db.tableName, async () => Buffer.from('k'.repeat(32)));
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const records = async () => (await db.client.send(new QueryCommand({ TableName: db.tableName, KeyConditionExpression: 'pk = :p', ExpressionAttributeValues: { ':p': 'CHALLENGES' } }))).Items ?? [];

describe('passkey challenges', () => {
  it('is accepted once: the second presentation is refused', async () => {
    const c = b64(await challenges().issue('sign-in', T0));
    expect(await challenges().consume(c, 'sign-in', T0 + 1000)).toBe(true);
    expect(await challenges().consume(c, 'sign-in', T0 + 2000)).toBe(false);
  });

  it('expires after CHALLENGE_TTL_MS', async () => {
    const c = b64(await challenges().issue('sign-in', T0));
    expect(await challenges().consume(c, 'sign-in', T0 + CHALLENGE_TTL_MS)).toBe(false);
  });

  it('is refused for another purpose or another player, or with another key, or altered', async () => {
    const reg = b64(await challenges().issue('register', T0, 'ann'));
    expect(await challenges().consume(reg, 'sign-in', T0)).toBe(false);
    expect(await challenges().consume(reg, 'register', T0, 'bob')).toBe(false);
    const other = new Challenges(db.client, db.tableName, async () => Buffer.from('x'.repeat(32)));
    expect(await other.consume(reg, 'register', T0, 'ann')).toBe(false);
    const [body, mac] = Buffer.from(reg, 'base64url').toString().split('.');
    const altered = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body!, 'base64url').toString()), e: T0 + 1e9 }));
    expect(await challenges().consume(Buffer.from(`${altered.toString('base64url')}.${mac}`).toString('base64url'), 'register', T0, 'ann')).toBe(false);
    expect(await challenges().consume(reg, 'register', T0, 'ann')).toBe(true);
  });

  it('issuing stores nothing, and records of used challenges are swept once expired', async () => {
    const before = (await records()).length;
    for (let i = 0; i < 5; i++) await challenges().issue('sign-in', T0);
    expect((await records()).length).toBe(before);
    const later = T0 + 10 * CHALLENGE_TTL_MS;
    expect(await challenges().consume(b64(await challenges().issue('sign-in', later)), 'sign-in', later)).toBe(true);
    expect((await records()).map((r) => Number(String(r.sk).split('#')[0])).every((e) => e > later)).toBe(true);
  });
});
