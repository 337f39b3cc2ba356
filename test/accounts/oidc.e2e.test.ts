/**
 * An external identity provider (the OIDC_ISSUER setting): its tokens, verified against its
 * JWKS served on loopback, sign players in; `sub` maps to one Parlor player.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import type { AccountSettings } from '../../services/accounts/settings.js';
import { ManualClock } from '../kit/manual-clock.js';
import { useServer } from '../kit/server.js';

const ISSUER = 'https://idp.example/pool';
const accounts: AccountSettings = { oidc: { issuer: ISSUER, audience: 'parlor-web' } };
const clock = new ManualClock();
let jwks: Server;
let key: CryptoKey;
let jwksRequests = 0;

beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  key = pair.privateKey;
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  jwks = createServer((_req, res) => {
    jwksRequests++;
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((r) => jwks.listen(0, '127.0.0.1', r));
  accounts.oidc!.jwksUrl = `http://127.0.0.1:${(jwks.address() as AddressInfo).port}/.well-known/jwks.json`;
});
afterAll(() => new Promise((r) => jwks?.close(r)));

const server = useServer({ clock, accounts });

const idToken = (claims: Record<string, unknown>, o: { key?: CryptoKey; kid?: string; ttl?: number } = {}) =>
  new SignJWT({ aud: 'parlor-web', ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: o.kid ?? 'k1' })
    .setIssuer(ISSUER)
    .setIssuedAt(Math.floor(clock.now() / 1000))
    .setExpirationTime(Math.floor(clock.now() / 1000) + (o.ttl ?? 3600))
    .sign(o.key ?? key);
const me = (token: string) => server.gql('query { me { id name } }', {}, token);

describe('an external OIDC issuer', () => {
  it("accepts the issuer's tokens: the same sub is the same player, named from the token's claims", async () => {
    const first = await me(await idToken({ sub: 'user-1', name: 'Ann Example', email: 'ann@example.com' }));
    expect(first.errors).toBeUndefined();
    expect(first.data.me.name).toBe('Ann Example');
    const again = await me(await idToken({ sub: 'user-1', name: 'Ann Example' }));
    expect(again.data.me.id).toBe(first.data.me.id);
    const other = await me(await idToken({ sub: 'user-2', preferred_username: 'bob' }));
    expect(other.data.me).toMatchObject({ name: 'bob' });
    expect(other.data.me.id).not.toBe(first.data.me.id);
    // A claim with a line break still signs in, its name made one line (names are plain: engine/core/names.ts).
    const broken = await me(await idToken({ sub: 'user-4', name: 'Eve\r\nBcc: x@example.org' }));
    expect(broken.data.me.name).toBe('Eve Bcc: x@example.org');
    const rest = await server.rest('GET', '/v1/me', undefined, await idToken({ sub: 'user-1' }));
    expect(rest.body.id).toBe(first.data.me.id);
    expect(jwksRequests).toBeGreaterThan(0);
  });

  it('a player signed in through the issuer plays like any other: creates and joins games', async () => {
    const token = await idToken({ sub: 'user-3', name: 'Cy' });
    const created = await server.gql('mutation { createGame(input: { game: "scout", seats: 3 }) { game { id } } }', {}, token);
    const joined = await server.gql('mutation($id: ID!) { joinGame(gameId: $id, name: "Cy") { seat } }', { id: created.data.createGame.game.id }, token);
    expect(joined.data.joinGame.seat).toBe(0);
  });

  it('refuses its tokens for another audience or with no audience, expired, signed with a key not in its JWKS, or with a symmetric algorithm', async () => {
    const stranger = (await generateKeyPair('RS256')).privateKey;
    const hs = await new SignJWT({ sub: 'user-1', aud: 'parlor-web' }).setProtectedHeader({ alg: 'HS256' }).setIssuer(ISSUER).setExpirationTime('1h').sign(new TextEncoder().encode('x'.repeat(32)));
    const refused = {
      audience: await idToken({ sub: 'user-1', aud: 'another-app' }),
      noAudience: await idToken({ sub: 'user-1', aud: undefined }),
      expired: await idToken({ sub: 'user-1' }, { ttl: -10 }),
      stranger: await idToken({ sub: 'user-1' }, { key: stranger }),
      symmetric: hs,
      noSubject: await idToken({}),
    };
    for (const [why, token] of Object.entries(refused)) {
      const r = await me(token);
      expect(r.errors?.[0]?.extensions?.code, why).toBe('UNAUTHENTICATED');
      expect(r.errors?.[0]?.message, why).not.toMatch(/[A-Za-z0-9_-]{40}/); // names no key material
    }
  });

  it("keeps accepting Parlor's own tokens", async () => {
    const reg = await server.gql('mutation { registerPlayer(name: "Dee") { token } }');
    expect((await me(reg.data.registerPlayer.token)).data.me.name).toBe('Dee');
  });
});
