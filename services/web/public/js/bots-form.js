/**
 * "Play against bots": the seat count, and for every seat but the player's (the first) a bot
 * kind and level, all from the catalog's GameType.bots (the server's BOT_KINDS), so a kind the
 * server adds shows here without a change. `value()` is CreateGameInput's `bots`.
 */
import { h } from './dom.js';
import { t } from './i18n.js';

/** The kind a new seat starts with: the strongest offered (one with levels), else the first. */
const preferred = (kinds) => kinds.find((k) => k.levels.length) ?? kinds[0];

export function botsForm(type) {
  const kinds = type.bots ?? [];
  const seats = h(
    'select',
    { name: 'bot-seats' },
    Array.from({ length: type.seats.max - type.seats.min + 1 }, (_, i) => type.seats.min + i).map((n) => h('option', { value: n }, String(n))),
  );
  const rows = h('div.bot-seats');
  let chosen = [];
  const draw = () => {
    const n = Number(seats.value);
    chosen = Array.from({ length: n - 1 }, (_, i) => chosen[i] ?? botSeat(kinds, i + 1));
    rows.replaceChildren(h('p.muted.bot-hint', {}, t('botHint')), ...chosen.map((c) => c.element));
  };
  seats.addEventListener('change', draw);
  draw();
  return {
    element: h('div.vs-bots-form', {}, h('label', {}, t('seats') + ' ', seats), rows),
    seats: () => Number(seats.value),
    value: () => chosen.map((c) => c.value()),
  };
}

function botSeat(kinds, seat) {
  const first = preferred(kinds);
  const kind = h('select', { name: `bot-kind-${seat}`, 'aria-label': `${t('seat')} ${seat + 1}: ${t('bot')}` }, kinds.map((k) => h('option', { value: k.kind, selected: k === first }, k.kind)));
  const level = h('select', { name: `bot-level-${seat}`, 'aria-label': `${t('seat')} ${seat + 1}: ${t('level')}` });
  const help = h('small.option-help');
  const show = () => {
    const k = kinds.find((x) => x.kind === kind.value);
    level.replaceChildren(...k.levels.map((l) => h('option', { value: l, selected: l === k.defaultLevel }, `${t('level')} ${l}`)));
    level.hidden = !k.levels.length;
    help.textContent = k.description;
    kind.title = k.description;
  };
  kind.addEventListener('change', show);
  show();
  return {
    element: h('div.bot-seat', { dataset: { seat } }, h('span.option-name', {}, `${t('seat')} ${seat + 1}`), kind, level, help),
    value: () => ({ seat, kind: kind.value, ...(level.hidden ? {} : { level: Number(level.value) }) }),
  };
}
