/**
 * The Fastify app: GraphQL (+ subscriptions, GraphiQL) and the REST mirror with OpenAPI.
 * The same app runs under `npm start` and inside the Lambda handler.
 */
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { ParlorService } from '../app/service.js';
import { graphqlPlugin } from './graphql/plugin.js';
import { restRoutes } from './rest/routes.js';
import type { PlayApi } from '../play-by-turn.js';

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
  await app.register(swagger, {
    openapi: {
      info: { title: 'Parlor', version: '1', description: 'REST mirror of the GraphQL API (/graphql). Errors: { error: { code, message } }.' },
      components: { securitySchemes: { seatToken: { type: 'http', scheme: 'bearer', description: 'The token joinGame returned, or a player token (registerPlayer)' } } },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
  await app.register(graphqlPlugin, { service: options.service, play: options.play });
  await app.register(restRoutes, { service: options.service, play: options.play, prefix: '/v1' });
  app.get('/health', { schema: { hide: true } }, async () => ({ ok: true }));
  return app;
}
