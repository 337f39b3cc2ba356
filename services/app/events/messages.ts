/** The table's messages and mutes (services/messages). */
import type { Seat } from '../../engine/core/index.js';
import { noChat, RECENT_SENDS, type AppState } from './state.js';

/** A seated player's message to the table (plain text; services/messages). */
export interface MessageSent {
  type: 'MessageSent';
  seat: Seat;
  /** Absent for a viewer who may not read the game's messages (a spectator, unless spectatorChat). */
  text?: string;
  /** ISO time it was sent (the rate limit counts these). */
  at: string;
}
/** A seat stops (or starts again) showing another seat's messages: seen by the muting seat only. */
export interface ChatMuted {
  type: 'ChatMuted';
  seat: Seat;
  muted: Seat;
  on: boolean;
}


export const messageFolds = {
  MessageSent: (s: AppState, e: MessageSent): AppState => {
    const chat = s.chat ?? noChat();
    const recent = [...(chat.recent[e.seat] ?? []), Date.parse(e.at)].slice(-RECENT_SENDS);
    return { ...s, chat: { ...chat, count: chat.count + 1, recent: { ...chat.recent, [e.seat]: recent } } };
  },
  ChatMuted: (s: AppState, e: ChatMuted): AppState => {
    const chat = s.chat ?? noChat();
    const others = (chat.muted[e.seat] ?? []).filter((m) => m !== e.muted);
    return { ...s, chat: { ...chat, muted: { ...chat.muted, [e.seat]: e.on ? [...others, e.muted].sort((a, b) => a - b) : others } } };
  },
};
