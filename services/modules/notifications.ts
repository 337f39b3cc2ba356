/**
 * Notifications: the player's channels (webhooks, push, the email digest) and their settings,
 * over GraphQL and REST (services/notifications). The notices themselves come from the inbox and
 * the other concerns' reactions; the outbox and the digest job are still wired in
 * play-by-turn.ts and the timer handler.
 */
import { notificationsResolvers } from '../api/graphql/notifications.resolvers.js';
import { notificationsSchema } from '../api/graphql/notifications.schema.js';
import { lazyRoutes, type Module } from './module.js';

export const notifications: Module = {
  name: 'notifications',
  sdl: notificationsSchema,
  resolvers: (service, play) => notificationsResolvers(play, () => service.now()),
  routes: lazyRoutes(async () => {
    const { notificationsRoutes } = await import('../api/rest/notifications.routes.js');
    return (app, { service, play }) => notificationsRoutes(app, { play, now: () => service.now() });
  }),
  settings: [
    { env: 'SMTP_URL', doc: 'The email digest through an SMTP server (unset: no email, unless MAIL_FROM with SES on AWS)' },
    { env: 'MAIL_FROM', doc: "The digest's sender" },
    { env: 'VAPID_SUBJECT', doc: 'The Web Push contact (mailto: or https:)' },
  ],
};
