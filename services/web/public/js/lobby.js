/**
 * The lobby: the catalog (with one create form per game type: people and bots in any mix, any clock, rated or not), the
 * player's games (those awaiting a move first) and the open games, each with a join button and an
 * invite link.
 */
import { errorText } from './errors.js';
import { gql } from './api.js';
import { clear, h } from './dom.js';
import { lang, named, t } from './i18n.js';
import { num } from './numerals.js';
import { optionsForm } from './options-form.js';
import { seatsForm } from './bots-form.js';
import { timeForm } from './time-form.js';
import { store } from './seats.js';
import { holderName } from './names.js';
import { clockText, isLow, seatTimeLeft } from './clocks.js';
import { leaderboardPanel } from './ratings.js';

let app; // the schema and the catalog, set by main.js

export function useApp(ctx) {
  app = ctx;
}

const REFRESH_MS = 10_000; // the lists are a projection: a light poll keeps them fresh without a subscription

export async function lobby(root, ctx) {
  const games = h('div');
  const refresh = async () => {
    const [open, mine] = await Promise.all([gql('{ openGames { gameId type seats taken createdAt } }'), myGames()]);
    clear(games, h('h2', {}, t('myGames')), myGamesList(mine), h('h2', {}, t('openGames')), openList(open.openGames));
    awaitingTitle(mine.filter((g) => !g.status.over && g.status.toMove.includes(g.seat)).length);
  };
  await refresh();
  const board = ctx.queries.has('leaderboard') ? leaderboardPanel(ctx.catalog) : null;
  clear(root, h('h1.sr-only', {}, `${t('title')} — ${t('tagline')}`), h('section.lobby', {}, h('div.col', {}, games, board), h('div.col', {}, h('h2', {}, t('games')), h('div.catalog', {}, ctx.catalog.map(gameType)))));
  // One poll at a time: on a slow network a poll still waiting when the next falls due is not joined by another.
  let polling = false;
  const poll = () => {
    if (polling || document.visibilityState !== 'visible') return;
    polling = true;
    refresh()
      .catch(() => {})
      .finally(() => (polling = false));
  };
  const timer = setInterval(poll, REFRESH_MS);
  return () => clearInterval(timer);
}

/** The tab says how many games await the player's move: "(2) Parlor". */
export function awaitingTitle(count) {
  document.title = count ? `(${num(count, lang())}) ${t('title')}` : t('title');
}

function typeName(id) {
  return named(app.catalog.find((g) => g.id === id)?.names, id);
}

/** Seats this browser holds (and a registered player's games where the server has players), awaiting a move first. */
async function myGames() {
  const seats = store.seats;
  const ids = Object.keys(seats).sort((a, b) => seats[b].at - seats[a].at).slice(0, 50);
  const fields = `id type seats players { seat name kind bot } status { toMove over }${clocked() ? ' clocks { seat remainingMs deadline }' : ''}`;
  const query = ids.map((id, i) => `g${i}: game(id: ${JSON.stringify(id)}) { ${fields} }`).join(' ');
  const games = [];
  if (query) {
    const res = await fetch('/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: `{ ${query} }` }) });
    const { data } = await res.json(); // a game that no longer exists is an error beside the others: skip it
    ids.forEach((id, i) => data?.[`g${i}`] && games.push({ ...data[`g${i}`], seat: seats[id].seat }));
  }
  for (const g of await playerGames()) if (!games.some((x) => x.id === g.id)) games.push(g);
  // Awaiting my move first, the least time left first (no clock after every clock), then the others, then the finished.
  const rank = (g) => (g.status.over ? 2 : g.status.toMove.includes(g.seat) ? 0 : 1);
  const left = (g) => (g.status.over ? Infinity : seatTimeLeft(g, g.seat) ?? Infinity);
  return games.sort((a, b) => rank(a) - rank(b) || left(a) - left(b));
}

/** Whether the server has clocks (play-by-turn): the lists then ask for them. */
const clocked = () => app.mutations.has('resign');

/** `me.games` of a registered player, where the server offers players; [] otherwise. */
async function playerGames() {
  const player = store.player;
  if (!player || !app.queries.has('me')) return [];
  try {
    const data = await gql(`{ me { games(first: 50) { edges { node { seat awaitingMyMove game { id type seats players { seat name kind bot } status { toMove over }${clocked() ? ' clocks { seat remainingMs deadline }' : ''} } } } } } }`, {}, player.token);
    return (data.me?.games?.edges ?? []).map((e) => ({ ...e.node.game, seat: e.node.seat }));
  } catch {
    return [];
  }
}

function myGamesList(games) {
  if (!games.length) return h('p.muted', {}, t('noMyGames'));
  return h(
    'ul.list.my-games',
    {},
    games.map((g) => {
      const state = g.status.over ? t('finished') : g.status.toMove.includes(g.seat) ? t('awaiting') : t('playing');
      const left = g.status.over ? null : seatTimeLeft(g, g.seat);
      const low = left !== null && isLow(left, g.clocks.find((c) => c.seat === g.seat).remainingMs);
      return h(
        'li',
        { class: g.status.toMove.includes(g.seat) && !g.status.over ? 'awaiting' : '' },
        h('a', { href: `#/game/${g.id}` }, typeName(g.type)),
        h('span.muted', {}, ` ${g.players.map((p) => holderName(p, lang())).join(' · ')} `),
        h('span.tag', {}, state),
        left !== null ? h('span.tag.time-left', { class: low ? 'low' : '', dataset: { ms: Math.round(left) } }, `⏱ ${clockText(left)} ${t('timeLeft')}`) : null,
      );
    }),
  );
}

function openList(entries) {
  if (!entries.length) return h('p.muted', {}, t('noOpenGames'));
  return h(
    'ul.list.open-games',
    {},
    entries.map((e) =>
      h(
        'li',
        { dataset: { game: e.gameId } },
        h('strong', {}, typeName(e.type)),
         h('span.muted', {}, ` ${num(e.taken, lang())}/${num(e.seats, lang())} · ${new Date(e.createdAt).toLocaleTimeString(document.documentElement.lang)} `),
        store.seatIn(e.gameId)
          ? h('a.button', { href: `#/game/${e.gameId}` }, t('open'))
          : h('button.join', { onclick: () => joinAs(e.gameId) }, t('join')),
        inviteLink(e.gameId),
      ),
    ),
  );
}

function gameType(type) {
  let form = null; // built from the options' JSON Schema when first opened
  const options = h('div.options-slot');
  const openOptions = async (e) => {
    if (!e.target.open || form) return;
    await app.more('options { name default schema }');
    form = optionsForm(type.options);
    options.replaceChildren(form.element);
  };
  // One form: who sits where (people by invite, bots by kind and level), the clock, rated or not, the rules options.
  const seatsSlot = h('div.seats-slot');
  let seats = null;
  const seed = h('input', { type: 'text', name: 'seed', maxlength: 200 });
  const rated = h('input', { type: 'checkbox', name: 'rated' });
  const clock = app.mutations.has('resign') ? timeForm() : null;
  const error = h('p.error', { role: 'alert' });
  const submit = h('button.primary', { type: 'submit' }, t('create'));
  // The button says what happens: a game with only bots besides the player starts at once.
  const relabel = () => (submit.textContent = seats && seats.bots().length === seats.seats() - 1 ? t('createPlay') : t('create'));
  const create = (e) => {
    e.preventDefault();
    const bots = seats?.bots() ?? [];
    return createAndJoin({ game: type.id, seats: seats?.seats() ?? type.seats.min, options: form?.value() ?? {}, ...(bots.length ? { bots } : {}), ...(seed.value ? { seed: seed.value } : {}), ...(rated.checked ? { rated: true } : {}), ...clock?.value() }, error);
  };
  const formEl = h(
    'form.create-game',
    { onsubmit: create },
    seatsSlot,
    clock?.element,
    app.mutations.has('registerPlayer') && app.queries.has('leaderboard') ? h('label.rated', {}, rated, ' ', t('rated')) : null,
    h('details', { ontoggle: openOptions }, h('summary', {}, t('options')), options, h('label.option', {}, h('span.option-name', {}, t('seed')), seed)),
    submit,
    error,
  );
  // The seat rows need the catalog's bot kinds: loaded with the lobby's first paint done.
  app.more('bots { kind description levels defaultLevel }').then(() => {
    seats = seatsForm(type, { onChange: relabel });
    seatsSlot.replaceChildren(seats.element);
    relabel();
  });
  return h(
    'article.game-type',
    { dataset: { type: type.id } },
    h('h3', {}, named(type.names, type.id), h('small.muted', {}, ` ${num(type.seats.min, lang())}–${num(type.seats.max, lang())}`)),
    h('p.rules-line', {}, h('a.rules-link', { href: `#/how/${type.id}` }, t('howToPlay')), ' · ', h('a.rules-link.full-rules', { href: `#/rules/${type.id}` }, t('fullRules')), type.id === 'silver' ? h('small.muted', {}, ' · ', t('completeEditions')) : null),
    formEl,
  );
}

/** Creates a game and takes its first free seat; a refusal is shown in `error`. */
async function createAndJoin(input, error) {
  error.textContent = '';
  try {
    const name = askName();
    if (!name) return;
    // A registered creator may cancel the game before it starts.
    await ensurePlayer(name);
    const data = await gql('mutation($input: CreateGameInput!) { createGame(input: $input) { game { id } } }', { input }, store.player?.token);
    await joinAs(data.createGame.game.id, { created: true });
  } catch (err) {
    error.textContent = errorText(err);
  }
}

/** The page's name, asked for once when none was typed (a seat is never called "Player"); null if the player declines. */
function askName() {
  const typed = store.name.trim();
  if (typed) return typed;
  const given = (prompt(t('namePrompt')) ?? '').trim().slice(0, 40);
  if (!given) return null;
  store.name = given;
  const field = document.getElementById('name');
  if (field) field.value = given;
  return given;
}

/** The event that asks main.js to draw the current page again (its address has not changed). */
export const REDRAW = 'parlor:redraw';

/** Takes the next free seat under the page's name, keeps the token, and opens the table. */
export async function joinAs(gameId, { created = false } = {}) {
  const name = askName();
  if (!name) return;
  await ensurePlayer(name);
  const data = await gql('mutation($id: ID!, $name: String!) { joinGame(gameId: $id, name: $name) { seat token game { type } } }', { id: gameId, name }, store.player?.token);
  store.remember(gameId, { seat: data.joinGame.seat, token: data.joinGame.token, type: data.joinGame.game.type, ...(created && { created: true }) });
  // Joined on the game's own page (the invite link): main.js draws it again, now as the seat (no reload).
  if (location.hash === `#/game/${gameId}`) dispatchEvent(new Event(REDRAW));
  else location.hash = `#/game/${gameId}`;
}

/** Registers the player once, where the server has players (registerPlayer in the schema). */
export async function ensurePlayer(name) {
  if (store.player || !app?.mutations.has('registerPlayer')) return;
  const data = await gql('mutation($name: String!) { registerPlayer(name: $name) { player { id name } token } }', { name });
  store.player = { id: data.registerPlayer.player.id, name: data.registerPlayer.player.name, token: data.registerPlayer.token };
}

export function inviteLink(gameId) {
  const url = `${location.origin}${location.pathname}#/game/${gameId}`;
  const btn = h('button.link', {
    onclick: async () => {
      await navigator.clipboard?.writeText(url).catch(() => {});
      btn.textContent = t('copied');
    },
  }, t('copy'));
  return h('span.invite', {}, h('a', { href: url, class: 'invite-link' }, t('invite')), ' ', btn);
}
