/**
 * What a viewer sees of the app's own events. They carry no hidden card, but two are not for
 * everyone (nor is where a rated game's seats were taken from, for no one): a message's text is for the seated players (and spectators when the creator chose
 * `spectatorChat`), and a mute is for the seat that muted only. The history, the subscription
 * payloads and the published record all go through here.
 */
import type { Viewer } from '../engine/core/index.js';
import type { AppEvent, GameSettings } from './app-events.js';

/** Whether `viewer` may read the game's messages. */
export const readsChat = (settings: Pick<GameSettings, 'spectatorChat'>, viewer: Viewer): boolean => viewer !== null || settings.spectatorChat === true;

const hasMarks = (e: AppEvent) => ((e.type === 'SeatClaimed' || e.type === 'RematchOffered' || e.type === 'RematchAnswered') && e.marks !== undefined) || (e.type === 'GameSettings' && e.seated?.some((p) => p.marks) === true);

/** The event without where a rated game's seats were taken from (linked seats: app/seat-marks.ts), the server's alone: for every reader and every export. */
export function withoutMarks(e: AppEvent): AppEvent {
  if ((e.type === 'SeatClaimed' || e.type === 'RematchOffered' || e.type === 'RematchAnswered') && e.marks) {
    const { marks: _hidden, ...rest } = e;
    return rest;
  }
  if (e.type === 'GameSettings' && e.seated?.some((p) => p.marks)) return { ...e, seated: e.seated.map(({ marks: _hidden, ...p }) => p) };
  return e;
}

/** The event as `viewer` may see it, or null when it is not theirs to see at all. */
export function appEventFor(e: AppEvent, settings: Pick<GameSettings, 'spectatorChat'>, viewer: Viewer): AppEvent | null {
  if (hasMarks(e)) return withoutMarks(e);
  if (e.type === 'ChatMuted') return e.seat === viewer ? e : null;
  if (e.type === 'MessageSent' && !readsChat(settings, viewer)) {
    const { text: _hidden, ...rest } = e;
    return rest;
  }
  return e;
}
