/**
 * The floor of `npm run measure:bundles`: the bare mandated stack (Fastify, mercurius,
 * @fastify/aws-lambda, the DynamoDB client) answering one GraphQL mutation with one conditional
 * PutItem, as the http function's createGame does (ready.ts). Bundled and run exactly like the
 * handlers, so each function's cold start reads as a multiple of what the stack itself costs.
 */
import { ready } from './ready.js';

export const handler = await ready;
