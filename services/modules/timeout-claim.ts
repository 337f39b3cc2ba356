/** Claiming a win on time: the GraphQL and REST doors of the clocks' timeout claim (services/clocks). */
import { timeoutClaimResolvers, timeoutClaimSchema } from '../api/graphql/timeout-claim.js';
import { lazyRoutes, type Module } from './module.js';

export const timeoutClaim: Module = {
  name: 'timeout-claim',
  sdl: timeoutClaimSchema,
  resolvers: (service) => timeoutClaimResolvers(service),
  routes: lazyRoutes(async () => (await import('../api/rest/timeout-claim.routes.js')).timeoutClaimRoutes),
};
