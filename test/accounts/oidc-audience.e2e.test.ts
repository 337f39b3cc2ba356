/**
 * An OIDC issuer signs tokens for many applications, so Parlor must check the audience (issue 36
 * item 1): with OIDC_ISSUER set, the audience is OIDC_AUDIENCE, else PUBLIC_URL, else `npm start`
 * refuses to start and says why. A token made for another application, or for none, never signs in.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { accountSettingsFromEnv, type AccountSettings } from '../../services/accounts/settings.js';
import { bundledServer, freePort, spawnServer } from '../kit/child-server.js';
import { useServer } from '../kit/server.js';

const ISSUER = 'https://idp.example/pool';
const PUBLIC_URL = 'https://parlor.example';
const accounts: AccountSettings = {};
let jwks: Server;
let key: CryptoKey;
const dirs: string[] = [];

beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  key = pair.privateKey;
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  jwks = createServer((_req, res) => res.setHeader('content-type', 'application/json').end(JSON.stringify({ keys: [jwk] })));
  await new Promise<void>((r) => jwks.listen(0, '127.0.0.1', r));
  // The settings as `npm start` reads them: an issuer and a PUBLIC_URL, no OIDC_AUDIENCE.
  const jwksUrl = `http://127.0.0.1:${(jwks.address() as AddressInfo).port}/.well-known/jwks.json`;
  Object.assign(accounts, accountSettingsFromEnv({ OIDC_ISSUER: ISSUER, OIDC_JWKS_URL: jwksUrl, PUBLIC_URL }));
});
afterAll(async () => {
  await new Promise((r) => jwks?.close(r));
  dirs.forEach((d) => rmSync(d, { recursive: true, force: true }));
});

const server = useServer({ accounts });

const idToken = (claims: Record<string, unknown>) =>
  new SignJWT({ sub: 'user-1', name: 'Ann', ...claims }).setProtectedHeader({ alg: 'RS256', kid: 'k1' }).setIssuer(ISSUER).setIssuedAt().setExpirationTime('1h').sign(key);
const me = (token: string) => server.gql('query { me { id name } }', {}, token);

describe('the audience of an external OIDC issuer', () => {
  it("defaults to PUBLIC_URL: a token for it signs in; one for another application, or with no aud, is refused", async () => {
    expect((await me(await idToken({ aud: PUBLIC_URL }))).data?.me?.name).toBe('Ann');
    for (const [why, claims] of [['another application', { aud: 'some-other-app', sub: 'user-2' }], ['no aud', { sub: 'user-3' }]] as const) {
      const r = await me(await idToken(claims));
      expect(r.errors?.[0]?.extensions?.code, why).toBe('UNAUTHENTICATED');
      expect(r.data?.me ?? null, why).toBeNull();
    }
    // REST says the same.
    expect((await server.rest('GET', '/v1/me', undefined, await idToken({ aud: 'some-other-app' }))).status).toBe(401);
  });

  it('npm start with OIDC_ISSUER but neither OIDC_AUDIENCE nor PUBLIC_URL exits 2 and says which setting is missing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'parlor-oidc-'));
    dirs.push(dir);
    const child = spawnServer(dir, await freePort(), { OIDC_ISSUER: ISSUER, OIDC_AUDIENCE: '', PUBLIC_URL: '' }, 'pipe', await bundledServer());
    let stderr = '';
    let stdout = '';
    child.stderr!.on('data', (d) => (stderr += d));
    child.stdout!.on('data', (d) => (stdout += d));
    const code = await new Promise<number | 'serving'>((resolve) => {
      child.stdout!.on('data', () => stdout.includes('Parlor is serving') && resolve('serving'));
      child.once('exit', (c) => resolve(c ?? -1));
    });
    if (code === 'serving') child.kill('SIGTERM');
    expect(code).toBe(2);
    expect(stderr).toContain('Parlor cannot start: OIDC_ISSUER is set but no audience is: set OIDC_AUDIENCE');
  }, 60_000);

  it('the settings: OIDC_AUDIENCE wins over PUBLIC_URL; neither is an error', () => {
    expect(() => accountSettingsFromEnv({ OIDC_ISSUER: ISSUER })).toThrow(/set OIDC_AUDIENCE/);
    expect(accountSettingsFromEnv({ OIDC_ISSUER: ISSUER, OIDC_AUDIENCE: 'client-1', PUBLIC_URL }).oidc?.audience).toBe('client-1');
  });
});
