/**
 * Guards on player tokens, over the real server: the signature algorithm is pinned (a token
 * signed by the right key under another `alg` header is refused), a token without `exp` (which
 * would never expire) is refused even when signed by the server's key, and the per-token rate
 * allowance is the token's own (two tokens from one address do not share it).
 */
import { createHash, createPrivateKey } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { registerPlayer } from '../kit/players.js';
import { useServer } from '../kit/server.js';

const SECRET = 'token-guards-secret';
const PER_TOKEN = 5;
const server = useServer({ signingSecret: SECRET, limits: { perTokenPerMinute: PER_TOKEN, perClientPerMinute: 1000 } });

/** The server's own signing key, derived from its secret as services/players/tokens.ts does. */
const serverKey = () => createPrivateKey({ key: Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), createHash('sha256').update(SECRET).digest()]), format: 'der', type: 'pkcs8' });

describe('player tokens', () => {
  it('a token signed by the right key with another alg header ("Ed25519" for "EdDSA") is refused UNAUTHENTICATED', async () => {
    const ann = await registerPlayer(server, 'Ann');
    const claims = { name: 'Ann' };
    const sign = (alg: string) => new SignJWT(claims).setProtectedHeader({ alg, typ: 'JWT' }).setIssuer('parlor').setSubject(ann.id).setIssuedAt().setExpirationTime('1h').sign(serverKey());
    // The same key and claims under the pinned alg are accepted: the refusal below is the alg's alone.
    expect((await server.gql('query { me { id } }', {}, await sign('EdDSA'))).data.me).toEqual({ id: ann.id });
    const other = await sign('Ed25519');
    const r = await server.gql('query { me { id } }', {}, other);
    expect(r.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect((await server.rest('GET', '/v1/me', undefined, other)).status).toBe(401);
  });

  it('a token signed by the server key without exp (or without iat) is refused UNAUTHENTICATED', async () => {
    const dee = await registerPlayer(server, 'Dee');
    const base = () => new SignJWT({ name: 'Dee' }).setProtectedHeader({ alg: 'EdDSA', typ: 'JWT' }).setIssuer('parlor').setSubject(dee.id);
    expect((await server.gql('query { me { id } }', {}, await base().setIssuedAt().setExpirationTime('1h').sign(serverKey()))).data.me).toEqual({ id: dee.id });
    for (const token of [await base().setIssuedAt().sign(serverKey()), await base().setExpirationTime('1h').sign(serverKey())]) {
      expect((await server.gql('query { me { id } }', {}, token)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
      expect((await server.rest('GET', '/v1/me', undefined, token)).status).toBe(401);
    }
  });

  it('two tokens from one address each have their own per-token rate allowance', async () => {
    const [bo, cy] = [await registerPlayer(server, 'Bo'), await registerPlayer(server, 'Cy')];
    const statuses = async (token: string) => {
      const out: number[] = [];
      for (let i = 0; i <= PER_TOKEN; i++) out.push((await server.rest('GET', '/v1/me', undefined, token)).status);
      return out;
    };
    const allowed = [...Array(PER_TOKEN).fill(200), 429];
    expect(await statuses(bo.token)).toEqual(allowed);
    expect(await statuses(cy.token)).toEqual(allowed); // Bo's spent allowance is not Cy's
  });
});
