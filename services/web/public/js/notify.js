/**
 * Asks once, at the player's first game, whether to be notified of their turn; on yes, the
 * browser's push subscription (for the server's VAPID key) goes to addPushSubscription, and
 * sw.js shows what arrives. The answer is remembered, so the question never comes back.
 */
import { gql } from './api.js';
import { h } from './dom.js';
import { store } from './seats.js';

const ASKED = 'parlor.notify-asked';
const WORDS = {
  en: { ask: 'Be notified when it is your turn?', yes: 'Notify me', no: 'No, thanks', on: 'Notifications are on.', failed: 'Notifications could not be turned on' },
  fa: { ask: 'وقتی نوبت شماست باخبر شوید؟', yes: 'باخبرم کن', no: 'نه، ممنون', on: 'اعلان‌ها روشن شد.', failed: 'اعلان‌ها روشن نشد' },
};
const t = (k) => (WORDS[store.lang] ?? WORDS.en)[k];

/** Offers notifications above the table of a game this browser's player holds a seat in, once. */
export function offerNotifications(root, app, gameId) {
  const player = store.player;
  if (!player || !store.seatIn(gameId) || localStorage.getItem(ASKED) || document.querySelector('.notify-offer')) return;
  if (!app.mutations.has('addPushSubscription') || !('serviceWorker' in navigator) || !('PushManager' in window)) return;
  const answer = (yes) => async () => {
    localStorage.setItem(ASKED, yes ? 'yes' : 'no');
    if (!yes) return offer.remove();
    try {
      await subscribe(player.token);
      offer.replaceChildren(t('on'));
    } catch (e) {
      offer.replaceChildren(`${t('failed')}: ${e.message ?? e}`);
    }
  };
  const offer = h('div.banner.notify-offer', { role: 'dialog', 'aria-label': t('ask') }, t('ask'), ' ', h('button', { id: 'notify-yes', onclick: answer(true) }, t('yes')), ' ', h('button.link', { id: 'notify-no', onclick: answer(false) }, t('no')));
  root.before(offer); // outside the table, which redraws itself
}

async function subscribe(token) {
  if ((await Notification.requestPermission()) !== 'granted') throw new Error('permission denied');
  const registration = await navigator.serviceWorker.register('/sw.js');
  await navigator.serviceWorker.ready;
  const key = (await gql('{ pushPublicKey }')).pushPublicKey;
  const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  const { endpoint, keys } = subscription.toJSON();
  await gql('mutation($e: String!, $p: String!, $a: String!) { addPushSubscription(endpoint: $e, p256dh: $p, auth: $a) { id } }', { e: endpoint, p: keys.p256dh, a: keys.auth }, token);
}
