/** OpenAPI for the REST mirror, generated from the route schemas, with its UI at /docs (development only). */
import type { FastifyInstance } from 'fastify';
import type { AnyGame } from '../engine/core/index.js';
import { openapiOptions } from './rest/openapi.js';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';

export const openApiDocs = fp(async function openApiDocs(app: FastifyInstance, opts: { games: readonly AnyGame[] }) {
  await app.register(swagger, openapiOptions(opts.games));
  await app.register(swaggerUi, { routePrefix: '/docs' });
});
