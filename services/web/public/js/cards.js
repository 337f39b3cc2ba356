/**
 * Cards drawn with CSS: a face (any content) or a back. A card with a key that some legal
 * move uses is "live": it glows and a click selects it (the table then offers the moves
 * that use every selected card, or plays the only one).
 */
import { h } from './dom.js';

/** c: the table's pick state ({ isLive(key), isSelected(key), pick(key) }). */
export function card(c, { key, cls = '', style, title, owner }, ...body) {
  const live = key !== undefined && c.isLive(key);
  const classes = ['card', cls, live ? 'live' : '', key !== undefined && c.isSelected(key) ? 'selected' : ''].filter(Boolean).join(' ');
  return h(
    'div',
    {
      class: classes,
      style,
      title,
      role: live ? 'button' : undefined,
      tabindex: live ? 0 : undefined,
      dataset: { ...(key !== undefined ? { key } : {}), ...(owner !== undefined ? { owner: String(owner) } : {}) },
      onclick: live ? () => c.pick(key) : undefined,
      onkeydown: live ? (e) => (e.key === 'Enter' || e.key === ' ') && (e.preventDefault(), c.pick(key)) : undefined,
    },
    ...body,
  );
}

export function back(c, opts = {}) {
  return card(c, { ...opts, cls: `back ${opts.cls ?? ''}` });
}

/** A row of cards with a caption; `owner` marks whose hidden cards these are (tests check it). */
export function row(caption, cards, attrs = {}) {
  return h('div.zone', attrs, caption ? h('div.zone-caption', {}, caption) : null, h('div.cards', {}, cards));
}

/** A clickable target that is not a card (a deck, a pile, a gap between cards, a player). */
export function target(c, key, cls, ...body) {
  return card(c, { key, cls: `target ${cls}` }, ...body);
}
