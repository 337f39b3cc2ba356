/**
 * One game's table: status, players and scores, the game's own board, the legal moves as
 * clicks and labelled buttons, the round's result, fairness (seed hash and seed), the history
 * and a debug panel. Updates arrive over graphql-ws; a move is a submitMove over HTTP.
 */
import { errorText } from './errors.js';
import { commandId, gql, Schema, socket } from './api.js';
import { clear, h } from './dom.js';
import { lang, named, t } from './i18n.js';
import { num } from './numerals.js';
import { word } from './words.js';
import { seatName, specName } from './names.js';
import { gameLog, lastMoved } from './game-log.js';
import { finalSheet } from './final-sheet.js';
import { keepFocus } from './focus.js';
import { forcedMove, movesPanel } from './moves-panel.js';
import { store } from './seats.js';
import { renderers } from './games/index.js';
import { inviteLink, joinAs } from './lobby.js';
import { chatPanel } from './chat.js';
import { clocksBar, pbtActions, tickClocks, turnCue } from './play-by-turn.js';

export async function table(root, app, gameId) {
  // A registered player's token acts for every seat the player holds (where the server has players).
  const token = store.seatIn(gameId)?.token ?? store.player?.token;
  // With the token: a duplicate tournament's game is private to its seats until its board has ended.
  const { game: head } = await gql('query($id: ID!) { game(id: $id) { type } }', { id: gameId }, token);
  const type = app.catalog.find((g) => g.id === head.type);
  const renderer = renderers[head.type] ?? renderers.generic;
  const [schema] = await Promise.all([Schema.load(['Game', type.viewType], ['GameView', 'HistoryEntry', 'Move']), app.more('catalog')]);
  const selection = schema.gameSelection(type.viewType);
  // The log is open beside the table on a wide screen, folded on a phone.
  const state = { game: null, selected: new Set(), error: null, busy: false, history: null, open: { history: matchMedia('(min-width: 761px)').matches }, live: false, chat: { draft: '', error: null, busy: false } };

  const pick = {
    entries: () => (state.game?.legalMoves ?? []).map((move, i) => ({ move, i, keys: renderer.keys(move, state.game.seat).map(String) })),
    matching() {
      return this.entries().filter((e) => [...state.selected].every((k) => e.keys.includes(k)));
    },
    isLive(key) {
      return state.selected.has(key) || this.matching().some((e) => e.keys.includes(key));
    },
    isSelected: (key) => state.selected.has(key),
    pick(key) {
      if (state.selected.has(key)) state.selected.delete(key);
      else state.selected.add(key);
      if (this.matching().length === 0) state.selected = new Set([key]);
      const m = this.matching();
      if (m.length === 1 && m[0].keys.length === state.selected.size) return submit(m[0].move);
      render();
    },
  };

  async function submit(move) {
    if (state.busy) return;
    state.busy = true;
    state.error = null;
    render();
    const send = (version) =>
      gql(
        `mutation($id: ID!, $move: JSON!, $v: Int, $c: ID) { submitMove(gameId: $id, move: $move, expectedVersion: $v, commandId: $c) { game { ${selection} } } }`,
        { id: gameId, move, v: version, c: commandId() },
        token,
      );
    try {
      let data;
      try {
        data = await send(state.game.version);
      } catch (e) {
        // Another seat moved first (simultaneous steps), or the game ended meanwhile: show the game
        // as it is now, and play the move anyway if it is still legal; a move the game has passed
        // by is dropped quietly (the board shows why), never a raw VERSION_CONFLICT under the table.
        if (e.code !== 'VERSION_CONFLICT' && e.code !== 'GAME_OVER') throw e;
        const now = (await gql(`query($id: ID!) { game(id: $id) { ${selection} } }`, { id: gameId }, token)).game;
        apply(now);
        if (!now.legalMoves.some((m) => JSON.stringify(m) === JSON.stringify(move))) return;
        data = await send(now.version);
      }
      apply(data.submitMove.game);
    } catch (e) {
      state.error = errorText(e);
    } finally {
      state.busy = false;
      render();
      if (!state.error) autoAdvance();
    }
  }

  /** Take back: the seat's last move, while the server offers it (game.canTakeBack). */
  async function takeBack() {
    if (state.busy) return;
    state.busy = true;
    state.error = null;
    render();
    try {
      apply((await gql(`mutation($id: ID!) { takeBack(gameId: $id) { game { ${selection} } } }`, { id: gameId }, token)).takeBack.game);
    } catch (e) {
      state.error = `${e.code ?? t('error')}: ${e.message}`;
    } finally {
      state.busy = false;
      render();
    }
  }

  function apply(game) {
    if (state.game && game.version < state.game.version) return; // an older update arriving late
    if (!state.game || game.version !== state.game.version) state.selected = new Set();
    turnCue(state.game, game);
    state.game = game;
    loadHistory(); // the log and the last move's highlight
    render();
    autoAdvance();
  }

  /** A forced move with nothing to choose is made for the player, once per version. */
  function autoAdvance() {
    const forced = state.game && !state.busy ? forcedMove(state.game.type, pick.entries()) : null;
    if (forced && state.autoDone !== state.game.version) (state.autoDone = state.game.version), submit(forced.move);
  }

  async function loadHistory() {
    const data = await gql('query($id: ID!) { game(id: $id) { version history { version at seat by events } } }', { id: gameId }, token);
    if (state.history && data.game.version < (state.history.at(-1)?.version ?? 0)) return; // an older answer arriving late
    state.history = data.game.history;
    render();
  }

  const ws = socket(token);
  const stop = ws.subscribe(
    { query: `subscription($id: ID!) { gameUpdated(gameId: $id) { ${selection} } }`, variables: { id: gameId } },
    {
      next: (msg) => {
        state.live = true;
        if (msg.data?.gameUpdated) apply(msg.data.gameUpdated);
        else if (msg.errors) (state.error = errorText({ code: msg.errors[0].extensions?.code, message: msg.errors[0].message })), render();
      },
      error: () => ((state.live = false), render()),
      complete: () => {},
    },
  );
  ws.on('closed', () => ((state.live = false), render()));

  let gone = false; // the page left this table: late answers draw nothing
  function render() {
    if (gone) return;
    const g = state.game;
    if (!g) return clear(root, h('p.muted', {}, '…'));
    const seat = g.seat;
    const last = state.history?.at(-1);
    const lastEvents = last && last.version === g.version ? last.events : [];
    const c = { ...pick, pick: pick.pick.bind(pick), matching: pick.matching.bind(pick), isLive: pick.isLive.bind(pick), game: g, view: g.view, seat, type, name: (s) => playerName(g, s), lang: lang(), n: (v) => num(v, lang()), lastEvents };
    c.moved = lastMoved(g.type, lastEvents, c);
    const entries = pick.matching();
    keepFocus(root, () =>
      clear(
        root,
        h(
          'section.table',
          { dataset: { game: g.type, gameId, seat: seat ?? '', version: g.version, over: g.status.over } },
          header(g, type, seat, state),
          banner(g, seat),
          clocksBar(g, (s) => playerName(g, s)),
          pbtActions(g, { token, seat, state, render }),
          // Prominent, at the top: a fixed seed means the shuffles were chosen, not random. A tournament's
          // seed is fixed by the server (one deal per board, drawn at the round's start), not by a person.
          g.seedFixed && !g.tournament ? h('p.seed-fixed', { role: 'note' }, '⚠ ' + t('seedFixedNote')) : null,
          g.seedFixed && g.tournament ? h('p.seed-board.muted', { role: 'note' }, t(g.tournament.sealed ? 'seedBoardNote' : 'seedTournamentNote')) : null,
          h(
            'div.table-layout',
            {},
            h(
              'div.table-main',
              {},
              players(g, seat, renderer, c),
              g.view ? h('div.board', {}, renderer.board(g.view, c)) : waiting(g, gameId, seat),
              movesPanel({ all: pick.entries(), matching: entries, selected: state.selected, renderer, c, state, submit, render, clearSelection: () => ((state.selected = new Set()), (state.armed = null), render()) }),
              g.canTakeBack ? h('button.take-back', { type: 'button', title: t('takeBackHint'), disabled: state.busy, onclick: takeBack }, '↶ ' + t('takeBack')) : null,
              g.status.over ? finalSheet(g, c) : null,
              g.view && renderer.result ? renderer.result(g.view, c) : null,
              chatPanel(g, state.chat, token, render, (s) => playerName(g, s)),
              fairness(g),
              panel('debug', t('debug'), state, () => debug(g, state.history), loadHistory, render),
            ),
            panel('history', t('log'), state, () => gameLog(state.history, g, c, renderer), loadHistory, render, 'aside'),
          ),
        ),
      ),
    );
  }

  render();
  const stopClocks = tickClocks(root);
  return () => {
    gone = true;
    stop();
    stopClocks();
  };
}

/** Every bot seat has a name of its own, in the page's language (js/names.js). */
function playerName(g, s) {
  return seatName(g.players, s, lang());
}

function header(g, type, seat, state) {
  return h(
    'header.table-head',
    {},
    h('a.back', { href: '#/' }, (lang() === 'fa' ? '→ ' : '← ') + t('lobby')),
    h('h1', {}, named(type.names, g.type)),
    h('span.muted', {}, word(g.status.phase, lang())),
    h('a.how-link', { href: `#/how/${g.type}` }, t('howToPlay')),
    h('a.rules-link', { href: `#/rules/${g.type}` }, t('rules')),
    // A finished game replays from the start; a running one steps back through what this seat saw.
    g.view ? h('a.replay-link', { href: g.status.over ? `#/game/${g.id}/replay` : `#/game/${g.id}/replay/${g.version - 1}` }, t(g.status.over ? 'replay' : 'stepBack')) : null,
    h('span', { class: `live-dot ${state.live ? 'on' : ''}`, title: state.live ? t('live') : t('offline') }, state.live ? t('live') : t('offline')),
    g.players.length < g.seats ? inviteLink(g.id) : null,
  );
}

function banner(g, seat) {
  const s = g.status;
  if (s.over) {
    const winners = (s.result?.winners ?? []).map((w) => playerName(g, w)).join(lang() === 'fa' ? '، ' : ', ');
    const claimed = (s.result?.claimed ? ` (${t('endedByClaim')})` : '') + (s.result?.aborted ? ` (${t('aborted')})` : '');
    // Every seat resigned or forfeited: no one won (a leaver is never a winner).
    if (s.result && s.result.winners.length === 0) return h('div.banner.over', { role: 'status', tabindex: -1 }, `${t('over')} — ${t('noWinner')}${claimed}`);
    return h('div.banner.over', { role: 'status', tabindex: -1 }, `${t('over')} — ${winners} ${t(s.result?.winners?.length > 1 ? 'wonPlural' : 'won')}${claimed}`);
  }
  if (g.players.length < g.seats) return h('div.banner', { role: 'status', tabindex: -1 }, `${t('waitingPlayers')} (${num(g.players.length, lang())}/${num(g.seats, lang())})`);
  if (seat !== null && s.toMove.includes(seat)) return h('div.banner.mine', { role: 'status', tabindex: -1 }, t('yourMove'));
  const who = s.toMove.map((x) => playerName(g, x)).join(lang() === 'fa' ? '، ' : ', ');
  return h('div.banner', { role: 'status', tabindex: -1 }, `${seat === null ? t('spectator') + ' · ' : ''}${t('waitingFor')} ${who}`);
}

function players(g, seat, renderer, c) {
  const scores = g.status.result?.scores;
  return h(
    'ol.players',
    {},
    Array.from({ length: g.seats }, (_, s) =>
      h(
        'li',
        { class: [g.status.toMove.includes(s) ? 'to-move' : '', s === seat ? 'me' : ''].join(' '), dataset: { seat: s } },
        h('span.pname', {}, playerName(g, s), s === seat ? ` (${t('you')})` : ''),
        botTag(g.players.find((p) => p.seat === s)),
        h('span.pscore', { title: t('scores') }, num(scores?.[s] ?? (g.view && renderer.score ? renderer.score(g.view, s, c) : '') ?? '', lang())),
        g.view && renderer.seatInfo ? h('span.pinfo', {}, renderer.seatInfo(g.view, s, c)) : null,
      ),
    ),
  );
}

/** A seat played by a bot says so: the server's (its kind and level are in the name the page gives it) or a registered bot player. */
function botTag(p) {
  if (p?.kind !== 'BOT') return null;
  const spec = p.bot && p.name !== `${p.bot} bot` ? ` ${specName(p.bot, lang())}` : '';
  return h('span.tag.bot', {}, t('bot') + spec);
}

function waiting(g, gameId, seat) {
  if (seat !== null && seat !== undefined) return h('p.muted', {}, t('waitingPlayers'));
  return h('div.join-here', {}, h('button.primary', { onclick: () => joinAs(gameId) }, t('join')));
}

function fairness(g) {
  return h(
    'div.fairness',
    {},
    h('div', {}, h('span.muted', {}, t('seedHash') + ': '), h('code', {}, g.seedHash)),
    h('div', {}, h('span.muted', {}, t('seedRevealed') + ': '), g.seed ? h('code.seed', {}, g.seed) : h('em.muted', {}, t('seedHidden'))),
  );
}

function panel(key, title, state, body, load, render, tag = 'details') {
  return h(
    `details.panel.${tag === 'aside' ? 'log' : key}`,
    {
      dataset: { panel: key },
      'aria-label': title,
      open: !!state.open[key],
      ontoggle: (e) => {
        if (e.target.open === !!state.open[key]) return; // the re-render itself, not the user
        state.open[key] = e.target.open;
        if (e.target.open) load();
        else render();
      },
    },
    h('summary', {}, title),
    state.open[key] ? body() : null,
  );
}

function debug(g, history) {
  const pre = (title, value) => h('div', {}, h('h4', {}, title), h('pre', {}, JSON.stringify(value, null, 1)));
  return h('div.debug', {}, pre(t('rawView'), g.view), pre(t('legalMoves'), g.legalMoves), pre(t('historyJson'), history ?? '…'));
}
