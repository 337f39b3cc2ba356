/**
 * The composition root for one machine (npm start, tests, benchmarks): the service on a
 * DynamoDB table, projections run in-process after each commit, and the Fastify app.
 * On AWS the same pieces are wired by services/handlers, with projections on Streams.
 */
import { randomBytes } from 'node:crypto';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { FastifyServerOptions } from 'fastify';
import { buildApp } from './api/app.js';
import type { Limits } from './api/limits/settings.js';
import { lobbyProjection } from './app/projections.js';
import { ParlorService } from './app/service.js';
import { isBotKind } from './bots/kinds.js';
import { systemAlarmClock, type AlarmClock } from './clocks/local-timers.js';
import type { AnyGame } from './engine/core/index.js';
import { playByTurn, type PlayByTurnOptions } from './play-by-turn.js';
import { crashAfterAppend, DynamoEventStore, DynamoFinishedGames, DynamoLobby, DynamoStats } from './store/index.js';
import { statsProjection } from './analytics/stats-projection.js';
import { finishedIndexProjection } from './analytics/finished-since.js';

export interface LocalParlorOptions {
  client: DynamoDBClient;
  tableName: string;
  games?: readonly AnyGame[];
  logger?: FastifyServerOptions['logger'];
  limits?: Partial<Limits>;
  /** Signs player tokens (npm start keeps one in DATA_DIR); default: a fresh one, valid until the process ends. */
  signingSecret?: string;
  /** The clock commands are decided at and timers fire by (tests inject a manual one). */
  clock?: AlarmClock;
  /** Webhook retry backoff and outbox polling (tests shorten them). */
  webhooks?: PlayByTurnOptions['webhooks'];
  /** Crash tests only: a file whose appearance makes the process kill -9 itself after the next append (store/crash-after-append.ts). */
  crashAfterAppend?: string;
}

export async function createLocalParlor(options: LocalParlorOptions) {
  const clock = options.clock ?? systemAlarmClock;
  const lobby = new DynamoLobby(options.client, options.tableName);
  const stats = new DynamoStats(options.client, options.tableName);
  const dynamo = new DynamoEventStore({ client: options.client, tableName: options.tableName });
  const store = options.crashAfterAppend ? crashAfterAppend(dynamo, options.crashAfterAppend) : dynamo;
  const service = new ParlorService({ store, games: options.games, lobby, stats, now: () => clock.now(), isBotKind });
  for (const projection of [lobbyProjection(lobby), statsProjection(stats), finishedIndexProjection(new DynamoFinishedGames(options.client, options.tableName))]) service.onCommit((agg, commit) => projection.apply(agg, commit));
  const play = playByTurn({ service, client: options.client, tableName: options.tableName, signingSecret: options.signingSecret ?? randomBytes(32).toString('base64url'), clock, webhooks: options.webhooks, log: { error: (d, m) => console.error(m, d) } });
  const app = await buildApp({ service, play, logger: options.logger, limits: options.limits });
  app.addHook('onClose', async () => play.stop());
  // Deadlines pending when the server last stopped: armed again, late ones fire at once.
  await play.timers.recover();
  return { service, app, play };
}
