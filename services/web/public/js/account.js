/**
 * The account page (#/account): one account on every device. Sign in with a passkey or a code
 * from another device; signed in: add a passkey, show a code for another device, list the
 * devices and sign any of them out. Passkey ceremonies run in the browser through
 * @simplewebauthn/browser (served from node_modules; it defines window.SimpleWebAuthnBrowser).
 */
import { errorText } from './errors.js';
import { gql, rest } from './api.js';
import { clear, h } from './dom.js';
import { lang, t } from './i18n.js';
import { store } from './seats.js';

let loading;
/** @simplewebauthn/browser, loaded when the account page first opens: the lobby does not pay for it. */
function webauthn() {
  loading ??= new Promise((resolve, reject) => {
    const script = h('script', { src: '/vendor/simplewebauthn-browser.js', onload: () => resolve(globalThis.SimpleWebAuthnBrowser), onerror: reject });
    document.head.append(script);
  });
  return loading;
}

export async function account(root) {
  webauthn().catch(() => {});
  const status = h('p.error', { role: 'alert', id: 'account-error' });
  const body = h('div.account-body');
  const section = h('section.account', {}, h('h2', {}, t('account')), ipNote(), status, body);
  const fail = (e) => (status.textContent = errorText(e));
  const act = (work) => async (e) => {
    e?.preventDefault?.();
    status.textContent = '';
    try {
      await work();
    } catch (err) {
      fail(err);
    }
  };
  const signedIn = (auth) => {
    store.player = { id: auth.player.id, name: auth.player.name, token: auth.token };
    if (auth.player.name) store.name = auth.player.name;
    return draw();
  };
  const draw = async () => {
    if (store.player) {
      try {
        return clear(body, await mine(act, draw));
      } catch (e) {
        if (e.code !== 'UNAUTHENTICATED') throw e;
        store.player = null; // this device was signed out (here or from another device): start again
      }
    }
    clear(body, signIn(act, signedIn));
  };
  clear(root, section);
  await draw();
}

/**
 * Passkeys are bound to a domain: on an IP address (http://127.0.0.1:3000) the browser refuses
 * them, so the page says where they work, the same server on http://localhost:PORT.
 */
function ipNote() {
  const host = location.hostname;
  if (!/^\d+\.\d+\.\d+\.\d+$/.test(host) && !host.includes(':') && !host.startsWith('[')) return null;
  const local = /^127\.|^\[?::1\]?$/.test(host) ? `${location.protocol}//localhost${location.port ? `:${location.port}` : ''}/#/account` : null;
  return h('p.note.ip-note', { role: 'note' }, t('passkeyNeedsDomain'), ' ', local ? h('a', { href: local }, local) : null);
}

/** Not signed in: a passkey, a code from a signed-in device, or a new account. */
function signIn(act, signedIn) {
  const code = h('input', { id: 'link-code', placeholder: 'XXXX-XXXX', maxlength: 12, autocomplete: 'one-time-code', 'aria-label': t('linkCode') });
  return [
    h('p.muted', {}, t('notSignedIn')),
    h('div.account-row', {}, h('button.primary', { id: 'passkey-sign-in', onclick: act(async () => {
      const optionsJSON = await rest('POST', '/v1/passkeys/authentication/options');
      const response = await (await webauthn()).startAuthentication({ optionsJSON });
      await signedIn(await rest('POST', '/v1/passkeys/authentication', { response }));
    }) }, t('signInPasskey'))),
    h('form.account-row', { id: 'link-form', onsubmit: act(async () => signedIn((await gql('mutation($c: String!) { redeemDeviceLink(code: $c) { player { id name } token } }', { c: code.value })).redeemDeviceLink)) },
      h('label', { for: 'link-code' }, t('linkCode')), code, h('button', { type: 'submit' }, t('signIn'))),
    h('div.account-row', {}, h('button', { id: 'new-account', onclick: act(async () => {
      const name = store.name.trim() || 'Player';
      await signedIn((await gql('mutation($n: String!) { registerPlayer(name: $n) { player { id name } token } }', { n: name })).registerPlayer);
    }) }, t('newAccount'))),
  ];
}

/** Whether the server offers notification settings (found by introspection, once). */
let available;
function notificationsAvailable() {
  available ??= gql('{ __type(name: "Mutation") { fields { name } } }').then((d) => d.__type.fields.some((f) => f.name === 'setNotificationSettings')).catch(() => false);
  return available;
}

/** Signed in: passkeys, a device link code, the devices, the notification settings. */
async function mine(act, draw) {
  const token = store.player.token;
  const data = await gql('{ me { id name devices { id label via lastSeenAt current } } }', {}, token);
  const shown = h('p.link-code', { id: 'shown-code', 'aria-live': 'polite' });
  const signOut = async () => {
    await gql('mutation { signOut }', {}, token).catch(() => {});
    store.player = null;
    await draw();
  };
  return [
    h('p', {}, t('signedInAs'), ' ', h('strong', {}, data.me.name)),
    h('div.account-row', {}, h('button', { id: 'add-passkey', onclick: act(async () => {
      const optionsJSON = await rest('POST', '/v1/passkeys/registration/options', undefined, token);
      const response = await (await webauthn()).startRegistration({ optionsJSON });
      await rest('POST', '/v1/passkeys/registration', { response }, token);
      shown.textContent = t('passkeyAdded');
    }) }, t('addPasskey')),
    h('button', { id: 'show-code', onclick: act(async () => {
      const { code, expiresAt } = (await gql('mutation { createDeviceLink { code expiresAt } }', {}, token)).createDeviceLink;
      clear(shown, t('codeFor'), ' ', h('code.code', {}, code), ' ', h('span.muted', {}, `${t('validUntil')} ${new Date(expiresAt).toLocaleTimeString(lang() === 'fa' ? 'fa-IR' : 'en')}`));
    }) }, t('showCode'))),
    shown,
    h('h3', {}, t('devices')),
    h('ul.list.devices', {}, data.me.devices.map((d) => h('li', { dataset: { device: d.id } },
      h('span', {}, d.label), h('span.tag', {}, t(`via${d.via}`)), d.current ? h('span.tag.current', {}, t('thisDevice')) : null,
      h('span.muted', {}, new Date(d.lastSeenAt).toLocaleDateString(lang() === 'fa' ? 'fa-IR' : 'en')),
      h('button.link', { class: 'revoke', onclick: act(async () => (d.current ? signOut() : (await gql('mutation($id: ID!) { revokeDevice(id: $id) }', { id: d.id }, token), draw()))) }, d.current ? t('signOut') : t('revoke')),
    ))),
    h('div.account-row', {}, h('button', { id: 'sign-out', onclick: act(signOut) }, t('signOut'))),
    // Where the server has notifications (addPushSubscription in the schema).
    // Loaded here only: the lobby does not pay for it.
    (await notificationsAvailable()) ? await (await import('./notify-settings.js')).notificationSettings(token) : null,
  ];
}
