/**
 * The passkey routes' refusals over real HTTP (the ceremonies themselves run in Chromium:
 * test/web/accounts.test.ts): a clear code for each, and nothing stored.
 */
import { describe, expect, it } from 'vitest';
import { registerPlayer } from '../kit/players.js';
import { useServer } from '../kit/server.js';

const server = useServer();
const ORIGIN = 'http://localhost:3000';
const post = async (path: string, body?: unknown, token?: string, origin: string | null = ORIGIN) => {
  const res = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { ...(body !== undefined && { 'content-type': 'application/json' }), ...(token && { authorization: `Bearer ${token}` }), ...(origin && { origin }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
};

describe('passkey routes', () => {
  it('registration options need a player token, and name the player and the relying party of the page', async () => {
    expect((await post('/v1/passkeys/registration/options')).status).toBe(401);
    const ann = await registerPlayer(server, 'Ann');
    const options = await post('/v1/passkeys/registration/options', undefined, ann.token);
    expect(options.status).toBe(200);
    expect(options.body).toMatchObject({ rp: { id: 'localhost', name: 'Parlor' }, user: { name: 'Ann' }, authenticatorSelection: { residentKey: 'required' } });
    expect(options.body.challenge.length).toBeLessThan(400);
  });

  it('sign-in options name nobody (discoverable credentials)', async () => {
    const options = await post('/v1/passkeys/authentication/options');
    expect(options.status).toBe(200);
    expect(options.body.rpId).toBe('localhost');
    expect(options.body.allowCredentials ?? []).toEqual([]);
  });

  it('refuses an answer from an unknown passkey with UNAUTHENTICATED, a malformed one with BAD_INPUT, a ceremony without Origin with BAD_INPUT', async () => {
    const unknown = await post('/v1/passkeys/authentication', { response: { id: 'AAAA', rawId: 'AAAA', type: 'public-key', response: {}, clientExtensionResults: {} } });
    expect([unknown.status, unknown.body.error.code]).toEqual([401, 'UNAUTHENTICATED']);
    expect((await post('/v1/passkeys/authentication', { nothing: true })).body.error.code).toBe('BAD_INPUT');
    const noOrigin = await post('/v1/passkeys/authentication/options', undefined, undefined, null);
    expect([noOrigin.status, noOrigin.body.error.code]).toEqual([400, 'BAD_INPUT']);
  });

  it('lists no passkeys for a new player, and removing one that is not theirs removes nothing', async () => {
    const ann = await registerPlayer(server, 'Ann');
    expect((await server.rest('GET', '/v1/passkeys', undefined, ann.token)).body).toEqual([]);
    expect((await server.rest('DELETE', '/v1/passkeys/AAAA', undefined, ann.token)).body).toEqual({ removed: false });
  });
});
