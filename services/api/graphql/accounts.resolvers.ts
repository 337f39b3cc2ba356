/** Resolvers of accounts.schema.ts: thin adapters to services/accounts. */
import type { IResolvers } from 'mercurius';
import type { Device } from '../../players/devices.js';
import type { PlayApi } from '../../play-by-turn.js';
import { guarded, type ParlorContext } from './context.js';

/** The device a credential's token belongs to, if any. */
export const deviceOf = (token: ParlorContext['token']) => (token && typeof token === 'object' && 'device' in token ? token.device : undefined);

export function accountsResolvers(play: PlayApi): IResolvers {
  const { accounts } = play;
  const userAgent = (ctx: ParlorContext) => ctx.reply?.request.headers['user-agent'];
  return {
    Mutation: {
      createDeviceLink: (_root, _args, ctx: ParlorContext) => guarded(() => accounts.createDeviceLink(ctx.token)),
      redeemDeviceLink: (_root, args: { code: string }, ctx: ParlorContext) => guarded(() => accounts.redeemDeviceLink(args.code, userAgent(ctx))),
      revokeDevice: (_root, args: { id: string }, ctx: ParlorContext) => guarded(() => accounts.revokeDevice(ctx.token, args.id)),
      signOut: (_root, _args, ctx: ParlorContext) => guarded(() => accounts.signOut(ctx.token)),
    },
    Player: {
      devices: (p: { id: string }) => guarded(() => accounts.devices(p.id)),
    },
    Device: {
      current: (d: Device, _args: unknown, ctx: ParlorContext) => d.id === deviceOf(ctx.token),
    },
  };
}
