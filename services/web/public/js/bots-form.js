/**
 * Who sits where, in the lobby's one create form: the player count, and for every seat but the
 * creator's (the first) a person (joins by the invite link) or a bot with its kind and level, all
 * from the catalog's GameType.bots (the server's BOT_KINDS), so a kind the server adds shows here
 * without a change. Kind names and descriptions in the page's language (js/names.js).
 * `bots()` is CreateGameInput's `bots` (the bot seats only).
 */
import { h } from './dom.js';
import { lang, t } from './i18n.js';
import { num } from './numerals.js';
import { kindAbout, kindName } from './names.js';

const PERSON = 'person';

/** The kind "Fill with bots" seats: the strongest offered (one with levels), else the first. */
const preferred = (kinds) => kinds.find((k) => k.levels.length) ?? kinds[0];

export function seatsForm(type, { onChange = () => {} } = {}) {
  const kinds = type.bots ?? [];
  const count = h(
    'select',
    { name: 'seats', 'aria-label': t('seats') },
    Array.from({ length: type.seats.max - type.seats.min + 1 }, (_, i) => type.seats.min + i).map((n) => h('option', { value: n }, num(n, lang()))),
  );
  const rows = h('div.seat-rows');
  let chosen = [];
  const draw = () => {
    const n = Number(count.value);
    chosen = Array.from({ length: n - 1 }, (_, i) => chosen[i] ?? seatRow(kinds, i + 1, onChange));
    rows.replaceChildren(...chosen.map((c) => c.element));
    onChange();
  };
  count.addEventListener('change', draw);
  draw();
  const fill = h('button.link.fill-bots', { type: 'button', onclick: () => (chosen.forEach((c) => c.set(preferred(kinds)?.kind ?? PERSON)), onChange()) }, t('fillBots'));
  return {
    element: h('div.seats-form', {}, h('label', {}, t('seats') + ' ', count), h('p.muted.bot-hint', {}, t('seatHint'), ' ', kinds.length ? fill : null), rows),
    seats: () => Number(count.value),
    bots: () => chosen.map((c) => c.value()).filter(Boolean),
  };
}

function seatRow(kinds, seat, onChange) {
  const seatLabel = `${t('seat')} ${num(seat + 1, lang())}`;
  const who = h(
    'select',
    { name: `seat-kind-${seat}`, 'aria-label': seatLabel },
    h('option', { value: PERSON }, t('aPerson')),
    kinds.map((k) => h('option', { value: k.kind }, `${t('bot')}: ${kindName(k.kind, lang())}`)),
  );
  const level = h('select', { name: `bot-level-${seat}`, 'aria-label': `${seatLabel}: ${t('level')}` });
  const help = h('small.option-help');
  const show = () => {
    const k = kinds.find((x) => x.kind === who.value);
    level.replaceChildren(...(k?.levels ?? []).map((l) => h('option', { value: l, selected: l === k.defaultLevel }, `${t('level')} ${num(l, lang())}`)));
    level.hidden = !k?.levels.length;
    help.textContent = k ? kindAbout(k.kind, lang(), lang() === 'fa' ? '' : k.description) : t('personHint');
    onChange();
  };
  who.addEventListener('change', show);
  show();
  return {
    element: h('div.bot-seat', { dataset: { seat } }, h('span.option-name', {}, seatLabel), who, level, help),
    set: (kind) => ((who.value = kind), show()),
    value: () => (who.value === PERSON ? null : { seat, kind: who.value, ...(level.hidden ? {} : { level: Number(level.value) }) }),
  };
}
