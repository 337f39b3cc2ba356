/**
 * The web client's entry: loads the schema and the catalog in one request, then routes
 * #/ to the lobby and #/game/<id> (the invite link) to that game's table.
 */
import { gql, Schema, INTROSPECTION_FIELDS } from './api.js';
import { clear, h } from './dom.js';
import { applyLang, t } from './i18n.js';
import { lobby, useApp } from './lobby.js';
import { store } from './seats.js';
import { table } from './table.js';

const root = document.getElementById('main');
let leave = null;

async function start() {
  applyLang();
  const data = await gql(`{ ${INTROSPECTION_FIELDS} gameTypes { id names { en fa } seats { min max } viewType catalog options { name description default schema } } }`);
  const app = { schema: Schema.from(data), catalog: data.gameTypes };
  useApp(app);
  chrome();
  const route = async () => {
    leave?.();
    leave = null;
    const m = /^#\/game\/([\w-]+)/.exec(location.hash);
    try {
      leave = m ? await table(root, app, m[1]) : await lobby(root, app);
    } catch (e) {
      clear(root, h('p.error', { role: 'alert' }, `${e.code ?? t('error')}: ${e.message}`), h('a', { href: '#/' }, t('lobby')));
    }
    document.body.dataset.ready = 'true';
  };
  addEventListener('hashchange', route);
  await route();
}

/** The top bar: title, the player's name, the language switch. */
function chrome() {
  const name = h('input', { id: 'name', value: store.name, placeholder: t('yourName'), 'aria-label': t('yourName'), maxlength: 40, oninput: (e) => (store.name = e.target.value) });
  const switchLang = () => {
    store.lang = store.lang === 'fa' ? 'en' : 'fa';
    location.reload();
  };
  clear(
    document.getElementById('top'),
    h('a.brand', { href: '#/' }, h('span.logo', { 'aria-hidden': 'true' }, '♠'), t('title')),
    h('span.tagline.muted', {}, t('tagline')),
    h('span.spacer'),
    name,
    h('button.link', { id: 'lang', onclick: switchLang }, t('language')),
  );
}

start().catch((e) => clear(root, h('p.error', { role: 'alert' }, String(e.message ?? e))));
