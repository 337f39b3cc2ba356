/**
 * Notifications: the offer above a player's first table, and the push channel the Account page's
 * settings use. On yes, the browser's push subscription (for the server's VAPID key) goes to
 * addPushSubscription, and sw.js shows what arrives. Only an answer given stays answered: "No,
 * thanks" or a success. A failure (the browser's prompt dismissed, no push service) says why and
 * offers "Try again" and the settings on Account, so push can always be turned on later.
 * The offer is the first thing in the page (one Tab reaches it; Escape dismisses it).
 */
import { gql } from './api.js';
import { h } from './dom.js';
import { store } from './seats.js';

const ASKED = 'parlor.notify-asked';
const WORDS = {
  en: { ask: 'Be notified when it is your turn?', yes: 'Notify me', no: 'No, thanks', on: 'Notifications are on.', failed: 'Notifications could not be turned on', retry: 'Try again', settings: 'Notification settings', denied: 'the browser refused permission (allow notifications for this site, then try again)', unsupported: 'this browser cannot receive push notifications' },
  fa: { ask: 'وقتی نوبت شماست باخبر شوید؟', yes: 'باخبرم کن', no: 'نه، ممنون', on: 'اعلان‌ها روشن شد.', failed: 'اعلان‌ها روشن نشد', retry: 'دوباره امتحان کن', settings: 'تنظیمات اعلان', denied: 'مرورگر اجازه نداد (اعلان را برای این سایت مجاز کنید و دوباره امتحان کنید)', unsupported: 'این مرورگر اعلان فشاری نمی‌گیرد' },
};
export const nt = (k) => (WORDS[store.lang] ?? WORDS.en)[k];

/** Whether this browser can hold a push subscription at all. */
export const pushSupported = () => 'serviceWorker' in navigator && 'PushManager' in window;

/** Why a subscription failed, in the page's language (the browser's own message is English). */
export function pushFailure(e) {
  if (e?.code === 'PERMISSION') return nt('denied');
  if (e?.code === 'UNSUPPORTED') return nt('unsupported');
  return store.lang === 'fa' ? 'سرویس اعلان مرورگر در دسترس نیست' : String(e?.message ?? e);
}

/** Offers notifications above the table of a game this browser's player holds a seat in, until answered. */
export function offerNotifications(root, app, gameId) {
  const player = store.player;
  if (!player || !store.seatIn(gameId) || localStorage.getItem(ASKED) || document.querySelector('.notify-offer')) return;
  if (!app.mutations.has('addPushSubscription') || !pushSupported()) return;
  const dismiss = () => {
    localStorage.setItem(ASKED, 'no');
    removeEventListener('keydown', onKey);
    offer.remove();
  };
  const onKey = (e) => e.key === 'Escape' && offer.isConnected && !document.querySelector('dialog[open]') && dismiss();
  const tryIt = async () => {
    try {
      await subscribe(player.token);
      localStorage.setItem(ASKED, 'yes');
      removeEventListener('keydown', onKey);
      offer.replaceChildren(nt('on'));
    } catch (e) {
      // Not remembered: the offer stays (and comes back after a reload) until answered.
      const again = h('button', { id: 'notify-retry', onclick: tryIt }, nt('retry'));
      offer.replaceChildren(h('span', {}, `${nt('failed')}: ${pushFailure(e)}`), ' ', again, ' ', h('a.link', { href: '#/account' }, nt('settings')), ' ', h('button.link', { id: 'notify-no', onclick: dismiss }, nt('no')));
      again.focus();
    }
  };
  const offer = h('div.banner.notify-offer', { role: 'region', 'aria-label': nt('ask') }, h('span', {}, nt('ask')), ' ', h('button', { id: 'notify-yes', onclick: tryIt }, nt('yes')), ' ', h('button.link', { id: 'notify-no', onclick: dismiss }, nt('no')));
  addEventListener('keydown', onKey);
  document.body.prepend(offer); // first in the page: the first Tab reaches it; outside the table, which redraws itself
}

/** Subscribes this browser and hands the subscription to the server; throws with `code` PERMISSION or UNSUPPORTED. */
export async function subscribe(token) {
  if (!pushSupported()) throw Object.assign(new Error('unsupported'), { code: 'UNSUPPORTED' });
  if ((await Notification.requestPermission()) !== 'granted') throw Object.assign(new Error('permission denied'), { code: 'PERMISSION' });
  const registration = await navigator.serviceWorker.register('/sw.js');
  await navigator.serviceWorker.ready;
  const key = (await gql('{ pushPublicKey }')).pushPublicKey;
  const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  const { endpoint, keys } = subscription.toJSON();
  await gql('mutation($e: String!, $p: String!, $a: String!) { addPushSubscription(endpoint: $e, p256dh: $p, auth: $a) { id } }', { e: endpoint, p: keys.p256dh, a: keys.auth }, token);
  localStorage.setItem(ENDPOINT, endpoint);
  return endpoint;
}

const ENDPOINT = 'parlor.push-endpoint'; // which of the player's subscriptions is this browser's

/** This browser's push endpoint, if it holds a subscription. */
export async function currentEndpoint() {
  if (!pushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration('/sw.js');
  return (await registration?.pushManager.getSubscription().catch(() => null))?.endpoint ?? localStorage.getItem(ENDPOINT);
}
