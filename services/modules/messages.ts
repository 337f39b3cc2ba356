/** Messages: the chat of a game, and a notice to the other players when one arrives (services/messages). */
import { messagesResolvers, messagesSchema } from '../api/graphql/messages.js';
import { messageNotices } from '../messages/notices.js';
import { lazyRoutes, type Module } from './module.js';

export const messages: Module = {
  name: 'messages',
  sdl: messagesSchema,
  resolvers: messagesResolvers,
  routes: lazyRoutes(async () => (await import('../api/rest/messages.routes.js')).messagesRoutes),
  reactions: ({ notifier }) => [messageNotices((notice, agg) => notifier.notify(notice, agg))],
};
