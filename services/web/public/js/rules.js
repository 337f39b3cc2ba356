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

/**
 * A description's citation of the rules ("docs/rules/scout.md §3.4 …", "(docs/rules/seledyne.md
 * A27, §7.3)") split out: { before, game, section, label, after }, or null when it cites none.
 */
export function citedSection(description) {
  const m = /docs\/rules\/([\w-]+)\.md\s*((?:[A-Z]\d+,\s*)?§\s*(\d+(?:\.\d+)*))?/.exec(description ?? '');
  if (!m) return null;
  return { before: description.slice(0, m.index), game: m[1], section: m[3] ?? null, label: m[2] ?? '', after: description.slice(m.index + m[0].length) };
}
