/**
 * The create form's play-by-turn part: a time control (none, a preset, or one of the player's own
 * in minutes: per move, or a bank plus an increment) and what happens when a seat runs out of
 * time. `value()` is CreateGameInput's `timeControl` and `onTimeout`, or {} for no clock.
 */
import { h } from './dom.js';
import { lang, t } from './i18n.js';
import { digits } from './numerals.js';

const PRESETS = [
  ['none', 'noClock', null],
  ['PT2M', 'perMove2m', { perMove: 'PT2M' }],
  ['PT1H', 'perMove1h', { perMove: 'PT1H' }],
  ['P1D', 'perMove1d', { perMove: 'P1D' }],
  ['P3D', 'perMove3d', { perMove: 'P3D' }],
  ['P7D+P1D', 'bank7d1d', { bank: 'P7D', increment: 'P1D' }],
  ['P3D+PT12H', 'bank3d12h', { bank: 'P3D', increment: 'PT12H' }],
  ['custom', 'customClock', null],
];

export function timeForm() {
  const control = h('select', { name: 'time-control' }, PRESETS.map(([value, label]) => h('option', { value }, t(label))));
  const onTimeout = h('select', { name: 'on-timeout' }, ['BOT', 'FORFEIT', 'ASK'].map((a) => h('option', { value: a }, t(`onTimeout${a}`))));
  // Text, not type=number: the value shows in the page's digits, and Persian digits typed are read.
  const minutes = (name, value) => h('input.minutes', { type: 'text', name, value: digits(value, lang()), inputmode: 'numeric', maxlength: 5, size: 5 });
  const bank = minutes('bank-minutes', 0);
  const each = minutes('move-minutes', 5);
  const custom = h('div.custom-clock', { hidden: true }, h('label', {}, t('bankMinutes') + ' ', bank), h('label', {}, t('moveMinutes') + ' ', each));
  const timeoutRow = h('label.on-timeout', { hidden: true }, t('onTimeout') + ' ', onTimeout);
  control.addEventListener('change', () => {
    timeoutRow.hidden = control.value === 'none';
    custom.hidden = control.value !== 'custom';
  });
  return {
    element: h('div.time-form', {}, h('label.time-control', {}, t('timeControl') + ' ', control), custom, timeoutRow),
    value() {
      let preset = PRESETS.find(([v]) => v === control.value)?.[2];
      if (control.value === 'custom') {
        const b = Math.max(0, Math.round(latin(bank.value) || 0));
        const m = Math.max(1, Math.round(latin(each.value) || 1));
        preset = b ? { bank: `PT${b}M`, increment: `PT${m}M` } : { perMove: `PT${m}M` };
      }
      return preset ? { timeControl: preset, onTimeout: onTimeout.value } : {};
    },
  };
}

/** A number typed in either digits ("۱۲" or "12"). */
function latin(text) {
  return Number(String(text).replace(/[۰-۹]/g, (d) => '۰۱۲۳۴۵۶۷۸۹'.indexOf(d)).replace(/[٠-٩]/g, (d) => '٠١٢٣٤٥٦٧٨٩'.indexOf(d)).trim());
}
