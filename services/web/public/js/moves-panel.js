/**
 * The moves in place: a move is made by clicking its cards and places on the board; only the
 * moves that need no card (End turn, Call a vote…) or that the selection completes (several
 * ways to play the same cards) are buttons here. Every legal move stays reachable in the folded
 * "All moves" panel. A call that cannot be taken back asks once more before it is sent. A forced
 * single move with nothing to choose is made for the player unless auto-advance is off.
 */
import { h } from './dom.js';
import { t } from './i18n.js';
import { digits, num } from './numerals.js';
import { store } from './seats.js';
import { genericLabel } from './games/index.js';

/** Moves that cannot be taken back and end or bet on the round: a second click sends them. */
const CONFIRM = { silver: ['call'], 'sea-salt-and-paper': ['stop', 'lastChance'] };

export function needsConfirm(game, move) {
  return (CONFIRM[game] ?? []).includes(move.type);
}

/** The moves to offer as buttons: those the current selection completes, or that need no card. */
export function inPlace(entries, selected) {
  return entries.filter((e) => (selected.size === 0 ? e.keys.length === 0 : e.keys.length === selected.size && e.keys.every((k) => selected.has(k))));
}

/** The one move to make for the player, if the only legal move uses no card and asks for no confirmation. */
export function forcedMove(game, entries) {
  if (store.autoAdvance === false || entries.length !== 1) return null;
  const [e] = entries;
  return e.keys.length === 0 && !needsConfirm(game, e.move) ? e : null;
}

export function movesPanel({ all, matching, selected, renderer, c, state, submit, clearSelection, render }) {
  if (!c.game.legalMoves.length && !state.error) return null;
  const label = (e) => digits(renderer.label?.(e.move, c) ?? genericLabel(e.move), c.lang);
  const here = inPlace(matching, selected);
  const button = (e, cls) => {
    const armed = state.armed === e.i;
    return h(
      `button.${cls}`,
      {
        class: armed ? 'armed' : '',
        dataset: { move: e.i, type: e.move.type },
        disabled: state.busy,
        onclick: () => {
          if (needsConfirm(c.game.type, e.move) && !armed) return ((state.armed = e.i), render());
          state.armed = null;
          submit(e.move);
        },
      },
      armed ? `${t('confirmCall')} ${label(e)}` : label(e),
    );
  };
  const auto = h('input', { type: 'checkbox', checked: store.autoAdvance !== false, onchange: (e) => (store.autoAdvance = e.target.checked) });
  return h(
    'div.actions',
    { role: 'region', 'aria-label': t('actions') },
    h(
      'div.actions-head',
      {},
      h('strong', {}, t('actions')),
      h('span.muted', {}, ` ${selected.size ? t('selectMore') : t('selectHint')}`),
      selected.size ? h('button.link.undo', { onclick: clearSelection }, t('clear')) : null,
    ),
    state.error ? h('p.error', { role: 'alert' }, state.error) : null,
    here.length ? h('div.moves', {}, here.map((e) => button(e, 'move'))) : null,
    h(
      'details.all-moves',
      { open: !!state.open.allMoves, ontoggle: (e) => (state.open.allMoves = e.target.open) },
      h('summary', {}, `${t('allMovesPanel')} (${num(all.length, c.lang)})`),
      h('div.moves', {}, all.map((e) => button(e, 'move-all'))),
    ),
    h('label.auto-advance', {}, auto, ' ', t('autoAdvance')),
  );
}
