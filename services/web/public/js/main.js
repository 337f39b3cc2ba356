/**
 * The web client's entry: loads the schema and the catalog in one request, then routes
 * #/ to the lobby, #/game/<id> (the invite link) to that game's table and #/game/<id>/replay/… to its replay.
 */
import { errorText } from './errors.js';
import { gql, onTokenRenewed } from './api.js';
import { account } from './account.js';
import { clear, h } from './dom.js';
import { applyLang, lang, t } from './i18n.js';
import { lobby, useApp, REDRAW } from './lobby.js';
import { store } from './seats.js';
import { offerNotifications } from './notify.js';
import { playerPage } from './ratings.js';
import { tournamentList, tournamentPage } from './tournaments.js';
import { matchPanel } from './matchmaking.js';

const root = document.getElementById('main');
let leave = null;

async function start() {
  applyLang();
  // Sliding expiry: keep the token the server renewed in place of the old one.
  onTokenRenewed((old, fresh) => store.player?.token === old && (store.player = { ...store.player, token: fresh }));
  const data = await gql(`{ gameTypes { id names { en fa } seats { min max } viewType }
    query: __type(name: "Query") { fields { name } } mutation: __type(name: "Mutation") { fields { name } } }`);
  const fields = (t) => new Set((t?.fields ?? []).map((f) => f.name));
  const app = { catalog: data.gameTypes, queries: fields(data.query), mutations: fields(data.mutation), more: catalogFields(data.gameTypes) };
  useApp(app);
  chrome(app);
  // One page at a time: each route draws into its own element and shows it only if no newer route
  // overtook it while it loaded; an overtaken page is closed unseen (it would replace the newer page,
  // and a form the player had begun to fill). The body is "ready" once the newest route has drawn.
  // '', '#' and '#/' are all the lobby: moving between them redraws nothing.
  let shown = null;
  let latest = 0;
  const route = async () => {
    const key = /^#?\/?$/.test(location.hash) ? '#/' : location.hash;
    if (key === shown) return;
    shown = key;
    const mine = ++latest;
    document.body.dataset.ready = 'false';
    leave?.();
    leave = null;
    let close = null;
    const view = h('div.page');
    const m = /^#\/game\/([\w-]+)/.exec(location.hash);
    const replayed = /^#\/game\/[\w-]+\/replay\b/.test(location.hash);
    const player = /^#\/player\/([^/]+)/.exec(location.hash);
    const tm = /^#\/tournament\/([\w-]+)/.exec(location.hash);
    const rules = /^#\/rules\/([\w-]+)(?:\/([\w.]+))?/.exec(location.hash);
    const how = /^#\/how\/([\w-]+)/.exec(location.hash);
    try {
      if (rules) close = await (await page('rules')).rulesPage(view, app, rules[1], rules[2]);
      else if (how) close = await (await page('how')).howPage(view, app, how[1]);
      else if (tm) close = await tournamentPage(view, app, tm[1]);
      else if (location.hash === '#/tournaments') close = await tournamentList(view, app);
      else if (replayed) close = await (await page('replay')).replayPage(view, app, location.hash);
      else if (m) close = await (await page('table')).table(view, app, m[1]);
      else if (player) close = await playerPage(view, app, decodeURIComponent(player[1]));
      else if (location.hash === '#/account') close = await account(view);
      else {
        close = await lobby(view, app);
        // Finding a game (matchmaking.js): Play now and the open challenges, atop the lobby's first column.
        if (app.mutations.has('playNow')) view.querySelector('section.lobby .col')?.prepend(matchPanel(app));
      }
      if (mine !== latest) return close?.();
      leave = close;
      root.replaceChildren(view);
      if (m && !replayed) offerNotifications(view, app, m[1]);
    } catch (e) {
      if (mine !== latest) return close?.();
      root.replaceChildren(view);
      clear(view, h('p.error', { role: 'alert' }, errorText(e)), h('a', { href: '#/' }, t('lobby')));
    }
    if (mine === latest) document.body.dataset.ready = 'true';
  };
  addEventListener('hashchange', route);
  addEventListener(REDRAW, () => ((shown = null), route()));
  await route();
}

/**
 * The table's and the rules page's modules, loaded when first needed (the lobby stays light). Served
 * as written (public/js), all of a page's modules are hinted at once (modulepreload) rather than
 * found one import after another; in the bundle the server makes (services/web/page-bundle.ts) a
 * page is a file or two that import each other, and hints would fetch the unbundled modules.
 */
const PAGES = {
  table: ['table.js', 'cards.js', 'card-panel.js', 'card-info.js', 'words.js', 'game-log.js', 'final-sheet.js', 'focus.js', 'moves-panel.js',
    'log/index.js', 'log/shared.js', 'log/scout.js', 'log/sea-salt-and-paper.js', 'log/seledyne.js', 'log/silver.js',
    'play-by-turn.js', 'clocks.js', 'games/index.js', 'games/helpers.js', 'games/scout.js', 'games/sea-salt-and-paper.js', 'games/seledyne.js', 'games/seledyne-cards.js', 'games/silver.js', 'games/silver-powers-fa.js', 'names.js'],
  rules: ['rules.js', 'markdown.js'],
};
// "How to play" draws the cards with the table's own renderers.
PAGES.how = ['how.js', ...PAGES.table.filter((f) => f.startsWith('games/') || ['cards.js', 'card-panel.js', 'card-info.js', 'words.js'].includes(f))];
PAGES.replay = ['replay.js', ...PAGES.table.filter((f) => f !== 'table.js' && f !== 'moves-panel.js')];
/** Each page's first module, named in full so the bundler finds it (a computed path would take in every file). */
const LOADERS = { table: () => import('./table.js'), rules: () => import('./rules.js'), how: () => import('./how.js'), replay: () => import('./replay.js') };
const unbundled = new URL(import.meta.url).pathname === '/js/main.js';
const hinted = new Set();
function page(name) {
  for (const file of unbundled ? PAGES[name] : []) {
    if (hinted.has(file)) continue;
    hinted.add(file);
    document.head.append(Object.assign(document.createElement('link'), { rel: 'modulepreload', href: `/js/${file}` }));
  }
  return LOADERS[name]();
}

/**
 * Loads more of the catalog when a page needs it (the create form's options, a table's card
 * list), once, into the same game type objects: the lobby's first request stays small.
 */
function catalogFields(catalog) {
  const loaded = new Map();
  return (selection) => {
    if (!loaded.has(selection)) {
      loaded.set(selection, gql(`{ gameTypes { id ${selection} } }`).then((d) => {
        for (const more of d.gameTypes) Object.assign(catalog.find((g) => g.id === more.id) ?? {}, more);
      }));
    }
    return loaded.get(selection);
  };
}

/** The top bar: title, the player's name, the language switch. */
function chrome(app) {
  const name = h('input', { id: 'name', value: store.name, placeholder: t('yourName'), 'aria-label': t('yourName'), maxlength: 40, oninput: (e) => (store.name = e.target.value) });
  const switchLang = () => {
    store.lang = store.lang === 'fa' ? 'en' : 'fa';
    location.reload();
  };
  clear(
    document.getElementById('top'),
    h('a.brand', { href: '#/' }, h('span.logo', { 'aria-hidden': 'true' }, '♠'), t('title')),
    h('span.tagline.muted', {}, t('tagline')),
    app?.queries.has('tournaments') && h('a.link.tournaments-link', { href: '#/tournaments' }, lang() === 'fa' ? 'مسابقه‌ها' : 'Tournaments'),
    h('span.spacer'),
    name,
    app.mutations.has('createDeviceLink') ? h('a.link', { id: 'account-link', href: '#/account' }, t('account')) : null,
    h('button.link', { id: 'lang', onclick: switchLang }, t('language')),
  );
}

start().catch((e) => clear(root, h('p.error', { role: 'alert' }, String(e.message ?? e))));
