/**
 * GraphQL resolvers: thin adapters from the schema to ParlorService.
 * A `Game` field is resolved from a GameHandle: the aggregate and who is looking.
 */
import type { IResolvers } from 'mercurius';
import { guarded, topic, type GameHandle, type ParlorContext } from './context.js';
import { GraphQLJSON } from 'graphql-scalars';
import type { Aggregate } from '../../app/aggregate.js';
import type { Credential, ParlorService } from '../../app/service.js';
import { statusOf } from '../../app/aggregate.js';
import { checkNotSealed, shownSeed } from '../../app/sealed.js';
import { gameTypeDto, playersOf } from '../dto.js';
import { canTakeBack } from '../../app/commands/take-back.js';
import { lobbyQueries } from './lobby.js';
import { createInput, joinAs, type CreateGameFields } from '../play-by-turn.js';
import { DEVICE_HEADER } from '../tournaments.js';
import { inTypedForm, oneMove, typedMoves } from './typed-moves.js';

export { guarded, topic, type GameHandle, type ParlorContext } from './context.js';

export function resolvers(service: ParlorService): IResolvers {
  const handle = async (gameId: string, token: Credential): Promise<GameHandle> => {
    const agg = await service.load(gameId);
    const viewer = service.seatOf(agg, token);
    checkNotSealed(agg, viewer);
    return { agg, viewer };
  };

  return {
    JSON: GraphQLJSON,
    Query: {
      gameTypes: () => service.games.map(gameTypeDto),
      game: (_root, args: { id: string }, ctx: ParlorContext) => guarded(() => handle(args.id, ctx.token)),
      openGames: (_root, args: { type?: string | null }) => service.openGames(args.type ?? undefined),
      ...lobbyQueries(service),
    },
    Mutation: {
      createGame: (_root, args: { input: CreateGameFields }, ctx: ParlorContext) =>
        guarded(async () => ({ game: { agg: await service.create(createInput(args.input, ctx.token, service.now())), viewer: null } })),
      joinGame: (_root, args: { gameId: string; name: string; entropy?: string | null; joinKey?: string | null }, ctx: ParlorContext) =>
        guarded(async () => {
          const { agg, seat, token } = await joinAs(service, args.gameId, args.name, ctx.token, ctx.bearer, { entropy: args.entropy ?? undefined, joinKey: args.joinKey ?? undefined, client: ctx.reply.request.ip, device: ctx.reply.request.headers[DEVICE_HEADER] });
          return { seat, token, game: { agg, viewer: seat } };
        }),
      submitMove: (_root, args: { gameId: string; move?: unknown; typedMove?: Record<string, unknown> | null; expectedVersion?: number | null; commandId?: string | null }, ctx: ParlorContext) =>
        guarded(async () => {
          const move = oneMove(service.games, args.move, args.typedMove);
          const agg = await service
            .move({ gameId: args.gameId, token: ctx.token, ...move, expectedVersion: args.expectedVersion ?? undefined, commandId: args.commandId ?? undefined })
            // A client that sent typedMove is told the move it meant as a typedMove, not as JSON it never wrote.
            .catch((e: unknown) => Promise.reject(move.game === undefined ? e : inTypedForm(service.games, move.game, e)));
          return { game: { agg, viewer: service.seatOf(agg, ctx.token) } };
        }),
      takeBack: (_root, args: { gameId: string }, ctx: ParlorContext) =>
        guarded(async () => {
          const agg = await service.takeBack(args.gameId, ctx.token);
          return { game: { agg, viewer: service.seatOf(agg, ctx.token) } };
        }),
    },
    Subscription: {
      gameUpdated: {
        subscribe: (_root: unknown, args: { gameId: string }, ctx: ParlorContext) =>
          guarded(async () => {
            // Listen first, then read: a commit landing in between is not lost.
            const updates = (await ctx.pubsub.subscribe(topic(args.gameId))) as AsyncIterableIterator<Aggregate>;
            try {
              const now = await handle(args.gameId, ctx.token);
              return nowThenUpdates(now.agg, updates);
            } catch (e) {
              await updates.return?.();
              throw e;
            }
          }),
        // Each subscriber gets the game as its own seat sees it.
        resolve: (agg: Aggregate, _args: unknown, ctx: ParlorContext) => guarded(() => ({ agg, viewer: service.seatOf(agg, ctx.token) })),
      },
    },
    Game: {
      id: (h: GameHandle) => h.agg.id,
      type: (h: GameHandle) => h.agg.state.game,
      version: (h: GameHandle) => h.agg.version,
      seats: (h: GameHandle) => h.agg.state.seats,
      players: (h: GameHandle) => playersOf(h.agg),
      seat: (h: GameHandle) => h.viewer,
      options: (h: GameHandle) => h.agg.state.options,
      seedHash: (h: GameHandle) => h.agg.state.seedHash,
      seedFixed: (h: GameHandle) => h.agg.state.seedFixed,
      seed: (h: GameHandle) => shownSeed(h.agg),
      status: (h: GameHandle) => statusOf(h.agg),
      view: (h: GameHandle) => {
        const view = h.agg.table.view(h.agg.state, h.viewer);
        return view === null ? null : { ...(view as object), __typename: h.agg.table.game.viewType };
      },
      legalMoves: (h: GameHandle) => (h.viewer === null ? [] : h.agg.table.legalMoves(h.agg.state, h.viewer)),
      typedLegalMoves: (h: GameHandle) => (h.viewer === null ? [] : typedMoves(h.agg.table.game, h.agg.table.legalMoves(h.agg.state, h.viewer))),
      canTakeBack: (h: GameHandle) => canTakeBack(h.agg, h.viewer),
      history: (h: GameHandle) => guarded(() => service.history(h.agg, h.viewer)),
    },
  };
}

/** The current game first, then every newer version, in order (an older one arriving late is skipped). */
async function* nowThenUpdates(now: Aggregate, updates: AsyncIterableIterator<Aggregate>): AsyncGenerator<Aggregate> {
  let last = now.version;
  try {
    yield now;
    for await (const agg of updates) {
      if (agg.version <= last) continue;
      last = agg.version;
      yield agg;
    }
  } finally {
    await updates.return?.();
  }
}
