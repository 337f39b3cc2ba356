/**
 * HTTP API (payload v2) → the same Fastify app `npm start` serves: GraphQL at /graphql,
 * REST under /v1, OpenAPI at /docs. Subscriptions are not served here (Lambda holds no
 * sockets): the WebSocket API's handlers in ws.ts speak that protocol.
 */
import awsLambdaFastify from '@fastify/aws-lambda';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { buildApp } from '../api/app.js';
import { limitsFromEnv } from '../api/limits/settings.js';
import { loggerOptions } from '../api/logging.js';
import { once, parlorFromEnv, type Parlor } from './env.js';
import { instrumented } from './observability.js';

export type HttpHandler = (event: APIGatewayProxyEventV2, context: Context) => Promise<awsLambdaFastify.LambdaResponse>;

export async function httpHandler(parlor: Parlor): Promise<HttpHandler> {
  // Fastify's own request logs are JSON lines too; warnings and errors only, unless LOG_LEVEL says otherwise.
  const app = await buildApp({ service: parlor.service, play: parlor.play, parts: parlor.modules, logger: loggerOptions(process.env.LOG_LEVEL ?? 'warn'), limits: limitsFromEnv(), subscriptions: false });
  const proxy = awsLambdaFastify<APIGatewayProxyEventV2>(app);
  await app.ready();
  return proxy;
}

const ready = once(() => httpHandler(parlorFromEnv()));
// On Lambda, build during the init phase: before the first request, and unseen on pre-initialised environments.
if (process.env.AWS_LAMBDA_FUNCTION_NAME) await ready();

export const handler = instrumented('http', async (event: APIGatewayProxyEventV2, context: Context) => (await ready())(event, context));
