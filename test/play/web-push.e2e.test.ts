/**
 * Web Push end to end: a push-service stand-in on loopback (a real HTTP server) receives what
 * the server sends; the test decrypts it with the subscription's own keys (RFC 8291) and checks
 * the VAPID signature (RFC 8292). Subscriptions are bounded, and the ones the push service says
 * are gone (404, 410) are dropped.
 */
import { describe, expect, it } from 'vitest';
import { createAndJoin, registerPlayer, type Registered } from '../kit/players.js';
import { pushSubscriber, verifyVapid } from '../kit/push-subscriber.js';
import { useServer } from '../kit/server.js';
import { until, useReceiver } from '../kit/webhook-receiver.js';
import { MAX_PUSH_SUBSCRIPTIONS } from '../../services/notifications/push/subscriptions.js';

// The stand-in is on loopback and speaks http: allowed here, as WEBHOOK_PRIVATE_ADDRESSES=allow does locally.
const server = useServer({ notifications: { privateAddresses: true } });
const guarded = useServer(); // the default: https push services only
const pushService = useReceiver(() => 201);
const gone = useReceiver(() => 410);
const unknown = useReceiver(() => 404);

const subscribe = async (player: Registered, endpoint: string, keys = pushSubscriber()) => {
  const r = await server.gql('mutation($e: String!, $p: String!, $a: String!) { addPushSubscription(endpoint: $e, p256dh: $p, auth: $a) { id endpoint createdAt } }', { e: endpoint, p: keys.p256dh, a: keys.auth }, player.token);
  expect(r.errors).toBeUndefined();
  return { ...r.data.addPushSubscription, keys };
};
const subscriptions = async (player: Registered) => (await server.gql('{ me { pushSubscriptions { id endpoint } } }', {}, player.token)).data.me.pushSubscriptions as { id: string; endpoint: string }[];

describe('Web Push', () => {
  it('sends "Your turn in SCOUT vs Ann" encrypted for the subscription (RFC 8291) and signed with the server’s VAPID key; it opens the game and says nothing else', async () => {
    const [bob, ann] = [await registerPlayer(server, 'Bob'), await registerPlayer(server, 'Ann')];
    const endpoint = `${pushService.url}/bob`;
    const sub = await subscribe(bob, endpoint);
    const id = await createAndJoin(server, { game: 'scout', seats: 2 }, [bob, ann]);
    await until(() => pushService.received.some((r) => r.path === '/hook/bob'));
    const request = pushService.received.find((r) => r.path === '/hook/bob')!;
    expect(request.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(request.headers.ttl)).toBeGreaterThan(0);
    const message = JSON.parse(sub.keys.decrypt(request.raw));
    expect(message).toEqual({ title: 'Your turn in SCOUT vs Ann', body: 'Open the game', url: `#/game/${id}`, tag: `game:${id}` });
    // Another browser's keys cannot read it.
    expect(() => pushSubscriber().decrypt(request.raw)).toThrow();
    const publicKey = (await server.gql('{ pushPublicKey }')).data.pushPublicKey;
    expect((await server.rest('GET', '/v1/push/public-key')).body).toEqual({ publicKey });
    const claims = await verifyVapid(request.headers.authorization, publicKey, endpoint);
    expect(claims.exp! * 1000).toBeGreaterThan(Date.now());
  });

  it('drops a subscription the push service says is gone (410) or unknown (404), and keeps the live one', async () => {
    const [cy, dee] = [await registerPlayer(server, 'Cy'), await registerPlayer(server, 'Dee')];
    await subscribe(cy, `${gone.url}/cy`);
    await subscribe(cy, `${unknown.url}/cy`);
    await subscribe(cy, `${pushService.url}/cy`);
    expect(await subscriptions(cy)).toHaveLength(3);
    await createAndJoin(server, { game: 'scout', seats: 2 }, [cy, dee]);
    await until(async () => (await subscriptions(cy)).length === 1);
    expect((await subscriptions(cy)).map((s) => s.endpoint)).toEqual([`${pushService.url}/cy`]);
    expect(gone.received.length).toBeGreaterThan(0);
    expect(unknown.received.length).toBeGreaterThan(0);
  });

  it(`keeps at most ${MAX_PUSH_SUBSCRIPTIONS} subscriptions a player: a newer one replaces the oldest, the same endpoint replaces itself`, async () => {
    const eve = await registerPlayer(server, 'Eve');
    const first = await subscribe(eve, `${pushService.url}/eve/0`);
    for (let i = 1; i <= MAX_PUSH_SUBSCRIPTIONS; i++) {
      await new Promise((r) => setTimeout(r, 2)); // distinct createdAt: "oldest" is well defined
      await subscribe(eve, `${pushService.url}/eve/${i}`);
    }
    const held = await subscriptions(eve);
    expect(held).toHaveLength(MAX_PUSH_SUBSCRIPTIONS);
    expect(held.map((s) => s.id)).not.toContain(first.id);
    await subscribe(eve, `${pushService.url}/eve/3`);
    expect(await subscriptions(eve)).toHaveLength(MAX_PUSH_SUBSCRIPTIONS);
    const removed = await server.rest('DELETE', `/v1/me/push-subscriptions/${held[0]!.id}`, undefined, eve.token);
    expect(removed.body).toEqual({ removed: true });
    expect((await server.gql('mutation($id: ID!) { removePushSubscription(id: $id) }', { id: held[0]!.id }, eve.token)).data.removePushSubscription).toBe(false);
  });

  it('refuses a bad subscription with BAD_INPUT and stores nothing: not https (by default), not a P-256 key, not a 16-byte secret; and needs a player', async () => {
    const fay = await registerPlayer(guarded, 'Fay');
    const keys = pushSubscriber();
    const add = (server_: typeof server, e: string, p: string, a: string, token?: string) =>
      server_.gql('mutation($e: String!, $p: String!, $a: String!) { addPushSubscription(endpoint: $e, p256dh: $p, auth: $a) { id } }', { e, p, a }, token);
    for (const [e, p, a] of [
      ['http://push.example.org/x', keys.p256dh, keys.auth],
      ['https://push.example.org/x', 'short', keys.auth],
      ['https://push.example.org/x', keys.p256dh, 'AAAA'],
      ['not a url', keys.p256dh, keys.auth],
    ]) expect((await add(guarded, e!, p!, a!, fay.token)).errors?.[0]?.extensions?.code).toBe('BAD_INPUT');
    expect((await guarded.gql('{ me { pushSubscriptions { id } } }', {}, fay.token)).data.me.pushSubscriptions).toEqual([]);
    expect((await add(guarded, 'https://push.example.org/x', keys.p256dh, keys.auth)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    // A public address (an IP literal: the test needs no DNS) is accepted.
    const rest = await guarded.rest('POST', '/v1/me/push-subscriptions', { endpoint: 'https://1.1.1.1/x', p256dh: keys.p256dh, auth: keys.auth }, fay.token);
    expect(rest.status).toBe(201);
    expect(Object.keys(rest.body).sort()).toEqual(['createdAt', 'endpoint', 'id']); // the keys are not shown again
  });

  it('refuses at add, with ADDRESS_NOT_ALLOWED, an endpoint on loopback, private, link-local or reserved addresses however spelled (the deliveries\' SSRF rule), and stores none', async () => {
    const gil = await registerPlayer(guarded, 'Gil');
    const keys = pushSubscriber();
    const endpoints = ['https://127.0.0.1/p', 'https://localhost/p', 'https://[::1]/p', 'https://[::ffff:127.0.0.1]/p', 'https://2130706433/p', 'https://0x7f000001/p', 'https://127.1/p', 'https://0/p', 'https://169.254.169.254/latest/meta-data/', 'https://10.0.0.1/p', 'https://192.168.1.1:8443/p', 'https://[fd00::1]/p', 'https://100.64.0.1/p'];
    for (const e of endpoints) {
      const r = await guarded.gql('mutation($e: String!, $p: String!, $a: String!) { addPushSubscription(endpoint: $e, p256dh: $p, auth: $a) { id } }', { e, p: keys.p256dh, a: keys.auth }, gil.token);
      expect(r.errors?.[0]?.extensions?.code, e).toBe('ADDRESS_NOT_ALLOWED');
    }
    const rest = await guarded.rest('POST', '/v1/me/push-subscriptions', { endpoint: 'https://127.0.0.1/p', p256dh: keys.p256dh, auth: keys.auth }, gil.token);
    expect([rest.status, rest.body.error.code]).toEqual([400, 'ADDRESS_NOT_ALLOWED']);
    expect((await guarded.gql('{ me { pushSubscriptions { id } } }', {}, gil.token)).data.me.pushSubscriptions).toEqual([]);
  });
});
