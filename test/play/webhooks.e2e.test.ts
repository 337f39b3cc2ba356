/**
 * Webhooks end to end: a real receiver on loopback verifies every Standard Webhooks signature;
 * a failing receiver gets retries with backoff under the same delivery id; one that keeps
 * failing is disabled and the player sees it.
 */
import { describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { highCard } from '../kit/high-card.js';
import { ManualClock } from '../kit/manual-clock.js';
import { createAndJoin, registerPlayer } from '../kit/players.js';
import { useServer } from '../kit/server.js';
import { until, useReceiver } from '../kit/webhook-receiver.js';

const BACKOFF = [100, 200, 400];
// No polling: enqueued and retried deliveries go on their own. The receivers are on loopback: allowed here.
const server = useServer({ webhooks: { backoff: BACKOFF, maxFailures: 4, privateAddresses: true } });
const impatient = useServer({ webhooks: { backoff: [50], maxFailures: 1, timeoutMs: 300, privateAddresses: true } });
const guarded = useServer({ webhooks: { backoff: [50], maxFailures: 2 } }); // the default: public addresses only
// Deadlines on a clock the test moves, in a game the bots finish in two moves: nothing is waited for.
const clock = new ManualClock();
const timed = useServer({ games: [highCard], clock, webhooks: { privateAddresses: true } });
const good = useReceiver();
const flaky = useReceiver((n) => (n < 2 ? 500 : 200));
const broken = useReceiver(() => 503);
const events = useReceiver();
const internal = useReceiver();
const silent = useReceiver(() => null);

const addHook = async (token: string, url: string, events?: string[]) =>
  (await server.gql('mutation($u: String!, $e: [WebhookEvent!]) { addWebhook(url: $u, events: $e) { id url events secret } }', { u: url, e: events }, token)).data.addWebhook;

describe('webhooks', () => {
  it('never reach private or reserved addresses by default (SSRF), by address or by a name resolving to one', async () => {
    const [ivy, jo] = [await registerPlayer(guarded, 'Ivy'), await registerPlayer(guarded, 'Jo')];
    const byName = internal.url.replace('127.0.0.1', 'localhost');
    for (const url of [internal.url, byName]) {
      const added = await guarded.gql('mutation($u: String!) { addWebhook(url: $u, events: [YOUR_TURN]) { id } }', { u: url }, ivy.token);
      expect(added.errors).toBeUndefined();
    }
    await createAndJoin(guarded, { game: 'scout', seats: 2 }, [ivy, jo]);
    const hooks = async () => (await guarded.gql('query { me { webhooks { url failures lastError } } }', {}, ivy.token)).data.me.webhooks;
    await until(async () => (await hooks()).every((h: any) => h.failures >= 2));
    expect(await hooks()).toEqual(expect.arrayContaining([internal.url, byName].map((url) => ({ url, failures: 2, lastError: 'address not allowed (private or reserved)' }))));
    expect(internal.received).toEqual([]);
  });

  it('gives up an attempt the receiver never answers after the timeout, and says so', async () => {
    const [kim, lu] = [await registerPlayer(impatient, 'Kim'), await registerPlayer(impatient, 'Lu')];
    await impatient.gql('mutation($u: String!) { addWebhook(url: $u, events: [YOUR_TURN]) { id } }', { u: silent.url }, kim.token);
    await createAndJoin(impatient, { game: 'scout', seats: 2 }, [kim, lu]);
    const hooks = async () => (await impatient.gql('query { me { webhooks { failures disabled lastError } } }', {}, kim.token)).data.me.webhooks;
    await until(async () => (await hooks())[0].failures >= 1, 5000);
    expect(await hooks()).toEqual([{ failures: 1, disabled: true, lastError: 'timed out' }]);
    expect(silent.received).toHaveLength(1);
  });

  it('delivers signed YOUR_TURN notices whose body carries no hidden information', async () => {
    const [ann, bob] = [await registerPlayer(server, 'Ann'), await registerPlayer(server, 'Bob')];
    const hook = await addHook(ann.token, good.url, ['YOUR_TURN']);
    expect(hook.secret).toMatch(/^whsec_/);
    const id = await createAndJoin(server, { game: 'scout', seats: 2, timeControl: { perMove: 'P1D' } }, [ann, bob]);
    await until(() => good.received.some((r) => JSON.parse(r.body).gameId === id));
    const verifier = new Webhook(hook.secret);
    for (const r of good.received) {
      expect(() => verifier.verify(r.body, r.headers as Record<string, string>)).not.toThrow();
      expect(() => new Webhook('whsec_' + Buffer.from('another secret of enough length').toString('base64')).verify(r.body, r.headers as Record<string, string>)).toThrow();
    }
    const body = JSON.parse(good.received.find((r) => JSON.parse(r.body).gameId === id)!.body);
    expect(Object.keys(body).sort()).toEqual(['deadline', 'game', 'gameId', 'reason', 'result', 'seat', 'seats', 'toMove', 'type', 'url', 'version']);
    expect(body).toMatchObject({ type: 'YOUR_TURN', gameId: id, seat: 0 });
    expect(Date.parse(body.deadline)).toBeGreaterThan(Date.now());
  });

  it('retries a failing receiver with backoff, always under the same delivery id, until it answers', async () => {
    const [cy, dan] = [await registerPlayer(server, 'Cy'), await registerPlayer(server, 'Dan')];
    await addHook(cy.token, flaky.url, ['YOUR_TURN']);
    await createAndJoin(server, { game: 'scout', seats: 2 }, [cy, dan]);
    await until(() => flaky.received.length >= 3);
    await new Promise((r) => setTimeout(r, 300));
    expect(flaky.received).toHaveLength(3); // two failures, then delivered: no more
    expect(new Set(flaky.received.map((r) => r.headers['webhook-id'])).size).toBe(1);
    const gaps = flaky.received.slice(1).map((r, i) => r.at - flaky.received[i]!.at);
    expect(gaps[0]).toBeGreaterThanOrEqual(BACKOFF[0]! - 5);
    expect(gaps[1]).toBeGreaterThanOrEqual(BACKOFF[1]! - 5);
    const me = await server.gql('query { me { webhooks { failures disabled } } }', {}, cy.token);
    expect(me.data.me.webhooks).toEqual([{ failures: 0, disabled: false }]);
  });

  it('disables a receiver that keeps failing and reports it on the player', async () => {
    const [eve, fay] = [await registerPlayer(server, 'Eve'), await registerPlayer(server, 'Fay')];
    await addHook(eve.token, broken.url);
    await createAndJoin(server, { game: 'scout', seats: 2 }, [eve, fay]);
    await until(() => broken.received.length >= 4);
    await new Promise((r) => setTimeout(r, 500));
    expect(broken.received).toHaveLength(4);
    const me = await server.gql('query { me { webhooks { failures disabled lastError } } }', {}, eve.token);
    expect(me.data.me.webhooks).toEqual([{ failures: 4, disabled: true, lastError: 'HTTP 503' }]);
  });

  it('sends DEADLINE_WARNING with a quarter of the time left, and GAME_OVER when the game ends', async () => {
    const hal = await registerPlayer(timed, 'Hal');
    await timed.gql('mutation($u: String!, $e: [WebhookEvent!]) { addWebhook(url: $u, events: $e) { id } }', { u: events.url, e: ['DEADLINE_WARNING', 'GAME_OVER'] }, hal.token);
    const id = await createAndJoin(timed, { game: 'high-card', seats: 2, bots: [{ seat: 0, kind: 'random' }], timeControl: { perMove: 'PT4S' } }, [hal]);
    const ofGame = (type: string) => events.received.map((r) => JSON.parse(r.body)).filter((b) => b.gameId === id && b.type === type);
    // Everything enqueued by now has been attempted (the receiver records a delivery as it arrives).
    const delivered = async () => (await timed.play.settle(), await timed.play.dispatcher.sendDue(), await timed.play.dispatcher.idle());
    await delivered();
    clock.advance(2_999); // 1 ms more than a quarter left: no warning yet
    await delivered();
    expect(ofGame('DEADLINE_WARNING')).toEqual([]);
    clock.advance(1);
    await timed.play.settle();
    await until(() => ofGame('DEADLINE_WARNING').length > 0, 8000);
    expect(ofGame('DEADLINE_WARNING')[0]).toMatchObject({ seat: 1 });
    await timed.gql('mutation($id: ID!) { resign(gameId: $id) { version } }', { id }, hal.token); // the bots play it out
    await timed.play.settle();
    await until(() => ofGame('GAME_OVER').length === 1, 30_000);
    expect(ofGame('GAME_OVER')[0]).toMatchObject({ seat: 1, deadline: null });
    expect(ofGame('YOUR_TURN')).toEqual([]); // not asked for
  });

  it('refuses bad urls and events with BAD_INPUT, and webhooks without a player token', async () => {
    const gil = await registerPlayer(server, 'Gil');
    for (const url of ['not a url', 'ftp://127.0.0.1/x', 'http://user:pw@127.0.0.1/x']) {
      const r = await server.gql('mutation($u: String!) { addWebhook(url: $u) { id } }', { u: url }, gil.token);
      expect(r.errors?.[0]?.extensions?.code, url).toBe('BAD_INPUT');
    }
    const anon = await server.gql('mutation { addWebhook(url: "http://127.0.0.1/x") { id } }');
    expect(anon.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const rest = await server.rest('POST', '/v1/me/webhooks', { url: good.url, events: ['GAME_OVER'] }, gil.token);
    expect(rest.status).toBe(201);
    expect((await server.rest('DELETE', `/v1/me/webhooks/${rest.body.id}`, undefined, gil.token)).body).toEqual({ removed: true });
  });
});
