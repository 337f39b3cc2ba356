/**
 * Resolvers of the play-by-turn surface (play-by-turn.schema.ts): thin adapters to the
 * players, lifecycle and notifications parts.
 */
import type { IResolvers } from 'mercurius';
import type { ParlorService } from '../../app/service.js';
import type { InboxEntry } from '../../players/inbox.js';
import type { PlayerKind } from '../../players/registry.js';
import { playerOf } from '../../players/index.js';
import { takeBackOn } from '../../app/app-events.js';
import type { PlayApi } from '../../play-by-turn.js';
import { playByTurnFields } from '../play-by-turn.js';
import { guarded, type GameHandle, type ParlorContext } from './context.js';
import { DEVICE_HEADER, joinSource } from '../tournaments.js';

export const playerTopic = (player: string) => `player:${player}`;

/** Where a rematch offer or answer came from: a rated game's rematch seats carry its marks (linked seats). */
const rematchSource = (ctx: ParlorContext) => joinSource(ctx.reply.request.ip, ctx.reply.request.headers[DEVICE_HEADER], ctx.token);

export function playByTurnResolvers(service: ParlorService, play: PlayApi): IResolvers {
  const me = async (ctx: ParlorContext) => {
    const id = playerOf(ctx.token);
    return (await play.players.registry.get(id)) ?? { id, name: '', kind: 'HUMAN' };
  };
  const asGame = (ctx: ParlorContext) => async (agg: Awaited<ReturnType<ParlorService['load']>>): Promise<GameHandle> => ({ agg, viewer: service.seatOf(agg, ctx.token) });

  return {
    Query: {
      me: (_root, _args, ctx: ParlorContext) => guarded(async () => (ctx.token && typeof ctx.token === 'object' ? me(ctx) : null)),
    },
    Mutation: {
      registerPlayer: (_root, args: { name: string; kind?: PlayerKind | null }, ctx: ParlorContext) => guarded(() => play.players.register(args.name, args.kind ?? 'HUMAN', ctx.reply?.request.headers['user-agent'])),
      resign: (_root, args: { gameId: string }, ctx: ParlorContext) => guarded(async () => asGame(ctx)(await play.lifecycle.resign(args.gameId, ctx.token))),
      rematch: (_root, args: { gameId: string }, ctx: ParlorContext) => guarded(async () => asGame(ctx)(await play.lifecycle.offerRematch(args.gameId, playerOf(ctx.token), rematchSource(ctx)))),
      offerRematch: (_root, args: { gameId: string }, ctx: ParlorContext) => guarded(async () => asGame(ctx)(await play.lifecycle.offerRematch(args.gameId, playerOf(ctx.token), rematchSource(ctx)))),
      answerRematch: (_root, args: { gameId: string; accept: boolean }, ctx: ParlorContext) =>
        guarded(async () => asGame(ctx)(await play.lifecycle.answerRematch(args.gameId, playerOf(ctx.token), args.accept, rematchSource(ctx)))),
      cancelGame: (_root, args: { gameId: string }, ctx: ParlorContext) => guarded(async () => asGame(ctx)(await play.lifecycle.cancel(args.gameId, playerOf(ctx.token)))),
      addWebhook: (_root, args: { url: string; events?: string[] | null }, ctx: ParlorContext) => guarded(() => play.webhooks.add(playerOf(ctx.token), args.url, args.events ?? undefined)),
      removeWebhook: (_root, args: { id: string }, ctx: ParlorContext) => guarded(() => play.webhooks.remove(playerOf(ctx.token), args.id)),
    },
    Subscription: {
      myGames: {
        subscribe: (_root: unknown, _args: unknown, ctx: ParlorContext) => guarded(async () => ctx.pubsub.subscribe(playerTopic(playerOf(ctx.token)))),
        resolve: (entry: InboxEntry) => entry,
      },
    },
    Player: {
      games: (p: { id: string }, args: { awaitingMyMove?: boolean | null; first?: number | null; after?: string | null }) =>
        guarded(() => play.players.inbox.page(p.id, { awaitingMyMove: args.awaitingMyMove ?? undefined, first: args.first ?? undefined, after: args.after ?? undefined })),
      webhooks: (p: { id: string }) => guarded(() => play.webhooks.list(p.id)),
      awaitingCount: (p: { id: string }) => guarded(() => play.players.inbox.awaitingCount(p.id)),
    },
    PlayerGame: {
      rematchOffered: (entry: InboxEntry) => entry.rematchOffered ?? false,
      game: (entry: InboxEntry, _args: unknown, ctx: ParlorContext) => guarded(async () => asGame(ctx)(await service.load(entry.gameId))),
    },
    Game: {
      clocks: (h: GameHandle) => playByTurnFields(h.agg).clocks,
      rematch: (h: GameHandle) => h.agg.app.rematch,
      rematchOf: (h: GameHandle) => h.agg.app.settings.rematchOf ?? null,
      rematchOffer: (h: GameHandle) => playByTurnFields(h.agg).rematchOffer,
      timeoutBot: (h: GameHandle) => playByTurnFields(h.agg).timeoutBot,
      requireRegistered: (h: GameHandle) => h.agg.app.settings.requireRegistered === true,
      takeBack: (h: GameHandle) => takeBackOn(h.agg.app.settings),
    },
  };
}
