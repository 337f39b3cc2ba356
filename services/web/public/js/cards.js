/**
 * Cards drawn with CSS: a face (any content) or a back. A card with a key that some legal
 * move uses is "live": it glows and a click selects it (the table then offers the moves
 * that use every selected card, or plays the only one). A card with `info` opens the card
 * panel: on a click when no move uses it, on a long press or right click, or the "i" key.
 * A card the last move touched (`c.moved`) is marked.
 */
import { h } from './dom.js';
import { onLongPress, openCardPanel } from './card-panel.js';

/** c: the table's pick state ({ isLive(key), isSelected(key), pick(key), moved? }). */
export function card(c, { key, cls = '', style, title, owner, info, label }, ...body) {
  const live = key !== undefined && c.isLive(key);
  const about = typeof info === 'function' ? info() : info;
  const moved = key !== undefined && c.moved?.has(key);
  const classes = ['card', cls, live ? 'live' : '', key !== undefined && c.isSelected(key) ? 'selected' : '', moved ? 'moved' : '', about ? 'has-info' : ''].filter(Boolean).join(' ');
  const name = label ?? about?.title ?? title;
  const el = h(
    'div',
    {
      class: classes,
      style,
      title: title ?? about?.title,
      role: live || about ? 'button' : name ? 'img' : undefined,
      tabindex: live || about ? 0 : undefined,
      // A face says its name in hidden text (the visible numbers alone are ambiguous); a back in its label.
      'aria-label': body.length ? undefined : name,
      'aria-pressed': live ? String(c.isSelected(key)) : undefined,
      dataset: { ...(key !== undefined ? { key } : {}), ...(owner !== undefined ? { owner: String(owner) } : {}) },
      onclick: live ? () => c.pick(key) : about ? () => openCardPanel(about, el) : undefined,
      onkeydown: (e) => {
        if (about && (e.key === 'i' || e.key === 'I')) return e.preventDefault(), openCardPanel(about, el);
        if (e.key !== 'Enter' && e.key !== ' ') return;
        e.preventDefault();
        if (live) c.pick(key);
        else if (about) openCardPanel(about, el);
      },
    },
    body.length && name ? h('span.sr-only', {}, name) : null,
    body.length && name ? h('span.face', { 'aria-hidden': 'true' }, ...body) : body,
  );
  if (about) onLongPress(el, () => openCardPanel(about, el));
  return el;
}

export function back(c, opts = {}) {
  return card(c, { label: c.lang === 'fa' ? 'کارت پشت‌ورو' : 'face-down card', ...opts, cls: `back ${opts.cls ?? ''}` });
}

/** Many face-down cards as one compact stack with its count (opponents' hands). */
export function backs(c, count, opts = {}) {
  if (!count) return h('span.stack-count', {}, '—');
  const n = c.lang === 'fa' ? String(count).replace(/[0-9]/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[d]) : String(count);
  return h('div.stack', { 'aria-label': `${n} ${c.lang === 'fa' ? 'کارت پشت‌ورو' : 'face-down cards'}`, role: 'img' },
    Array.from({ length: Math.min(count, 4) }, () => h('div.card.back.small', { 'aria-hidden': 'true', ...opts })), h('span.stack-count', { 'aria-hidden': 'true' }, `×${n}`));
}

/** A row of cards with a caption; `owner` marks whose hidden cards these are (tests check it). */
export function row(caption, cards, attrs = {}) {
  return h('div.zone', attrs, caption ? h('div.zone-caption', {}, caption) : null, h('div.cards', {}, cards));
}

/** A clickable target that is not a card (a deck, a pile, a gap between cards, a player). */
export function target(c, key, cls, ...body) {
  return card(c, { key, cls: `target ${cls}` }, ...body);
}

/** A small "i" button opening the panel for a word of the game (Isthām, the Counter…). */
export function infoButton(info, lang) {
  const btn = h('button.info', { type: 'button', 'aria-label': `${lang === 'fa' ? 'دربارهٔ' : 'About'} ${info.title}`, onclick: () => openCardPanel(info, btn) }, 'i');
  return btn;
}
