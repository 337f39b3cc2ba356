/**
 * The composition root for one machine (npm start, tests, benchmarks): the service on a
 * DynamoDB table, projections run in-process after each commit, and the Fastify app.
 * On AWS the same pieces are wired by services/handlers, with projections on Streams.
 */
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { FastifyServerOptions } from 'fastify';
import { buildApp } from './api/app.js';
import type { Limits } from './api/limits/settings.js';
import { lobbyProjection } from './app/projections.js';
import { ParlorService } from './app/service.js';
import type { AnyGame } from './engine/core/index.js';
import { DynamoEventStore, DynamoLobby, DynamoStats } from './store/index.js';
import { statsProjection } from './analytics/stats-projection.js';

export interface LocalParlorOptions {
  client: DynamoDBClient;
  tableName: string;
  games?: readonly AnyGame[];
  logger?: FastifyServerOptions['logger'];
  limits?: Partial<Limits>;
}

export async function createLocalParlor(options: LocalParlorOptions) {
  const lobby = new DynamoLobby(options.client, options.tableName);
  const stats = new DynamoStats(options.client, options.tableName);
  const service = new ParlorService({ store: new DynamoEventStore({ client: options.client, tableName: options.tableName }), games: options.games, lobby, stats });
  for (const projection of [lobbyProjection(lobby), statsProjection(stats)]) service.onCommit((agg, commit) => projection.apply(agg, commit));
  const app = await buildApp({ service, logger: options.logger, limits: options.limits });
  return { service, app };
}
