/**
 * The card panel: a card's name, number and what it does, in a dialog that opens on a click on a
 * card no move uses, on a long press (touch users never see a hover tooltip) or a right click on
 * any card, and on the "i" key. Escape or the close button returns focus to the card.
 */
import { h } from './dom.js';
import { t } from './i18n.js';

let dialog = null;

function ensure() {
  if (dialog) return dialog;
  dialog = h('dialog.card-panel', { 'aria-labelledby': 'card-panel-title' });
  document.body.append(dialog);
  dialog.addEventListener('click', (e) => e.target === dialog && dialog.close()); // a click beside the panel
  return dialog;
}

/** info: { title, lines: string[], links?: [{ href, text }] } */
export function openCardPanel(info, from) {
  const d = ensure();
  d.replaceChildren(
    h('h2', { id: 'card-panel-title' }, info.title),
    ...info.lines.map((l) => h('p', {}, l)),
    ...(info.links ?? []).map((l) => h('p', {}, h('a', { href: l.href, onclick: () => d.close() }, l.text))),
    h('button.primary', { onclick: () => d.close(), autofocus: true }, t('close')),
  );
  d.onclose = () => from?.isConnected && from.focus();
  d.showModal();
}

/** Long press (500 ms, finger held still) opens the panel and swallows the click that follows. */
export function onLongPress(el, open) {
  let timer = null;
  let fired = false;
  el.addEventListener('pointerdown', (e) => {
    fired = false;
    if (e.pointerType === 'mouse') return;
    timer = setTimeout(() => ((fired = true), open()), 500);
  });
  for (const end of ['pointerup', 'pointercancel', 'pointerleave', 'pointermove']) el.addEventListener(end, (e) => (end !== 'pointermove' || e.movementX || e.movementY) && clearTimeout(timer));
  el.addEventListener('click', (e) => fired && (e.stopImmediatePropagation(), e.preventDefault(), (fired = false)), true);
  el.addEventListener('contextmenu', (e) => (e.preventDefault(), open()));
}
