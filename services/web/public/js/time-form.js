/**
 * The create form's play-by-turn part: a time control from presets (none, per move, bank +
 * increment) and what happens when a seat runs out of time. `value()` is CreateGameInput's
 * `timeControl` and `onTimeout`, or {} for no clock.
 */
import { h } from './dom.js';
import { t } from './i18n.js';

const PRESETS = [
  ['none', 'noClock', null],
  ['P1D', 'perMove1d', { perMove: 'P1D' }],
  ['P3D', 'perMove3d', { perMove: 'P3D' }],
  ['PT1H', 'perMove1h', { perMove: 'PT1H' }],
  ['P7D+P1D', 'bank7d1d', { bank: 'P7D', increment: 'P1D' }],
  ['P3D+PT12H', 'bank3d12h', { bank: 'P3D', increment: 'PT12H' }],
];

export function timeForm() {
  const control = h('select', { name: 'time-control' }, PRESETS.map(([value, label]) => h('option', { value }, t(label))));
  const onTimeout = h('select', { name: 'on-timeout' }, ['BOT', 'FORFEIT', 'ASK'].map((a) => h('option', { value: a }, t(`onTimeout${a}`))));
  const timeoutRow = h('label.on-timeout', { hidden: true }, t('onTimeout') + ' ', onTimeout);
  control.addEventListener('change', () => (timeoutRow.hidden = control.value === 'none'));
  return {
    element: h('div.time-form', {}, h('label.time-control', {}, t('timeControl') + ' ', control), timeoutRow),
    value() {
      const preset = PRESETS.find(([v]) => v === control.value)?.[2];
      return preset ? { timeControl: preset, onTimeout: onTimeout.value } : {};
    },
  };
}
