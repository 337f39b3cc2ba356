/**
 * HTTP API (payload v2) → the same Fastify app `npm start` serves, one route group per function
 * (services/api/app.ts RouteGroup): graphql.ts answers /graphql, rest.ts /v1 (and /docs), web.ts
 * the web client's files. Split so that each function's cold start loads only its own group's
 * code (docs/capacity.md, "The http functions' cold start against their floor"). Subscriptions are
 * not served here (Lambda holds no sockets): the WebSocket API's handlers in ws.ts speak that protocol.
 */
import awsLambdaFastify from '@fastify/aws-lambda';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { buildApp, ROUTE_GROUPS, type RouteGroup } from '../api/app.js';
import { limitsFromEnv } from '../api/limits/settings.js';
import { loggerOptions } from '../api/logging.js';
import type { WebOptions } from '../web/plugin.js';
import type { Parlor } from './env.js';
import { once } from '../app/once.js';
import { instrumented } from './observability.js';

export type HttpHandler = (event: APIGatewayProxyEventV2, context: Context) => Promise<awsLambdaFastify.LambdaResponse>;

/** The app serving `serve` (default every group, as `npm start`) behind API Gateway's events. */
export async function httpHandler(parlor: Parlor | undefined, serve: readonly RouteGroup[] = ROUTE_GROUPS, web?: WebOptions): Promise<HttpHandler> {
  // Fastify's own request logs are JSON lines too; warnings and errors only, unless LOG_LEVEL says otherwise.
  const app = await buildApp({ service: parlor?.service, play: parlor?.play, parts: parlor?.modules, addressCounts: parlor?.addressCounts, logger: loggerOptions(process.env.LOG_LEVEL ?? 'warn'), limits: limitsFromEnv(), subscriptions: false, serve, web });
  const proxy = awsLambdaFastify<APIGatewayProxyEventV2>(app);
  await app.ready();
  return proxy;
}

/**
 * A deployed function serving `serve`: built once per execution environment, during Lambda's
 * init phase (before the first request, and unseen on pre-initialised environments).
 * `parlor` wires the service from the environment (env.ts parlorFromEnv); the web client's
 * files need none, so that function does not import the wiring at all.
 */
export async function httpFunction(name: string, serve: readonly RouteGroup[], parlor?: () => Parlor, web?: WebOptions): Promise<HttpHandler> {
  const ready = once(() => httpHandler(parlor?.(), serve, web));
  if (process.env.AWS_LAMBDA_FUNCTION_NAME) await ready();
  return instrumented(name, async (event: APIGatewayProxyEventV2, context: Context) => (await ready())(event, context));
}
