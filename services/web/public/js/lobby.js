/**
 * The lobby: the catalog (with a create form and a "play against bots" form per game type), the
 * player's games (those awaiting a move first) and the open games, each with a join button and an
 * invite link.
 */
import { gql } from './api.js';
import { clear, h } from './dom.js';
import { lang, named, t } from './i18n.js';
import { num } from './numerals.js';
import { optionsForm } from './options-form.js';
import { botsForm } from './bots-form.js';
import { timeForm } from './time-form.js';
import { store } from './seats.js';
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
  const timer = setInterval(() => document.visibilityState === 'visible' && refresh().catch(() => {}), REFRESH_MS);
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
  const fields = 'id type seats players { seat name } status { toMove over }';
  const query = ids.map((id, i) => `g${i}: game(id: ${JSON.stringify(id)}) { ${fields} }`).join(' ');
  const games = [];
  if (query) {
    const res = await fetch('/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: `{ ${query} }` }) });
    const { data } = await res.json(); // a game that no longer exists is an error beside the others: skip it
    ids.forEach((id, i) => data?.[`g${i}`] && games.push({ ...data[`g${i}`], seat: seats[id].seat }));
  }
  for (const g of await playerGames()) if (!games.some((x) => x.id === g.id)) games.push(g);
  const rank = (g) => (g.status.over ? 2 : g.status.toMove.includes(g.seat) ? 0 : 1);
  return games.sort((a, b) => rank(a) - rank(b));
}

/** `me.games` of a registered player, where the server offers players; [] otherwise. */
async function playerGames() {
  const player = store.player;
  if (!player || !app.queries.has('me')) return [];
  try {
    const data = await gql('{ me { games(first: 50) { edges { node { seat awaitingMyMove game { id type seats players { seat name } status { toMove over } } } } } } }', {}, player.token);
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
      return h(
        'li',
        { class: g.status.toMove.includes(g.seat) && !g.status.over ? 'awaiting' : '' },
        h('a', { href: `#/game/${g.id}` }, typeName(g.type)),
        h('span.muted', {}, ` ${g.players.map((p) => p.name).join(' · ')} `),
        h('span.tag', {}, state),
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
  const seats = h('select', { name: 'seats' }, range(type.seats.min, type.seats.max).map((n) => h('option', { value: n }, num(n, lang()))));
  const seed = h('input', { type: 'text', name: 'seed', maxlength: 200 });
  const rated = h('input', { type: 'checkbox', name: 'rated' });
  const clock = app.mutations.has('resign') ? timeForm() : null;
  const error = h('p.error', { role: 'alert' });
  const create = (e) => {
    e.preventDefault();
    return createAndJoin({ game: type.id, seats: Number(seats.value), options: form?.value() ?? {}, ...(seed.value ? { seed: seed.value } : {}), ...(rated.checked ? { rated: true } : {}), ...clock?.value() }, error);
  };
  // Against bots: the player takes the first seat, the bots the others; the rules options of the form above apply.
  let bots = null; // built from the catalog's bot kinds when first opened
  const botsSlot = h('div.bots-slot');
  const botsError = h('p.error', { role: 'alert' });
  const openBots = async (e) => {
    if (!e.target.open || bots) return;
    await app.more('bots { kind description levels defaultLevel }');
    bots = botsForm(type);
    botsSlot.replaceChildren(bots.element);
  };
  const playBots = () => {
    if (bots) return createAndJoin({ game: type.id, seats: bots.seats(), options: form?.value() ?? {}, bots: bots.value() }, botsError);
  };
  return h(
    'article.game-type',
    { dataset: { type: type.id } },
    h('h3', {}, named(type.names, type.id), h('small.muted', {}, ` ${num(type.seats.min, lang())}–${num(type.seats.max, lang())}`)),
    h('p.rules-line', {}, h('a.rules-link', { href: `#/rules/${type.id}` }, t('rules')), type.id === 'silver' ? h('small.muted', {}, ' · ', t('completeEditions')) : null),
    h(
      'form',
      { onsubmit: create },
      h('label', {}, t('seats') + ' ', seats),
      clock?.element,
      app.mutations.has('registerPlayer') && app.queries.has('leaderboard') ? h('label.rated', {}, rated, ' ', t('rated')) : null,
      h('details', { ontoggle: openOptions }, h('summary', {}, t('options')), options, h('label.option', {}, h('span.option-name', {}, t('seed')), seed)),
      h('button.primary', { type: 'submit' }, t('create')),
      error,
    ),
    // Not a second submit button in the card: "Create and join" stays the card's one form action.
    h('div.vs-bots', {}, h('details', { ontoggle: openBots }, h('summary', {}, t('playBots')), botsSlot, h('button.primary.play-bots', { type: 'button', onclick: playBots }, t('playNow'))), botsError),
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
    error.textContent = `${err.code ?? t('error')}: ${err.message}`;
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

/** Takes the next free seat under the page's name, keeps the token, and opens the table. */
export async function joinAs(gameId, { created = false } = {}) {
  const name = askName();
  if (!name) return;
  await ensurePlayer(name);
  const data = await gql('mutation($id: ID!, $name: String!) { joinGame(gameId: $id, name: $name) { seat token game { type } } }', { id: gameId, name }, store.player?.token);
  store.remember(gameId, { seat: data.joinGame.seat, token: data.joinGame.token, type: data.joinGame.game.type, ...(created && { created: true }) });
  if (location.hash === `#/game/${gameId}`) location.reload();
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

function range(a, b) {
  return Array.from({ length: b - a + 1 }, (_, i) => a + i);
}
