/**
 * The Fastify app: GraphQL (+ subscriptions, GraphiQL) and the REST mirror with OpenAPI.
 * The same app runs under `npm start` and inside the Lambda handler.
 */
import { endQuietConnectionsAtClose } from './closing.js';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { ParlorService } from '../app/service.js';
import type { AddressCounts } from '../app/address-counts.js';
import { frameworkErrors, httpLimits } from './limits/http.js';
import { backPressure } from './limits/busy.js';
import { inFlightPerClient } from './limits/in-flight.js';
import { resolveLimits, type Limits } from './limits/settings.js';
import { websocketLimits } from './limits/websocket.js';
import { help } from './help.js';
import { lazySchemaCompilers } from './lazy-schemas.js';
import { requestLog, requestLogger } from './logging.js';
import type { PlayApi } from '../play-by-turn.js';
import type { ApiPart } from './parts.js';
import type { WebOptions } from '../web/plugin.js';

export interface AppOptions {
  /** The service and the play-by-turn api: needed where GraphQL or REST is served (not by the web client's files alone). */
  service?: ParlorService;
  play?: PlayApi;
  logger?: FastifyServerOptions['logger'];
  /** Every door's limit (services/api/limits/settings.ts); omitted ones take their defaults. */
  limits?: Partial<Limits>;
  /**
   * Where registrations, creations, joins and device-link tries are counted per address across
   * every process (the store, on AWS); without it each process counts its own (npm start, the only writer).
   */
  addressCounts?: AddressCounts;
  /** GraphQL subscriptions over WebSocket (default true); off on Lambda, where the WebSocket API serves them. */
  subscriptions?: boolean;
  /** What each concern adds to GraphQL and REST, in the list's order (services/modules). */
  parts?: readonly ApiPart[];
  /**
   * The route groups this app serves (default all: `npm start`). On AWS each is a function of its
   * own behind the HTTP API's routes (infra/parlor-stack.ts), and a group not served is never
   * imported: its code stays out of that function's cold start.
   */
  serve?: readonly RouteGroup[];
  /** Where the web client's files are (default services/web/public; a bundle has them beside it). */
  web?: WebOptions;
  /**
   * Pieces left out, only for bench/write-path-cpu.ts to weigh each piece's CPU per request.
   * Never in a deployment: most of them are doors (limits), and services/handlers and services/local.ts pass none.
   */
  without?: readonly AppPiece[];
}

/** GraphQL at /graphql; the REST mirror at /v1 (and its OpenAPI at /docs); the web client's files at /. */
export type RouteGroup = 'graphql' | 'rest' | 'web';
export const ROUTE_GROUPS: readonly RouteGroup[] = ['graphql', 'rest', 'web'];

/** The pieces of a request's path the write-path bench can weigh one by one (`without`). */
export const APP_PIECES = ['requestLog', 'securityHeaders', 'rateLimits', 'responseSize', 'backPressure', 'inFlight', 'graphqlLimits', 'rest', 'webClient'] as const;
export type AppPiece = (typeof APP_PIECES)[number];

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const limits = resolveLimits(options.limits);
  const subscriptions = options.subscriptions ?? true;
  const serve = new Set(options.serve ?? ROUTE_GROUPS);
  const api = () => {
    if (!options.service || !options.play) throw new Error('GraphQL and REST need the service and the play-by-turn api');
    return { service: options.service, play: options.play, limits, parts: options.parts };
  };
  const app: FastifyInstance = Fastify({
    logger: options.logger ?? false,
    // A request's pino child only once it writes a line (logging.ts): most never do.
    ...(options.logger && { childLoggerFactory: requestLogger }),
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
  await app.register(httpLimits, { ...limits, without, shared: options.addressCounts });
  if (!without.has('backPressure')) backPressure(app, limits);
  if (!without.has('inFlight')) inFlightPerClient(app, limits);
  if (subscriptions) await websocketLimits(app, limits);
  await app.register(help);
  // The OpenAPI UI and GraphiQL are development tools: loaded only when they are served.
  if (limits.devTools && serve.has('rest')) await app.register((await import('./docs.js')).openApiDocs, { games: api().service.games });
  if (limits.devTools && serve.has('graphql')) await app.register((await import('./devtools/graphiql.js')).graphiql);
  // Each group is imported only where it is served (a dynamic import is a chunk of its own in a bundle).
  if (serve.has('graphql')) await app.register((await import('./graphql/plugin.js')).graphqlPlugin, { ...api(), subscriptions, withoutLimits: without.has('graphqlLimits') });
  if (serve.has('rest') && !without.has('rest')) await app.register((await import('./rest/routes.js')).restRoutes, { ...api(), prefix: '/v1' });
  if (serve.has('web') && !without.has('webClient')) await app.register((await import('../web/plugin.js')).webClient, options.web ?? {});
  app.get('/health', { schema: { hide: true } }, async () => ({ ok: true }));
  return app;
}
