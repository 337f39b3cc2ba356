/**
 * The rules page of a game (#/rules/<game>[/<section>]): docs/rules/<game>.md as the server
 * serves it (/rules/<game>.md), or in Persian docs/rules/<game>.fa.md (/rules/<game>.fa.md),
 * rendered by js/markdown.js, scrolled to the section asked for ("3.4" → the heading "3.4 …" or
 * "۳.۴ …", else its parent "3"). A game without a Persian text shows the English one with a note.
 */
import { clear, h } from './dom.js';
import { lang, named, t } from './i18n.js';
import { markdown } from './markdown.js';

const cache = new Map();

/** The text of /rules/<file>, fetched once; null when the server has none. */
function rulesText(file) {
  if (!cache.has(file)) cache.set(file, fetch(`/rules/${file}`).then((r) => (r.ok ? r.text() : r.status === 404 ? null : Promise.reject(new Error(`rules: HTTP ${r.status}`)))));
  return cache.get(file);
}

export async function rulesPage(root, app, game, section) {
  const type = app.catalog.find((g) => g.id === game);
  if (!type) throw Object.assign(new Error(`no game ${game}`), { code: 'NOT_FOUND' });
  const persian = lang() === 'fa' ? await rulesText(`${game}.fa.md`) : null;
  const text = persian ?? (await rulesText(`${game}.md`));
  if (text === null) throw Object.assign(new Error(`no rules for ${game}`), { code: 'NOT_FOUND' });
  const body = h('article.rules-text', persian ? { lang: 'fa', dir: 'rtl' } : { lang: 'en', dir: 'ltr' });
  body.innerHTML = markdown(text.replace(/^# .*\n/, '')); // escaped by markdown(); the title is the page's h1
  clear(
    root,
    h('section.rules',
      {},
      h('header.table-head', {},
        h('a.back', { href: '#/', onclick: (e) => (history.length > 1 ? (e.preventDefault(), history.back()) : null) }, (lang() === 'fa' ? '→ ' : '← ') + t('backToTable')),
        h('h1', {}, `${t('rulesOf')} ${named(type.names, game)}`),
        lang() === 'fa' && !persian ? h('span.muted', {}, 'متن فارسی قوانین هنوز نوشته نشده است؛ متن انگلیسی:') : null),
      body),
  );
  const target = section && (body.querySelector(`#${CSS.escape(`s-${section}`)}`) ?? body.querySelector(`#${CSS.escape(`s-${section.split('.')[0]}`)}`));
  // After the router has put the page on screen (a detached element does not scroll).
  requestAnimationFrame(() => (target ?? root).scrollIntoView?.({ block: 'start' }));
  return null;
}
