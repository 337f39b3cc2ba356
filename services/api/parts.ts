/**
 * What a concern adds to the api (its GraphQL SDL and resolvers, its REST routes), as the api
 * receives it: the list of concerns is composed above the api (services/modules), so the api
 * takes the parts as an argument and never imports the list.
 */
import type { FastifyInstance } from 'fastify';
import type { IResolvers } from 'mercurius';
import type { ParlorService } from '../app/service.js';
import type { PlayApi } from '../play-by-turn.js';

export interface ApiPart {
  /** The concern's name (its checkpoints and docs use it too). */
  name: string;
  /** Its GraphQL types and its fields of Query, Mutation and Subscription (`extend type …`). */
  sdl?: string;
  resolvers?(service: ParlorService, play: PlayApi): IResolvers;
  /** Its REST routes: a Fastify plugin registered under /v1, after the base routes. */
  routes?(app: FastifyInstance, opts: { service: ParlorService; play: PlayApi }): Promise<void>;
}
