/**
 * One account on every device, over the real HTTP server and embedded DynamoDB: device link
 * codes that work once, devices listed and revoked (a revoked token is refused at once), and
 * tokens renewed past half their life. Days pass on a manual clock.
 */
import { describe, expect, it } from 'vitest';
import { PlayerTokens } from '../../services/players/tokens.js';
import { MAX_DEVICES } from '../../services/players/devices.js';
import { ManualClock } from '../kit/manual-clock.js';
import { createAndJoin, registerPlayer } from '../kit/players.js';
import { subscribe, useServer } from '../kit/server.js';

const DAY = 24 * 3600_000;
const SECRET = 'accounts-test-secret';
const clock = new ManualClock();
const server = useServer({ clock, signingSecret: SECRET, limits: { deviceLinkTriesPerMinute: 1e6 } });

const me = (token: string) => server.gql('query { me { id name devices { id via current } } }', {}, token);
const link = async (token: string) => (await server.gql('mutation { createDeviceLink { code expiresAt } }', {}, token)).data.createDeviceLink as { code: string; expiresAt: string };
const redeem = (code: string) => server.gql('mutation($c: String!) { redeemDeviceLink(code: $c) { player { id name } token } }', { c: code });

describe('device links', () => {
  it('a code signs another device in as the same player, once: a second redeem is refused with NOT_FOUND', async () => {
    const ann = await registerPlayer(server, 'Ann');
    const { code, expiresAt } = await link(ann.token);
    expect(code).toMatch(/^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/);
    expect(Date.parse(expiresAt) - clock.now()).toBe(10 * 60_000);
    const phone = await redeem(code.toLowerCase().replace('-', ' '));
    expect(phone.errors).toBeUndefined();
    expect(phone.data.redeemDeviceLink.player).toEqual({ id: ann.id, name: 'Ann' });
    expect((await me(phone.data.redeemDeviceLink.token)).data.me.id).toBe(ann.id);
    const again = await redeem(code);
    expect(again.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const rest = await server.rest('POST', '/v1/device-links/redeem', { code });
    expect(rest.status).toBe(404);
    expect(rest.body.error.code).toBe('NOT_FOUND');
  });

  it('a code is valid for minutes: an expired one is refused', async () => {
    const ann = await registerPlayer(server, 'Ann');
    const { code } = await link(ann.token);
    clock.lag(10 * 60_000 + 1);
    expect((await redeem(code)).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });

  it('a new code replaces the previous one, so a player has one live code at most', async () => {
    const ann = await registerPlayer(server, 'Ann');
    const first = await link(ann.token);
    const second = await link(ann.token);
    expect((await redeem(first.code)).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await redeem(second.code)).errors).toBeUndefined();
  });

  it('refuses what cannot be a code with BAD_INPUT, and creating one without a player token with UNAUTHENTICATED', async () => {
    expect((await redeem('not a code at all')).errors?.[0]?.extensions?.code).toBe('BAD_INPUT');
    expect((await server.gql('mutation { createDeviceLink { code } }')).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect((await server.rest('POST', '/v1/device-links')).status).toBe(401);
  });

  it('works through REST as through GraphQL', async () => {
    const ann = await registerPlayer(server, 'Ann');
    const made = await server.rest('POST', '/v1/device-links', undefined, ann.token);
    expect(made.status).toBe(201);
    const redeemed = await server.rest('POST', '/v1/device-links/redeem', { code: made.body.code });
    expect(redeemed.status).toBe(201);
    expect(redeemed.body.player.id).toBe(ann.id);
  });
});

describe('devices', () => {
  it('each sign-in is a device; Player.devices lists them and marks the current one', async () => {
    const ann = await registerPlayer(server, 'Ann');
    const phone = (await redeem((await link(ann.token)).code)).data.redeemDeviceLink.token as string;
    const devices = (await me(phone)).data.me.devices as { id: string; via: string; current: boolean }[];
    expect(devices.map((d) => d.via).sort()).toEqual(['DEVICE_LINK', 'REGISTER']);
    expect(devices.filter((d) => d.current).map((d) => d.via)).toEqual(['DEVICE_LINK']);
    const rest = await server.rest('GET', '/v1/me/devices', undefined, ann.token);
    expect(rest.body.filter((d: { current: boolean }) => d.current).map((d: { via: string }) => d.via)).toEqual(['REGISTER']);
  });

  it('revokeDevice signs a device out: its token is refused at once, the others keep working', async () => {
    const ann = await registerPlayer(server, 'Ann');
    const phone = (await redeem((await link(ann.token)).code)).data.redeemDeviceLink.token as string;
    const phoneId = ((await me(phone)).data.me.devices as { id: string; current: boolean }[]).find((d) => d.current)!.id;
    const revoked = await server.gql('mutation($id: ID!) { revokeDevice(id: $id) }', { id: phoneId }, ann.token);
    expect(revoked.data.revokeDevice).toBe(true);
    const refused = await me(phone);
    expect(refused.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect(refused.errors?.[0]?.message).toMatch(/signed out/);
    expect((await server.rest('GET', '/v1/me', undefined, phone)).status).toBe(401);
    expect((await me(ann.token)).data.me.id).toBe(ann.id);
  });

  it('a socket opened before its device was signed out cannot start a subscription after', async () => {
    const ann = await registerPlayer(server, 'Ann');
    const socket = server.ws(ann.token);
    const registered = server.subscriptions;
    const before = subscribe(socket, 'subscription { myGames { gameId } }', {});
    await server.subscribed(registered + 1); // the subscribe message follows connection_ack: the server says when it listens
    await createAndJoin(server, { game: 'scout', seats: 3 }, [ann]);
    await before.until(1);
    await server.gql('mutation { signOut }', {}, ann.token);
    const after = subscribe(socket, 'subscription { myGames { gameId } }', {});
    await after.until(1);
    expect(before.failure).toBeNull();
    expect(JSON.stringify(after.failure ?? after.messages)).toMatch(/UNAUTHENTICATED|signed out/);
  });

  it("one player cannot revoke another's device", async () => {
    const ann = await registerPlayer(server, 'Ann');
    const bob = await registerPlayer(server, 'Bob');
    const bobsDevice = ((await me(bob.token)).data.me.devices as { id: string }[])[0]!.id;
    expect((await server.gql('mutation($id: ID!) { revokeDevice(id: $id) }', { id: bobsDevice }, ann.token)).data.revokeDevice).toBe(false);
    expect((await me(bob.token)).data.me.id).toBe(bob.id);
  });

  it('signing out revokes the calling device (GraphQL signOut, REST /v1/me/sign-out)', async () => {
    const ann = await registerPlayer(server, 'Ann');
    expect((await server.gql('mutation { signOut }', {}, ann.token)).data.signOut).toBe(true);
    expect((await me(ann.token)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const bob = await registerPlayer(server, 'Bob');
    expect((await server.rest('POST', '/v1/me/sign-out', undefined, bob.token)).body).toEqual({ signedOut: true });
    expect((await server.rest('GET', '/v1/me', undefined, bob.token)).status).toBe(401);
  });
});

describe('the device cap', () => {
  it(`keeps at most MAX_DEVICES (${MAX_DEVICES}) per player: one more sign-in forgets the device used least recently`, async () => {
    const ann = await registerPlayer(server, 'Ann');
    const first = ((await me(ann.token)).data.me.devices as { id: string }[])[0]!.id;
    let last = '';
    for (let i = 0; i < MAX_DEVICES; i++) {
      clock.lag(1000);
      last = (await redeem((await link(ann.token)).code)).data.redeemDeviceLink.token;
    }
    const devices = (await me(last)).data.me.devices as { id: string }[];
    expect(devices).toHaveLength(MAX_DEVICES);
    expect(devices.map((d) => d.id)).not.toContain(first);
    expect((await me(ann.token)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('sliding expiry', () => {
  const post = (token: string) =>
    fetch(`${server.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ query: '{ me { id } }' }) });

  it('a token used past half its life comes back renewed in Parlor-Token, for the same device; unused, it expires', async () => {
    const ann = await registerPlayer(server, 'Ann');
    const young = await post(ann.token);
    expect(young.headers.get('parlor-token')).toBeNull();
    clock.lag(46 * DAY);
    const old = await post(ann.token);
    const fresh = old.headers.get('parlor-token')!;
    expect(fresh).toMatch(/^eyJ/);
    const rest = await server.rest('GET', '/v1/me/devices', undefined, fresh);
    expect(rest.body).toHaveLength(1);
    expect(rest.body[0].current).toBe(true);
    clock.lag(50 * DAY); // the first token is 96 days old, the renewed one 50
    expect((await me(ann.token)).errors?.[0]?.message).toMatch(/expired/);
    expect((await me(fresh)).data.me.id).toBe(ann.id);
  });

  it('tokens from before devices are one legacy device: however often used and renewed, it is one listed device, evicts no real one, and revoking it refuses them all', async () => {
    const ann = await registerPlayer(server, 'Ann');
    // Ann at the device cap with real devices: a new device would have to evict one.
    let phone = '';
    for (let i = 1; i < MAX_DEVICES; i++) phone = (await redeem((await link(ann.token)).code)).data.redeemDeviceLink.token;
    const real = ((await me(ann.token)).data.me.devices as { id: string }[]).map((d) => d.id).sort();
    expect(real).toHaveLength(MAX_DEVICES);
    // Tokens as the server issued them before devices (no did), past half their life; the client ignores Parlor-Token.
    const legacy = await new PlayerTokens({ secret: SECRET, now: () => clock.now() - 50 * DAY }).sign({ player: ann.id, name: 'Ann' });
    const other = await new PlayerTokens({ secret: SECRET, now: () => clock.now() - 60 * DAY }).sign({ player: ann.id, name: 'Ann' });
    const renewals = new Set<string>();
    for (let i = 0; i < 25; i++) {
      const res = await post(i % 2 ? other : legacy);
      expect(res.status).toBe(200);
      renewals.add(res.headers.get('parlor-token')!);
    }
    const renewed = [...renewals][0]!;
    const devices = (await me(ann.token)).data.me.devices as { id: string; via: string }[];
    expect(devices.map((d) => d.id).sort()).toEqual([...real, 'legacy'].sort());
    expect(devices.find((d) => d.id === 'legacy')?.via).toBe('RENEWED');
    expect((await me(renewed)).data.me.devices.find((d: { current: boolean }) => d.current).id).toBe('legacy');
    expect((await me(phone)).errors).toBeUndefined();
    // The legacy device is outside the cap: a new real sign-in forgets one real device, as it would without it.
    clock.lag(1000);
    const laptop = (await redeem((await link(ann.token)).code)).data.redeemDeviceLink.token;
    const after = ((await me(laptop)).data.me.devices as { id: string }[]).map((d) => d.id);
    expect(after).toHaveLength(MAX_DEVICES + 1);
    expect(after).toContain('legacy');
    real.splice(0, real.length, ...after.filter((id) => id !== 'legacy').sort());

    const revoked = await server.gql('mutation($id: ID!) { revokeDevice(id: $id) }', { id: 'legacy' }, laptop);
    expect(revoked.data.revokeDevice).toBe(true);
    for (const token of [legacy, other, renewed]) expect((await me(token)).errors?.[0]?.message).toMatch(/signed out/);
    expect(((await me(laptop)).data.me.devices as { id: string }[]).map((d) => d.id).sort()).toEqual(real);
    expect((await server.gql('mutation($id: ID!) { revokeDevice(id: $id) }', { id: 'legacy' }, laptop)).data.revokeDevice).toBe(false);
  });
});

describe('external identity providers', () => {
  it("refuse another issuer's tokens while no OIDC_ISSUER is set", async () => {
    const { generateKeyPair, SignJWT } = await import('jose');
    const token = await new SignJWT({ sub: 'user-1' }).setProtectedHeader({ alg: 'RS256' }).setIssuer('https://idp.example/pool').setExpirationTime('1h').sign((await generateKeyPair('RS256')).privateKey);
    expect((await me(token)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});
