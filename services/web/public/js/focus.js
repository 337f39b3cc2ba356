/**
 * Keeps keyboard focus useful across a re-render (the table is drawn anew on every update): on
 * the same card, button or panel if it is still there, else — the card was played, the move
 * sent — on the next thing to do (a selected or highlighted card, the first move), else on the
 * status banner. Never back at the top of the page ("← Lobby").
 */
export function keepFocus(root, draw) {
  const was = document.activeElement;
  const inside = was && was !== document.body && root.contains(was);
  const again = inside ? sameSelector(was) : null;
  draw();
  if (!inside || document.querySelector('dialog[open]')) return;
  const same = again ? root.querySelector(again) : null;
  const next = same ?? root.querySelector('.card.selected[tabindex]') ?? root.querySelector('.board .card.live') ?? root.querySelector('button.move:not(:disabled)') ?? root.querySelector('.banner');
  next?.focus({ preventScroll: next.classList.contains('banner') });
}

/** How to find "the same" element in the new drawing; null for a move button (moves change). */
function sameSelector(el) {
  if (el.dataset.key) return `[data-key="${CSS.escape(el.dataset.key)}"][tabindex]`;
  if (el.matches('button.move')) return null;
  if (el.id) return `#${CSS.escape(el.id)}`;
  const panel = el.closest('[data-panel]');
  if (panel && el.tagName === 'SUMMARY') return `[data-panel="${panel.dataset.panel}"] > summary`;
  const cls = [...el.classList].map((c) => `.${CSS.escape(c)}`).join('');
  return cls ? `${el.tagName.toLowerCase()}${cls}` : null;
}
