/** What a push says for each notice: a title naming the game, the page to open. No hidden information. */
import type { Notice } from '../index.js';

export interface PushMessage {
  title: string;
  body: string;
  /** Relative to the page: the service worker opens it on click. */
  url: string;
  /** One notification per game on the device: a newer one replaces it. */
  tag: string;
}

const TITLES: Record<string, (label: string) => string> = {
  YOUR_TURN: (l) => `Your turn in ${l}`,
  DEADLINE_WARNING: (l) => `Time is running out in ${l}`,
  GAME_OVER: (l) => `Game over: ${l}`,
  TIMEOUT_CLAIM: (l) => `Out of time in ${l}: bot, end or wait?`,
  GAME_STARTED: (l) => `A game of ${l} found you`,
};

export function pushMessage(notice: Pick<Notice, 'type' | 'gameId' | 'deadline'>, label: string): PushMessage {
  const title = (TITLES[notice.type] ?? ((l: string) => `${l}: ${notice.type.toLowerCase().replace(/_/g, ' ')}`))(label);
  const body = notice.deadline && notice.type !== 'GAME_OVER' ? `Move by ${new Date(notice.deadline).toUTCString()}` : 'Open the game';
  return { title, body, url: `#/game/${encodeURIComponent(notice.gameId)}`, tag: `game:${notice.gameId}` };
}
