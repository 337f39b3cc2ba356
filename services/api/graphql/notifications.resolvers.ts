/** Resolvers of notifications.schema.ts: thin adapters to services/notifications. */
import type { IResolvers } from 'mercurius';
import { playerOf } from '../../players/index.js';
import type { PlayApi } from '../../play-by-turn.js';
import type { PushSubscription } from '../../notifications/push/subscriptions.js';
import type { SettingsInput } from '../../notifications/settings.js';
import { guarded, type ParlorContext } from './context.js';

/** What a client sees of a subscription: not its keys. */
export const pushSubscriptionDto = ({ id, endpoint, createdAt }: PushSubscription) => ({ id, endpoint, createdAt });

export function notificationsResolvers(play: PlayApi, now: () => number): IResolvers {
  const n = play.notifications;
  return {
    Query: {
      pushPublicKey: () => guarded(async () => (await n.vapidKeys()).publicKey),
    },
    Mutation: {
      addPushSubscription: (_root, args: { endpoint: string; p256dh: string; auth: string }, ctx: ParlorContext) =>
        guarded(async () => pushSubscriptionDto(await n.pushSubscriptions.add(playerOf(ctx.token), args, now()))),
      removePushSubscription: (_root, args: { id: string }, ctx: ParlorContext) => guarded(() => n.pushSubscriptions.remove(playerOf(ctx.token), args.id)),
      setEmail: (_root, args: { address?: string | null }, ctx: ParlorContext) => guarded(() => n.settings.setEmail(playerOf(ctx.token), args.address ?? null)),
      setNotificationSettings: (_root, args: { input: SettingsInput }, ctx: ParlorContext) => guarded(() => n.settings.update(playerOf(ctx.token), args.input)),
    },
    Player: {
      notificationSettings: (p: { id: string }) => guarded(() => n.settings.get(p.id)),
      pushSubscriptions: (p: { id: string }) => guarded(async () => (await n.pushSubscriptions.list(p.id)).map(pushSubscriptionDto)),
    },
  };
}
