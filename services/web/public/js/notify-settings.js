/**
 * Account's notification settings, one row per channel: push on this browser (turn on, with
 * "Try again" after a failure, or off), the email digest's address, and the sound on my turn and
 * on low time (kept in this browser). Channels are NotificationSettings.channels on the server.
 */
import { gql } from './api.js';
import { h } from './dom.js';
import { t } from './i18n.js';
import { errorText } from './errors.js';
import { currentEndpoint, pushFailure, pushSupported, subscribe } from './notify.js';
import { store } from './seats.js';

const FIELDS = 'notificationSettings { channels email } pushSubscriptions { id endpoint }';

export async function notificationSettings(token) {
  const box = h('section.notify-settings', { 'aria-labelledby': 'notify-h' });
  const draw = async (message = null) => {
    const { me } = await gql(`{ me { ${FIELDS} } }`, {}, token);
    const channels = new Set(me.notificationSettings.channels);
    const endpoint = await currentEndpoint();
    const mine = me.pushSubscriptions.find((s) => s.endpoint === endpoint);
    const status = h('p.notify-status', { role: 'status', 'aria-live': 'polite' }, message ?? '');
    const setChannels = async (channel, on) => {
      const next = new Set(channels);
      on ? next.add(channel) : next.delete(channel);
      await gql('mutation($i: NotificationSettingsInput!) { setNotificationSettings(input: $i) { channels } }', { i: { channels: [...next] } }, token);
    };
    const act = (work, done) => async () => {
      try {
        await work();
        await draw(done);
      } catch (e) {
        await draw(null).then(() => failed(e, work, done));
      }
    };
    const failed = (e, work, done) => {
      const text = e?.code === 'PERMISSION' || e?.code === 'UNSUPPORTED' || !e?.code ? `${t('pushFailed')}: ${pushFailure(e)}` : errorText(e);
      const retry = h('button.retry', { id: 'push-retry', onclick: act(work, done) }, t('retry'));
      box.querySelector('.notify-status')?.replaceChildren(h('span.error', {}, text), ' ', retry);
      retry.focus();
    };
    const pushOn = Boolean(mine) && channels.has('PUSH');
    const turnOnPush = async () => {
      await subscribe(token);
      if (!channels.has('PUSH')) await setChannels('PUSH', true);
    };
    const turnOffPush = async () => {
      if (mine) await gql('mutation($id: ID!) { removePushSubscription(id: $id) }', { id: mine.id }, token);
    };
    const email = h('input', { id: 'notify-email', type: 'email', value: me.notificationSettings.email ?? '', autocomplete: 'email', dir: 'ltr', 'aria-label': t('emailAddress') });
    const saveEmail = async () => {
      await gql('mutation($a: String) { setEmail(address: $a) { email } }', { a: email.value.trim() || null }, token);
      if (email.value.trim() && !channels.has('EMAIL')) await setChannels('EMAIL', true);
    };
    box.replaceChildren(
      h('h3', { id: 'notify-h' }, t('notifications')),
      status,
      h('div.notify-row', { dataset: { channel: 'push' } },
        h('strong', {}, t('pushChannel')), ' ',
        h('span.tag', {}, pushOn ? t('onHere') : t('off')), ' ',
        pushSupported()
          ? pushOn
            ? h('button', { id: 'push-off', onclick: act(turnOffPush, t('pushOff')) }, t('turnOff'))
            : h('button.primary', { id: 'push-on', onclick: act(turnOnPush, t('pushOn')) }, t('turnOn'))
          : h('span.muted', {}, t('pushUnsupported'))),
      h('form.notify-row', { dataset: { channel: 'email' }, onsubmit: (e) => (e.preventDefault(), act(saveEmail, t('emailSaved'))()) },
        h('label', { for: 'notify-email' }, h('strong', {}, t('emailChannel'))), ' ', email, ' ', h('button', { id: 'email-save', type: 'submit' }, t('save')),
        h('small.muted', {}, ' ', t('emailHint'))),
      h('div.notify-row', { dataset: { channel: 'sound' } },
        h('label', {}, h('input', { id: 'sound-on', type: 'checkbox', checked: store.turnSound, onchange: (e) => (store.turnSound = e.target.checked) }), ' ', h('strong', {}, t('soundChannel')), ' ', h('small.muted', {}, t('soundHint')))),
    );
  };
  await draw();
  return box;
}
