/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * Web Push in Chromium. At the player's first game the page asks, once, whether to notify; on
 * yes it registers its service worker, subscribes with the server's VAPID key and hands the
 * subscription to addPushSubscription; the server's push for the player's turn reaches a push
 * stand-in on loopback and decrypts with the subscription's keys; the service worker shows it.
 *
 * What Chromium cannot do offline: its pushManager.subscribe registers with Google's push
 * service (FCM) and fails here ("Registration failed"). So the test stands in for that one
 * call: PushManager.prototype.subscribe returns a subscription whose endpoint is the loopback
 * stand-in and whose keys the test holds, after checking it was asked for the server's key.
 * The push event is then delivered to the real service worker over the DevTools protocol
 * (ServiceWorker.deliverPushMessage), with the plaintext the test decrypted.
 */
import { describe, expect, it } from 'vitest';
import { registerPlayer } from '../kit/players.js';
import { pushSubscriber } from '../kit/push-subscriber.js';
import { useServer } from '../kit/server.js';
import { until, useReceiver } from '../kit/webhook-receiver.js';
import { player, problems, ready, useBrowser } from './browser.js';

const server = useServer({ notifications: { privateAddresses: true } });
const pushService = useReceiver(() => 201);
const chrome = useBrowser({ full: true }); // the headless shell shows no notifications

describe('notifications in the page', () => {
  it('asks once at the first game; yes subscribes with the server’s VAPID key, and the turn’s push shows as "Your turn in SCOUT vs Bob"', async () => {
    const keys = pushSubscriber();
    const endpoint = `${pushService.url}/ann`;
    const page = await player(chrome.browser, server.url, 'Ann', 'en', async (context) => {
      await context.grantPermissions(['notifications'], { origin: server.url });
      await context.addInitScript(
        ({ endpoint, p256dh, auth }) => {
          PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
            (window as unknown as { askedKey: unknown }).askedKey = options?.applicationServerKey;
            return { endpoint, toJSON: () => ({ endpoint, keys: { p256dh, auth } }) } as unknown as PushSubscription;
          };
        },
        { endpoint, p256dh: keys.p256dh, auth: keys.auth },
      );
    });
    const form = page.locator('article.game-type[data-type="scout"]');
    await form.locator('form summary').click();
    await form.locator('button[type=submit]').click();
    await page.waitForSelector('section.table');
    const gameId = /#\/game\/([\w-]+)/.exec(page.url())![1]!;

    await page.click('#notify-yes');
    await page.waitForSelector('.notify-offer:has-text("Notifications are on")');
    expect(await page.evaluate(() => (window as unknown as { askedKey: unknown }).askedKey)).toBe((await server.gql('{ pushPublicKey }')).data.pushPublicKey);
    const worker = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
    expect(worker).toBe(`${server.url}/sw.js`);
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('parlor.v1')!).player.token as string);
    expect((await server.gql('{ me { pushSubscriptions { endpoint } } }', {}, token)).data.me.pushSubscriptions).toEqual([{ endpoint }]);

    // Bob joins: the game starts, awaiting Ann; her push reaches the stand-in, for her keys only.
    const bob = await registerPlayer(server, 'Bob');
    await server.gql('mutation($id: ID!) { joinGame(gameId: $id, name: "Bob") { seat } }', { id: gameId }, bob.token);
    await until(() => pushService.received.some((r) => r.path === '/hook/ann'));
    const plaintext = keys.decrypt(pushService.received.find((r) => r.path === '/hook/ann')!.raw);
    expect(JSON.parse(plaintext)).toMatchObject({ title: 'Your turn in SCOUT vs Bob', url: `#/game/${gameId}` });

    // The service worker shows it (the push event delivered as a push service would).
    const cdp = await page.context().newCDPSession(page);
    const registrations: string[] = [];
    cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => registrations.push(...e.registrations.filter((r) => r.scopeURL === `${server.url}/`).map((r) => r.registrationId)));
    const versions: string[] = []; // what a failure is read by: the worker's states as DevTools saw them
    cdp.on('ServiceWorker.workerVersionUpdated', (e) => versions.push(...e.versions.map((v) => `${v.registrationId}:${v.status}/${v.runningStatus}`)));
    await cdp.send('ServiceWorker.enable');
    await until(() => registrations.length > 0);
    const shown = async () => page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, tag: n.tag, url: n.data?.url })));
    // Delivered again when not shown within 5 s: DevTools' delivery was once lost on a loaded CI machine (the push had
    // reached the stand-in; the worker showed nothing in 10 s). Its tag keeps a repeat to one notification, and a
    // worker that shows nothing fails all three.
    for (let tries = 1; ; tries++) {
      await cdp.send('ServiceWorker.deliverPushMessage', { origin: server.url, registrationId: registrations[0]!, data: plaintext });
      const seen = await until(async () => (await shown()).length > 0, 5_000).then(() => true, () => false);
      if (seen) break;
      if (tries === 3) throw new Error(`no notification shown after 3 deliveries; registrations ${registrations.join()}, versions ${versions.join(' ')}`);
    }
    expect(await shown()).toEqual([{ title: 'Your turn in SCOUT vs Bob', tag: `game:${gameId}`, url: `#/game/${gameId}` }]);

    // Asked once: the question does not come back.
    await page.reload();
    await ready(page);
    await page.waitForSelector('section.table');
    expect(await page.$('.notify-offer')).toBeNull();
    expect(problems(page)).toEqual([]);
  });
});
