/**
 * A game replayed step by step (#/game/<id>/replay/<version>?seat=<n|all>): a slider over the
 * versions with previous/next buttons and the arrow keys, the board at that version drawn by the
 * game's own renderer (read only: no moves), the game log beside it with that step marked, and a
 * seat chooser: each seat's point of view or every card face-up, once the game is over. While it
 * runs, the server lets a seat step back only through what it has seen, so there is no chooser.
 */
import { errorText } from './errors.js';
import { gql, Schema } from './api.js';
import { clear, h } from './dom.js';
import { lang, named, t } from './i18n.js';
import { digits, num } from './numerals.js';
import { word } from './words.js';
import { gameLog, lastMoved } from './game-log.js';
import { store } from './seats.js';
import { seatName } from './names.js';
import { renderers } from './games/index.js';

/** The hash of a step, the shareable link: `seat` a seat number, "all" (face-up) or null (the caller's own). */
export const replayHash = (gameId, version, seat) => `#/game/${gameId}/replay/${version}${seat === null || seat === undefined ? '' : `?seat=${seat}`}`;

/** What a replay's hash names: the version (null: the last) and the point of view. */
export function parseReplayHash(hash) {
  const m = /^#\/game\/([\w-]+)\/replay(?:\/(\d+))?(?:\?seat=(\d+|all))?$/.exec(hash);
  return m && { gameId: m[1], version: m[2] === undefined ? null : Number(m[2]), seat: m[3] === undefined ? null : m[3] === 'all' ? 'all' : Number(m[3]) };
}

/** Nothing on a replayed board is live: the renderers draw it as they would for a seat that may not move. */
/** The page of a replay's hash (main.js routes here). */
export function replayPage(root, app, hash) {
  const wanted = parseReplayHash(hash) ?? { gameId: /^#\/game\/([\w-]+)/.exec(hash)[1], version: null, seat: null };
  return replay(root, app, wanted.gameId, wanted);
}

const readOnly = { isLive: () => false, isSelected: () => false, pick: () => {}, matching: () => [], entries: () => [] };

export async function replay(root, app, gameId, wanted) {
  const token = store.seatIn(gameId)?.token ?? store.player?.token;
  const { game: head } = await gql('query($id: ID!) { game(id: $id) { type version seat seats options players { seat name kind bot } status { over } } }', { id: gameId }, token);
  const type = app.catalog.find((g) => g.id === head.type);
  const renderer = renderers[head.type] ?? renderers.generic;
  const [schema] = await Promise.all([Schema.load([type.viewType]), app.more('catalog')]);
  const viewSel = `__typename ... on ${type.viewType} { ${schema.selection(type.viewType)} }`;
  const over = head.status.over;
  // Once it is over: any seat or face-up (the default for a spectator); before, the caller's own seat only.
  const seats = Array.from({ length: head.seats }, (_, s) => s);
  const state = { version: clamp(wanted.version ?? head.version, head.version), seat: over ? (wanted.seat ?? head.seat ?? 'all') : null, at: null, error: null };
  if (over && state.seat !== 'all' && !seats.includes(state.seat)) state.seat = 'all';
  const rtl = lang() === 'fa';
  let gone = false;
  let asked = 0;

  async function load() {
    const ask = ++asked;
    const sight = state.seat;
    const faceUp = sight === 'all';
    const seatArg = faceUp || sight === null ? '' : `(seat: ${sight})`;
    const q = `query($id: ID!, $v: Int!) { game(id: $id) { at(version: $v) { version status { phase toMove over result { scores winners } }
      view${seatArg} { ${viewSel} } ${faceUp ? `views { ${viewSel} }` : ''} history${seatArg} { version at seat by events } } } }`;
    try {
      const data = await gql(q, { id: gameId, v: state.version }, token);
      if (ask !== asked || gone) return; // a newer step was asked meanwhile
      state.at = { ...data.game.at, sight }; // drawn from the point of view it was read with
      state.error = null;
    } catch (e) {
      state.error = errorText(e);
    }
    render();
  }

  function go(version, seat = state.seat) {
    state.version = clamp(version, head.version);
    state.seat = seat;
    // The address is the shareable link to this step; replacing it does not reload the page.
    history.replaceState(null, '', replayHash(gameId, state.version, over ? state.seat : null));
    render();
    load();
  }

  // The arrows step; in Persian the page runs right to left, so they are mirrored.
  const onKey = (e) => {
    if (e.target.closest?.('select, input[type=text], textarea')) return;
    const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
    const backward = rtl ? 'ArrowRight' : 'ArrowLeft';
    if (e.key !== forward && e.key !== backward) return;
    e.preventDefault();
    go(state.version + (e.key === forward ? 1 : -1));
  };
  document.addEventListener('keydown', onKey);

  const name = (s) => seatName(head.players, s, lang());
  const context = (seat, at) => {
    const lastEvents = at.history.at(-1)?.version === at.version ? at.history.at(-1).events : [];
    const game = { ...head, version: at.version, status: at.status, legalMoves: [], view: null, seat };
    const c = { ...readOnly, game, view: null, seat, type, name, lang: lang(), n: (v) => num(v, lang()), lastEvents };
    c.moved = lastMoved(head.type, lastEvents, c);
    return c;
  };

  function boards(at) {
    if (at.sight !== 'all') {
      const seat = at.sight ?? head.seat;
      const c = { ...context(seat, at), view: at.view };
      return at.view ? h('div.board', {}, renderer.board(at.view, c)) : h('p.muted', {}, t('waitingPlayers'));
    }
    if (!at.views.length || !at.views[0]) return h('p.muted', {}, t('waitingPlayers'));
    return at.views.map((view, s) => h('section.seat-view', { dataset: { seatView: s }, 'aria-label': `${t('viewOf')} ${name(s)}` },
      h('h2', {}, `${t('viewOf')} ${name(s)}`), h('div.board', {}, renderer.board(view, { ...context(s, at), view }))));
  }

  function controls() {
    const step = (delta, label, arrow) => h('button.step', { type: 'button', 'aria-label': label, title: label, disabled: state.version + delta < 0 || state.version + delta > head.version, onclick: () => go(state.version + delta) }, arrow);
    return h('div.replay-controls', { role: 'group', 'aria-label': t('steps') },
      step(-1, t('previous'), rtl ? '→' : '←'),
      h('input.replay-slider', { type: 'range', min: 0, max: head.version, value: state.version, 'aria-label': t('step'), 'aria-valuetext': `${digits(state.version, lang())} / ${digits(head.version, lang())}`,
        onkeydown: (e) => e.key.startsWith('Arrow') && e.preventDefault(), // the page's own arrows step, mirrored in Persian
        onchange: (e) => go(Number(e.target.value)) }),
      step(1, t('next'), rtl ? '←' : '→'),
      h('output.replay-version', { 'aria-live': 'polite' }, `${t('step')} ${digits(state.version, lang())} / ${digits(head.version, lang())}`));
  }

  function seatChooser() {
    if (!over) return h('p.note', {}, t('replayOwnOnly'));
    const options = [...seats.map((s) => ({ value: String(s), label: name(s) })), { value: 'all', label: t('faceUp') }];
    return h('label.replay-seat', {}, `${t('pointOfView')} `,
      h('select', { onchange: (e) => go(state.version, e.target.value === 'all' ? 'all' : Number(e.target.value)) },
        options.map((o) => h('option', { value: o.value, selected: String(state.seat) === o.value }, o.label))));
  }

  function render() {
    if (gone) return;
    const at = state.at;
    const sight = at ? at.sight : state.seat;
    const seat = sight === 'all' ? '' : sight ?? head.seat ?? '';
    const link = location.href;
    const focused = document.activeElement?.closest?.('.replay-controls button, .replay-slider, .replay-seat select');
    const focusKey = focused ? (focused.matches('select') ? 'select' : focused.matches('input') ? 'input' : focused.getAttribute('aria-label')) : null;
    clear(root,
      h('section.table.replay', { dataset: { game: head.type, gameId, seat, version: at?.version ?? '', faceUp: sight === 'all' } },
        h('header.table-head', {},
          h('a.back', { href: `#/game/${gameId}` }, (rtl ? '→ ' : '← ') + t('backToGame')),
          h('h1', {}, `${t('replayOf')} ${named(type.names, head.type)}`),
          at?.status ? h('span.muted', {}, word(at.status.phase, lang())) : null),
        controls(),
        seatChooser(),
        h('p.replay-link', {}, h('a', { href: link }, t('linkToStep'))),
        state.error ? h('p.error', { role: 'alert' }, state.error) : null,
        at ? h('div.table-layout', {},
          h('div.table-main', {}, boards(at)),
          h('aside.panel.log', { 'aria-label': t('log') }, h('h2', {}, t('log')), marked(gameLog(at.history, { ...head, type: head.type }, context(at.sight === 'all' ? null : at.sight ?? head.seat, at)), at.version))) : h('p.muted', {}, '…')));
    if (focusKey) root.querySelector(focusKey === 'select' ? '.replay-seat select' : focusKey === 'input' ? '.replay-slider' : `.replay-controls button[aria-label="${focusKey}"]`)?.focus();
  }

  render();
  await load();
  return () => {
    gone = true;
    document.removeEventListener('keydown', onKey);
  };
}

/** The log with the step shown marked (its newest line is that step). */
function marked(log, version) {
  for (const li of log.querySelectorAll?.('li') ?? []) {
    if (Number(li.dataset.version) !== version) continue;
    li.classList.add('current');
    li.setAttribute('aria-current', 'step');
  }
  return log;
}

const clamp = (v, max) => Math.max(0, Math.min(max, Number.isFinite(v) ? v : max));
