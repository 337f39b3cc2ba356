/**
 * The rules page of a game (#/rules/<game>[/<section>]): docs/rules/<game>.md as the server
 * serves it (/rules/<game>.md), rendered by js/markdown.js, scrolled to the section asked for
 * ("3.4" → the heading "3.4 …", else its parent "3"). In English: the Persian text is not written yet.
 */
import { clear, h } from './dom.js';
import { lang, named, t } from './i18n.js';
import { markdown } from './markdown.js';

const cache = new Map();

export async function rulesPage(root, app, game, section) {
  const type = app.catalog.find((g) => g.id === game);
  if (!type) throw Object.assign(new Error(`no game ${game}`), { code: 'NOT_FOUND' });
  if (!cache.has(game)) cache.set(game, fetch(`/rules/${game}.md`).then((r) => (r.ok ? r.text() : Promise.reject(new Error(`rules: HTTP ${r.status}`)))));
  const text = await cache.get(game);
  const body = h('article.rules-text', { lang: 'en', dir: 'ltr' });
  body.innerHTML = markdown(text.replace(/^# .*\n/, '')); // escaped by markdown(); the title is the page's h1
  clear(
    root,
    h('section.rules',
      {},
      h('header.table-head', {},
        h('a.back', { href: '#/', onclick: (e) => (history.length > 1 ? (e.preventDefault(), history.back()) : null) }, (lang() === 'fa' ? '→ ' : '← ') + t('backToTable')),
        h('h1', {}, `${t('rulesOf')} ${named(type.names, game)}`),
        lang() === 'fa' ? h('span.muted', {}, 'متن فارسی قوانین هنوز نوشته نشده است؛ متن انگلیسی:') : null),
      body),
  );
  const target = section && (body.querySelector(`#${CSS.escape(`s-${section}`)}`) ?? body.querySelector(`#${CSS.escape(`s-${section.split('.')[0]}`)}`));
  (target ?? root).scrollIntoView?.({ block: 'start' });
  return null;
}
