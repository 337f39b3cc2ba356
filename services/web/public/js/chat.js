/**
 * The table's chat: the game's messages (Game.messages, oldest at the top), a box to send one,
 * and a mute switch per other seat. Messages are plain text: they reach the page only as text
 * nodes (h() appends strings as text, never as HTML).
 */
import { errorText } from './errors.js';
import { gql } from './api.js';
import { h } from './dom.js';
import { t } from './i18n.js';

export const MAX_MESSAGE = 500;

/** `chat`: { draft, error, busy } kept across renders; `render` draws the table again. */
export function chatPanel(g, chat, token, render, playerName) {
  if (g.seat === null && !g.spectatorChat) return null;
  const muted = new Set(g.mutedSeats ?? []);
  const messages = [...(g.messages?.edges ?? [])].reverse().map((e) => e.node);
  const send = async () => {
    const text = chat.draft.trim();
    if (!text || chat.busy) return;
    chat.busy = true;
    chat.error = null;
    try {
      await gql('mutation($id: ID!, $t: String!) { sendMessage(gameId: $id, text: $t) { id } }', { id: g.id, t: text }, token);
      chat.draft = '';
    } catch (e) {
      chat.error = errorText(e);
    } finally {
      chat.busy = false;
      chat.focus = true;
      render();
    }
  };
  const mute = async (seat, on) => {
    try {
      await gql('mutation($id: ID!, $s: Int!, $m: Boolean) { muteInGame(gameId: $id, seat: $s, muted: $m) { id } }', { id: g.id, s: seat, m: on }, token);
    } catch (e) {
      chat.error = errorText(e);
      render();
    }
  };
  const box = g.seat === null || g.status.over ? null : h('textarea.chat-text', {
    rows: 2, maxlength: MAX_MESSAGE, placeholder: t('messagePlaceholder'), 'aria-label': t('message'),
    oninput: (e) => (chat.draft = e.target.value),
    onkeydown: (e) => e.key === 'Enter' && !e.shiftKey && (e.preventDefault(), send()),
  });
  if (box) {
    box.value = chat.draft;
    // The table is drawn anew on every update: whoever was typing keeps the box.
    chat.focus ||= document.activeElement?.classList?.contains('chat-text') ?? false;
    if (chat.focus) queueMicrotask(() => box.focus());
    chat.focus = false;
  }
  return h(
    'section.chat',
    { 'aria-label': t('chat') },
    h('h3', {}, t('chat')),
    messages.length
      ? h('ol.messages', { 'aria-live': 'polite' }, messages.map((m) => h('li.message', { dataset: { seat: m.seat } }, h('strong', {}, m.name || playerName(m.seat)), ' ', h('span.text', { dir: 'auto' }, m.text))))
      : h('p.muted', {}, t('noMessages')),
    chat.error ? h('p.error', { role: 'alert' }, chat.error) : null,
    box ? h('div.chat-send', {}, box, h('button.primary', { disabled: chat.busy, onclick: send }, t('send'))) : null,
    g.seat === null
      ? null
      : h(
          'div.mutes',
          {},
          g.players.filter((p) => p.seat !== g.seat && p.kind !== 'BOT').map((p) =>
            h('button.link.mute', { dataset: { seat: p.seat }, 'aria-pressed': String(muted.has(p.seat)), onclick: () => mute(p.seat, !muted.has(p.seat)) }, `${muted.has(p.seat) ? t('unmute') : t('mute')} ${playerName(p.seat)}`),
          ),
        ),
  );
}
