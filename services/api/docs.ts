/** OpenAPI for the REST mirror, generated from the route schemas, with its UI at /docs (development only). */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';

export const openApiDocs = fp(async function openApiDocs(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Parlor', version: '1', description: 'REST mirror of the GraphQL API (/graphql). Errors: { error: { code, message } }.' },
      components: { securitySchemes: { seatToken: { type: 'http', scheme: 'bearer', description: 'The token joinGame returned' } } },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
});
