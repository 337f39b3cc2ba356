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
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { AnyGame } from '../engine/core/index.js';
import { games as registry } from '../engine/registry.js';
import { lobbyProjection, type Projection } from '../app/projections.js';
import { ParlorService } from '../app/service.js';
import { DynamoEventStore, DynamoLobby, type EventStore } from '../store/index.js';
import { isBotKind } from '../bots/kinds.js';
import { playApi, playByTurnService, type PlayApi } from '../play-by-turn.js';
import { randomBytes } from 'node:crypto';
import { tracer } from './observability.js';

export interface Parlor {
  service: ParlorService;
  store: EventStore;
  projections: Projection[];
  client: DynamoDBClient;
  tableName: string;
  play: PlayApi;
}

export interface ParlorOptions {
  client: DynamoDBClient;
  tableName: string;
  /** The games offered; defaults to the registry. */
  games?: readonly AnyGame[];
  /** The player-token signing secret, read on first use (default: a fresh one per process, for tests). */
  signingSecret?: () => Promise<string>;
}

/** The service and its read models on one table (no in-process projections: Streams run them). */
export function createParlor(options: ParlorOptions): Parlor {
  const store = new DynamoEventStore({ client: options.client, tableName: options.tableName });
  const lobby = new DynamoLobby(options.client, options.tableName);
  const service = new ParlorService({ store, lobby, games: options.games ?? registry, isBotKind });
  playByTurnService(service);
  const fresh = randomBytes(32).toString('base64url');
  const play = playApi(options.client, options.tableName, service, options.signingSecret ?? (async () => fresh));
  const projections = [lobbyProjection(lobby), play.players.inbox.projection()];
  return { service, store, projections, client: options.client, tableName: options.tableName, play };
}

export function required(name: string, env: NodeJS.ProcessEnv = process.env): string {
  const value = env[name];
  if (!value) throw new Error(`environment variable ${name} is not set`);
  return value;
}

/** The wiring a deployed function builds from its environment, once per execution environment. */
export function parlorFromEnv(env: NodeJS.ProcessEnv = process.env): Parlor {
  const client = tracer.captureAWSv3Client(new DynamoDBClient(env.DYNAMODB_ENDPOINT ? { endpoint: env.DYNAMODB_ENDPOINT } : {}));
  return createParlor({ client, tableName: required('TABLE_NAME', env), signingSecret: () => secretValue(required('SIGNING_SECRET_ARN', env)) });
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
