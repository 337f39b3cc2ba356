/** Ratings: each rated game's result moves its players' ratings (services/ratings, docs/ratings.md). */
import { ratingsResolvers, ratingsSdl } from '../api/graphql/ratings.js';
import { lazyRoutes, type Module } from './module.js';

export const ratings: Module = {
  name: 'ratings',
  sdl: ratingsSdl,
  resolvers: (_service, play) => ratingsResolvers(play),
  routes: lazyRoutes(async () => (await import('../api/rest/ratings.routes.js')).ratingsRoutes),
  // The commit that ends a rated game moves the ratings (on AWS: the stream function).
  reactions: ({ play }) => [play.ratings.projection()],
  // The ledger and the marks (store/ratings.ts): queried by the http function, written by the stream's reaction.
  aws: { tableActions: { http: ['dynamodb:Query', 'dynamodb:GetItem'], stream: ['dynamodb:Query', 'dynamodb:GetItem', 'dynamodb:PutItem'] } },
};
