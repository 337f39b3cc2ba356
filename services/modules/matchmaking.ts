/**
 * Matchmaking: seeks, quick play and challenges by name, over GraphQL and REST
 * (services/matchmaking). Its pairing job is still wired in play-by-turn.ts.
 */
import { matchmakingResolvers, matchmakingSdl } from '../api/graphql/matchmaking.js';
import { lazyRoutes, type Module } from './module.js';

export const matchmaking: Module = {
  name: 'matchmaking',
  sdl: matchmakingSdl,
  resolvers: matchmakingResolvers,
  routes: lazyRoutes(async () => (await import('../api/rest/matchmaking.routes.js')).matchmakingRoutes),
};
