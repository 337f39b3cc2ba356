/** Messages: the chat of a game, and a notice to the other players when one arrives (services/messages). */
import { messagesResolvers, messagesSchema } from '../api/graphql/messages.js';
import { messagesRoutes } from '../api/rest/messages.routes.js';
import { messageNotices } from '../messages/notices.js';
import type { Module } from './module.js';

export const messages: Module = {
  name: 'messages',
  sdl: messagesSchema,
  resolvers: messagesResolvers,
  routes: messagesRoutes,
  reactions: ({ notifier }) => [messageNotices((notice, agg) => notifier.notify(notice, agg))],
};
