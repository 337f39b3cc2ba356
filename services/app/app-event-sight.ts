/**
 * What a viewer sees of the app's own events. They carry no hidden card, but two are not for
 * everyone: a message's text is for the seated players (and spectators when the creator chose
 * `spectatorChat`), and a mute is for the seat that muted only. The history, the subscription
 * payloads and the published record all go through here.
 */
import type { Viewer } from '../engine/core/index.js';
import type { AppEvent, GameSettings } from './app-events.js';

/** Whether `viewer` may read the game's messages. */
export const readsChat = (settings: Pick<GameSettings, 'spectatorChat'>, viewer: Viewer): boolean => viewer !== null || settings.spectatorChat === true;

/** The event as `viewer` may see it, or null when it is not theirs to see at all. */
export function appEventFor(e: AppEvent, settings: Pick<GameSettings, 'spectatorChat'>, viewer: Viewer): AppEvent | null {
  if (e.type === 'ChatMuted') return e.seat === viewer ? e : null;
  if (e.type === 'MessageSent' && !readsChat(settings, viewer)) {
    const { text: _hidden, ...rest } = e;
    return rest;
  }
  return e;
}
