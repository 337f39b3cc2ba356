/**
 * The players' inbox: each commit puts right whose turn it is in every player's list of games
 * (players/inbox.ts), and its changes become notices (play-by-turn.ts notifyFromInbox). First in
 * the list: the other modules' notices follow it, as on AWS before.
 */
import type { Module } from './module.js';

export const inbox: Module = {
  name: 'inbox',
  reactions: ({ play }) => [play.players.inbox.projection()],
};
