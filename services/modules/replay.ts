/** Replays: a finished game's record, move by move (GraphQL and REST). */
import { replayResolvers, replaySchema } from '../api/graphql/replay.js';
import { lazyRoutes, type Module } from './module.js';

export const replay: Module = {
  name: 'replay',
  sdl: replaySchema,
  resolvers: (service) => replayResolvers(service),
  routes: lazyRoutes(async () => (await import('../api/rest/replay.routes.js')).replayRoutes),
};
