/**
 * The Fastify app: GraphQL (+ subscriptions, GraphiQL) and the REST mirror with OpenAPI.
 * The same app runs under `npm start` and inside the Lambda handler.
 */
import { endQuietConnectionsAtClose } from './closing.js';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { ParlorService } from '../app/service.js';
import { graphqlPlugin } from './graphql/plugin.js';
import { restRoutes } from './rest/routes.js';
import { frameworkErrors, httpLimits } from './limits/http.js';
import { backPressure } from './limits/busy.js';
import { inFlightPerClient } from './limits/in-flight.js';
import { resolveLimits, type Limits } from './limits/settings.js';
import { websocketLimits } from './limits/websocket.js';
import { help } from './help.js';
import { lazySchemaCompilers } from './lazy-schemas.js';
import { requestLog } from './logging.js';
import type { PlayApi } from '../play-by-turn.js';
import type { ApiPart } from './parts.js';
import { webClient } from '../web/plugin.js';

export interface AppOptions {
  service: ParlorService;
  play: PlayApi;
  logger?: FastifyServerOptions['logger'];
  /** Every door's limit (services/api/limits/settings.ts); omitted ones take their defaults. */
  limits?: Partial<Limits>;
  /** GraphQL subscriptions over WebSocket (default true); off on Lambda, where the WebSocket API serves them. */
  subscriptions?: boolean;
  /** What each concern adds to GraphQL and REST, in the list's order (services/modules). */
  parts?: readonly ApiPart[];
  /**
   * Pieces left out, only for bench/write-path-cpu.ts to weigh each piece's CPU per request.
   * Never in a deployment: most of them are doors (limits), and services/handlers and services/local.ts pass none.
   */
  without?: readonly AppPiece[];
}

/** The pieces of a request's path the write-path bench can weigh one by one (`without`). */
export const APP_PIECES = ['requestLog', 'securityHeaders', 'rateLimits', 'responseSize', 'backPressure', 'inFlight', 'graphqlLimits', 'rest', 'webClient'] as const;
export type AppPiece = (typeof APP_PIECES)[number];

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const limits = resolveLimits(options.limits);
  const subscriptions = options.subscriptions ?? true;
  const app: FastifyInstance = Fastify({
    logger: options.logger ?? false,
    bodyLimit: 256 * 1024,
    // Refuse what does not match a route's schema instead of coercing or silently dropping it.
    // Our own schemas are checked against JSON Schema's meta-schema where the development tools
    // are on (tests, `npm start`): in production that check would cost every cold start ~40 ms.
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false, validateSchema: limits.devTools } },
    // In production each route's schemas compile at its first request; in development at start, so a bad schema fails early.
    ...(!limits.devTools && { schemaController: { compilersFactory: lazySchemaCompilers } }),
    frameworkErrors: frameworkErrors((): FastifyInstance => app),
    logController: new LogController({ disableRequestLogging: true }), // requestLog writes one line per request instead of two
  });
  const without = new Set(options.without);
  endQuietConnectionsAtClose(app);
  if (!without.has('requestLog')) await app.register(requestLog);
  await app.register(httpLimits, { ...limits, without });
  if (!without.has('backPressure')) backPressure(app, limits);
  if (!without.has('inFlight')) inFlightPerClient(app, limits);
  if (subscriptions) await websocketLimits(app, limits);
  await app.register(help);
  // The OpenAPI UI and GraphiQL are development tools: loaded only when they are served.
  if (limits.devTools) await app.register((await import('./docs.js')).openApiDocs, { games: options.service.games });
  if (limits.devTools) await app.register((await import('./devtools/graphiql.js')).graphiql);
  await app.register(graphqlPlugin, { service: options.service, play: options.play, limits, subscriptions, parts: options.parts, withoutLimits: without.has('graphqlLimits') });
  if (!without.has('rest')) await app.register(restRoutes, { service: options.service, play: options.play, limits, parts: options.parts, prefix: '/v1' });
  if (!without.has('webClient')) await app.register(webClient);
  app.get('/health', { schema: { hide: true } }, async () => ({ ok: true }));
  return app;
}
