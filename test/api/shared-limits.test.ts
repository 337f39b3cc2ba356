/**
 * On AWS every warm Lambda instance is an app of its own: counted in each process, the limits on
 * registrations and creations let one address through once per instance (two instances, twice
 * the limit). They are counted in the table instead (store/address-counts.ts), so two apps over
 * one table (two instances) share one count; an IPv6 client counts by its /64; the table keeps a
 * hash keyed by the deployment's secret, never the address nor a hash anyone could recompute by
 * trying every IPv4 address, and each count expires.
 */
import { createHash, createHmac, hkdfSync } from 'node:crypto';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AddressCounts } from '../../services/app/address-counts.js';
import { storedHash } from '../../services/app/stored-hash.js';
import { buildApp } from '../../services/api/app.js';
import { createParlor } from '../../services/handlers/env.js';
import { documentClient } from '../../services/store/document-client.js';
import { DynamoAddressCounts, TTL_ATTRIBUTE } from '../../services/store/index.js';
import { useServer } from '../kit/server.js';

const LIMITS = { registrationsPerHour: 3, createsPerMinute: 4 };
/** The deployment's signing secret: each instance derives its hashing key from it on its own. */
const SECRET = 'shared-limits signing secret';
const server = useServer({ limits: LIMITS, signingSecret: SECRET });
/** Another instance of the deployment over the same table: its own app, memory and hash, built from the same secret. */
const instance = (table = 'parlor', secret = SECRET) => buildApp({ service: server.service, play: server.play, parts: undefined, limits: { ...LIMITS, perClientPerMinute: 1e6, devTools: false }, addressCounts: new AddressCounts(new DynamoAddressCounts(server.client, table), storedHash(secret)) });
let second: FastifyInstance;
beforeAll(async () => {
  second = await instance();
});
afterAll(async () => second?.close());
const limitItems = async () => ((await documentClient(server.client).send(new ScanCommand({ TableName: 'parlor' }))).Items ?? []).filter((i) => String(i.pk).startsWith('LIMIT#'));

const instances = () => [server.app, second];
const register = (app: FastifyInstance, address: string, name: string) => app.inject({ method: 'POST', url: '/graphql', remoteAddress: address, payload: { query: 'mutation($n: String!) { registerPlayer(name: $n) { player { id } token } }', variables: { n: name } } });
const create = (app: FastifyInstance, address: string) => app.inject({ method: 'POST', url: '/v1/games', remoteAddress: address, payload: { game: 'scout', seats: 2 } });

describe('limits counted across instances', () => {
  it('registrations: two instances from one address let through the limit once, not once each; REGISTRATION_LIMIT with Retry-After', async () => {
    const answers = [];
    for (let i = 0; i < 8; i++) answers.push(await register(instances()[i % 2]!, '127.0.0.5', `Farm${i}`));
    expect(answers.filter((a) => a.statusCode === 200 && !a.json().errors).length).toBe(LIMITS.registrationsPerHour);
    const refused = answers.filter((a) => a.statusCode === 429);
    expect(refused.length).toBe(8 - LIMITS.registrationsPerHour);
    for (const r of refused) {
      expect(r.json().errors[0].extensions.code).toBe('REGISTRATION_LIMIT');
      expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(r.headers['retry-after'])).toBeLessThanOrEqual(3600);
    }
    // Another address is not affected.
    expect((await register(second, '127.0.0.6', 'Other')).statusCode).toBe(200);
  });

  it('creations: the same across instances, REST and GraphQL alike; an IPv6 client counts by its /64', async () => {
    const statuses = [];
    // Four addresses of one /64, spread over both instances.
    for (let i = 0; i < 8; i++) statuses.push((await create(instances()[i % 2]!, `2001:db8:1:2::${i + 1}`)).statusCode);
    expect(statuses.filter((s) => s === 201).length).toBe(LIMITS.createsPerMinute);
    expect(statuses.filter((s) => s === 429).length).toBe(8 - LIMITS.createsPerMinute);
    const refused = await server.app.inject({ method: 'POST', url: '/graphql', remoteAddress: '2001:db8:1:2:ffff::9', payload: { query: 'mutation { createGame(input: { game: "scout", seats: 2 }) { game { id } } }' } });
    expect(refused.json().errors[0].extensions.code).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The next /64 has its own count.
    expect((await create(second, '2001:db8:1:3::1')).statusCode).toBe(201);
  });

  it('with the table out of reach, an instance falls back to its own count: the door stays limited, and open', async () => {
    const cut = await instance('no-such-table');
    try {
      const statuses = [];
      for (let i = 0; i < 5; i++) statuses.push((await register(cut, '127.0.0.9', `Cut${i}`)).statusCode);
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
    } finally {
      await cut.close();
    }
  });

  it('the table holds a hash per count, never an address, and each count expires', async () => {
    const items = await limitItems();
    expect(items.length).toBeGreaterThanOrEqual(4);
    expect(JSON.stringify(items)).not.toMatch(/127\.0\.0|2001:db8/);
    for (const item of items) expect(item[TTL_ATTRIBUTE]).toBeGreaterThan(Math.floor(Date.now() / 1000));
  });

  it('two Lambda wirings (createParlor) reading one secret asynchronously derive one key: they share a count', async () => {
    let reads = 0;
    const secret = async () => (reads++, SECRET);
    const apps = await Promise.all([0, 1].map(async () => {
      const parlor = createParlor({ client: server.client, tableName: 'parlor', signingSecret: secret });
      return buildApp({ service: parlor.service, play: parlor.play, parts: parlor.modules, addressCounts: parlor.addressCounts, limits: { ...LIMITS, perClientPerMinute: 1e6, devTools: false } });
    }));
    try {
      const statuses = [];
      for (let i = 0; i < 6; i++) statuses.push((await register(apps[i % 2]!, '127.0.0.41', `Lambda${i}`)).statusCode);
      expect(statuses.filter((s) => s === 200)).toHaveLength(LIMITS.registrationsPerHour);
      expect(reads).toBeGreaterThan(0);
      // And the same count as the local server's (the same secret): this address is closed there too.
      expect((await register(server.app, '127.0.0.41', 'Local')).statusCode).toBe(429);
    } finally {
      await Promise.all(apps.map((a) => a.close()));
    }
  });

  it('the hash is keyed by the deployment secret: no plain hash of the address (all 2^32 IPv4 could be tried), and another secret meets no count', async () => {
    const keys = (await limitItems()).map((i) => String(i.pk).slice('LIMIT#'.length));
    // What an unkeyed hash of the kind and address would be, in any spelling a reader might try.
    const plain = (text: string) => [createHash('sha256').update(text).digest('base64url'), createHash('sha256').update(text).digest('hex')];
    for (const text of ['limit|register|127.0.0.5', 'limit|register\u0000127.0.0.5', 'register|127.0.0.5', '127.0.0.5']) for (const p of plain(text)) for (const k of keys) expect(p.startsWith(k)).toBe(false);
    // Recomputed from the secret alone (HKDF, then HMAC), as any instance of the deployment would: the registrations' count is there.
    const key = Buffer.from(hkdfSync('sha256', SECRET, 'parlor', 'stored address hashes', 32));
    expect(keys).toContain(createHmac('sha256', key).update('limit|register\u0000127.0.0.5').digest('base64url').slice(0, 22));
    // An app keyed by another secret has its own counts: it lets the farmed address register again.
    const stranger = await instance('parlor', 'another deployment');
    try {
      expect((await register(stranger, '127.0.0.5', 'Elsewhere')).statusCode).toBe(200);
      expect((await register(second, '127.0.0.5', 'Again')).statusCode).toBe(429);
    } finally {
      await stranger.close();
    }
  });
});
