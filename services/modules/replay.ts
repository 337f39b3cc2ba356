/** Replays: a finished game's record, move by move (GraphQL and REST). */
import { replayResolvers, replaySchema } from '../api/graphql/replay.js';
import { replayRoutes } from '../api/rest/replay.routes.js';
import type { Module } from './module.js';

export const replay: Module = {
  name: 'replay',
  sdl: replaySchema,
  resolvers: (service) => replayResolvers(service),
  routes: replayRoutes,
};
