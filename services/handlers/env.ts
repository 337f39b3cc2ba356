/**
 * The composition root on AWS Lambda: the same service, store and projections the local
 * server wires in services/local.ts, but with projections driven by DynamoDB Streams
 * (services/handlers/stream.ts) instead of in-process after each append.
 *
 *   TABLE_NAME         the single table (required)
 *   DYNAMODB_ENDPOINT  another DynamoDB API (tests, DynamoDB Local); unset on AWS
 *   WS_ENDPOINT        the WebSocket API's management endpoint, https://<api>.execute-api.<region>.amazonaws.com/<stage>
 *                      (required by the stream handler; the ws handler derives it from its events unless set)
 *   SIGNING_SECRET_ARN the Secrets Manager secret player tokens are signed with (read on first use)
 *   SCHEDULE_GROUP, TIMER_FUNCTION_ARN, SCHEDULER_ROLE_ARN  where the stream function puts deadlines
 *                      (EventBridge Scheduler) and what they invoke; unset = no schedules
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { AnyGame } from '../engine/core/index.js';
import { games as registry } from '../engine/registry.js';
import { lobbyProjection, type Projection } from '../app/projections.js';
import { finishedIndexProjection } from '../analytics/finished-since.js';
import { ParlorService } from '../app/service.js';
import { DynamoEventStore, DynamoFinishedGames, DynamoLobby, DynamoStats, type EventStore } from '../store/index.js';
import { statsProjection } from '../analytics/stats-projection.js';
import { isBotKind } from '../bots/kinds.js';
import { notifyFromInbox, playApi, playByTurnService, type PlayApi } from '../play-by-turn.js';
import { randomBytes } from 'node:crypto';
import { SchedulerClient } from '@aws-sdk/client-scheduler';
import type { Aggregate } from '../app/aggregate.js';
import { BotRunner } from '../bots/runner.js';
import { SchedulerTimers } from '../clocks/scheduler-timers.js';
import { Notifier } from '../notifications/index.js';
import { Outbox } from '../notifications/outbox.js';

export interface Parlor {
  service: ParlorService;
  store: EventStore;
  projections: Projection[];
  client: DynamoDBClient;
  tableName: string;
  play: PlayApi;
  /** What the stream function does with each game's newest state after its projections: timers, server moves. */
  reactions: ((agg: Aggregate) => Promise<void>)[];
}

export interface ParlorOptions {
  client: DynamoDBClient;
  tableName: string;
  /** The games offered; defaults to the registry. */
  games?: readonly AnyGame[];
  /** The player-token signing secret, read on first use (default: a fresh one per process, for tests). */
  signingSecret?: () => Promise<string>;
  /** Where deadlines go (EventBridge Scheduler on AWS); none = no timers. */
  timers?: { sync(agg: Aggregate): Promise<void> };
}

/** The service and its read models on one table (no in-process projections: Streams run them). */
export function createParlor(options: ParlorOptions): Parlor {
  const store = new DynamoEventStore({ client: options.client, tableName: options.tableName });
  const lobby = new DynamoLobby(options.client, options.tableName);
  const stats = new DynamoStats(options.client, options.tableName);
  const service = new ParlorService({ store, lobby, stats, games: options.games ?? registry, isBotKind });
  playByTurnService(service);
  const fresh = randomBytes(32).toString('base64url');
  const play = playApi(options.client, options.tableName, service, options.signingSecret ?? (async () => fresh));
  const projections = [lobbyProjection(lobby), statsProjection(stats), finishedIndexProjection(new DynamoFinishedGames(options.client, options.tableName)), play.players.inbox.projection()];
  notifyFromInbox(play.players.inbox, new Notifier(play.webhooks, new Outbox(options.client, options.tableName), Date.now));
  const bots = new BotRunner(service);
  const reactions = [...(options.timers ? [(agg: Aggregate) => options.timers!.sync(agg)] : []), (agg: Aggregate) => bots.advance(agg.id), (agg: Aggregate) => play.tournaments.gameCommitted(agg)];
  return { service, store, projections, client: options.client, tableName: options.tableName, play, reactions };
}

export function required(name: string, env: NodeJS.ProcessEnv = process.env): string {
  const value = env[name];
  if (!value) throw new Error(`environment variable ${name} is not set`);
  return value;
}

/** The wiring a deployed function builds from its environment, once per execution environment. */
export function parlorFromEnv(env: NodeJS.ProcessEnv = process.env): Parlor {
  const client = new DynamoDBClient(env.DYNAMODB_ENDPOINT ? { endpoint: env.DYNAMODB_ENDPOINT } : {});
  const timers = env.SCHEDULE_GROUP
    ? new SchedulerTimers(new SchedulerClient({}), { group: env.SCHEDULE_GROUP, functionArn: required('TIMER_FUNCTION_ARN', env), roleArn: required('SCHEDULER_ROLE_ARN', env) })
    : undefined;
  return createParlor({ client, tableName: required('TABLE_NAME', env), signingSecret: () => secretValue(required('SIGNING_SECRET_ARN', env)), timers });
}

/**
 * A value built on first use and kept for the life of the execution environment; a failed
 * build is forgotten so the next invocation tries again.
 */
export function once<T>(build: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () =>
    (pending ??= build().catch((e: unknown) => {
      pending = undefined;
      throw e;
    }));
}

/** A Secrets Manager secret's string (the SDK is loaded only by functions that need it). */
async function secretValue(arn: string): Promise<string> {
  const { SecretsManagerClient, GetSecretValueCommand } = await import('@aws-sdk/client-secrets-manager');
  const out = await new SecretsManagerClient({}).send(new GetSecretValueCommand({ SecretId: arn }));
  if (!out.SecretString) throw new Error(`secret ${arn} has no string value`);
  return out.SecretString;
}
