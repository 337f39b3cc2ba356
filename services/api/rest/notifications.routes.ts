/**
 * The REST mirror of notifications.schema.ts (Web Push, the email digest, settings), plus the
 * digest's unsubscribe link. Registered inside the /v1 routes (their error shape and credentials).
 */
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../app/errors.js';
import { playerOf } from '../../players/index.js';
import type { PlayApi } from '../../play-by-turn.js';
import { CHANNELS, type SettingsInput } from '../../notifications/settings.js';
import { WEBHOOK_EVENTS } from '../../notifications/webhooks.js';
import { pushSubscriptionDto } from '../graphql/notifications.resolvers.js';

const error = {
  type: 'object',
  properties: { error: { type: 'object', properties: { code: { type: 'string' }, message: { type: 'string' } }, required: ['code', 'message'] } },
} as const;
const anyObject = { type: 'object', additionalProperties: true } as const;
const refusals = { 400: error, 401: error, 404: error };
const auth = [{ seatToken: [] }];
const tags = ['notifications'];
const text = (max: number) => ({ type: 'string', maxLength: max }) as const;
const hhmm = { type: 'string', maxLength: 5 } as const;

const settingsBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    events: { type: ['array', 'null'], maxItems: WEBHOOK_EVENTS.length, items: { type: 'string', enum: [...WEBHOOK_EVENTS] } },
    channels: { type: ['array', 'null'], maxItems: CHANNELS.length, items: { type: 'string', enum: [...CHANNELS] } },
    quietHours: { type: ['object', 'null'], additionalProperties: false, required: ['start', 'end'], properties: { start: hhmm, end: hhmm, timeZone: { type: ['string', 'null'], maxLength: 64 } } },
    digestEveryHours: { type: ['integer', 'null'] },
  },
} as const;

export async function notificationsRoutes(app: FastifyInstance, opts: { play: PlayApi; now: () => number }) {
  const n = opts.play.notifications;

  app.get('/push/public-key', { schema: { summary: 'The VAPID public key (base64url): pushManager.subscribe’s applicationServerKey', tags, response: { 200: anyObject } } }, async () => ({
    publicKey: (await n.vapidKeys()).publicKey,
  }));

  app.get('/me/push-subscriptions', { schema: { summary: "The calling player's push subscriptions", tags, security: auth, response: { 200: { type: 'array', items: anyObject }, ...refusals } } }, async (req) =>
    (await n.pushSubscriptions.list(playerOf(req.credential))).map(pushSubscriptionDto),
  );

  app.post<{ Body: { endpoint: string; p256dh: string; auth: string } }>(
    '/me/push-subscriptions',
    {
      schema: {
        summary: "Add this browser's Web Push subscription (PushSubscription.toJSON(): endpoint, keys.p256dh, keys.auth); at most 10, the oldest goes",
        tags,
        security: auth,
        body: { type: 'object', required: ['endpoint', 'p256dh', 'auth'], additionalProperties: false, properties: { endpoint: text(1000), p256dh: text(100), auth: text(40) } },
        response: { 201: anyObject, ...refusals },
      },
    },
    async (req, reply) => reply.status(201).send(pushSubscriptionDto(await n.pushSubscriptions.add(playerOf(req.credential), req.body, opts.now()))),
  );

  app.delete<{ Params: { id: string } }>(
    '/me/push-subscriptions/:id',
    { schema: { summary: 'Remove a push subscription', tags, security: auth, params: { type: 'object', properties: { id: text(100) }, required: ['id'] }, response: { 200: anyObject, ...refusals } } },
    async (req) => ({ removed: await n.pushSubscriptions.remove(playerOf(req.credential), req.params.id) }),
  );

  app.get('/me/notification-settings', { schema: { summary: 'Which events reach the calling player, by which channels, and when not', tags, security: auth, response: { 200: anyObject, ...refusals } } }, async (req) =>
    n.settings.get(playerOf(req.credential)),
  );

  app.put<{ Body: SettingsInput }>(
    '/me/notification-settings',
    { schema: { summary: 'Change notification settings (setNotificationSettings): an absent field keeps its value, quietHours null clears them', tags, security: auth, body: settingsBody, response: { 200: anyObject, ...refusals } } },
    async (req) => n.settings.update(playerOf(req.credential), req.body),
  );

  app.put<{ Body: { address: string | null } }>(
    '/me/email',
    {
      schema: {
        summary: 'Where the email digest goes (setEmail); null removes the address',
        tags,
        security: auth,
        body: { type: 'object', required: ['address'], additionalProperties: false, properties: { address: { type: ['string', 'null'], maxLength: 320 } } },
        response: { 200: anyObject, ...refusals },
      },
    },
    async (req) => n.settings.setEmail(playerOf(req.credential), req.body.address),
  );

  // The digest's link (GET, from the mail) and RFC 8058 one-click (POST, from the mail client): email off.
  const unsubscribe = async (token: string) => {
    const player = await n.unsubscribe.verify(token);
    if (player === null) throw new AppError('BAD_INPUT', 'this unsubscribe link is not valid');
    await n.settings.emailOff(player);
  };
  const query = { type: 'object', required: ['token'], properties: { token: text(200) } } as const;
  app.get<{ Querystring: { token: string } }>('/unsubscribe', { schema: { summary: 'The email digest’s unsubscribe link: turns email off', tags, querystring: query } }, async (req, reply) => {
    await unsubscribe(req.query.token);
    return reply.type('text/html; charset=utf-8').send('<!doctype html><meta charset="utf-8"><title>Parlor</title><p>Parlor will send you no more email. Turn it on again in the page’s settings.</p>');
  });
  app.post<{ Querystring: { token: string } }>('/unsubscribe', { schema: { summary: 'One-click unsubscribe (RFC 8058): turns email off', tags, querystring: query, response: { 200: anyObject, 400: error } } }, async (req) => {
    await unsubscribe(req.query.token);
    return { unsubscribed: true };
  });
}
