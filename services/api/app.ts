/**
 * The Fastify app: GraphQL (+ subscriptions, GraphiQL) and the REST mirror with OpenAPI.
 * The same app runs under `npm start` and inside the Lambda handler.
 */
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { ParlorService } from '../app/service.js';
import { graphqlPlugin } from './graphql/plugin.js';
import { openapiOptions } from './rest/openapi.js';
import { restRoutes } from './rest/routes.js';
import type { PlayApi } from '../play-by-turn.js';
import { webClient } from '../web/plugin.js';

export interface AppOptions {
  service: ParlorService;
  play: PlayApi;
  logger?: FastifyServerOptions['logger'];
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: 256 * 1024,
    // Refuse what does not match a route's schema instead of coercing or silently dropping it.
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false } },
  });
  await app.register(swagger, openapiOptions(options.service.games));
  await app.register(swaggerUi, { routePrefix: '/docs' });
  await app.register(graphqlPlugin, { service: options.service, play: options.play });
  await app.register(restRoutes, { service: options.service, play: options.play, prefix: '/v1' });
  await app.register(webClient);
  app.get('/health', { schema: { hide: true } }, async () => ({ ok: true }));
  return app;
}
