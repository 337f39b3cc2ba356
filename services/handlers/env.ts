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
 *   VAPID_SECRET_ARN   the Secrets Manager secret the Web Push (VAPID) key pair is derived from
 *   MAIL_TRANSPORT=ses, MAIL_FROM, PUBLIC_URL  the email digest through SES v2 (unset = no email)
 *   OIDC_ISSUER, OIDC_AUDIENCE (required with an issuer; default PUBLIC_URL), OIDC_JWKS_URL, PASSKEY_ORIGIN, PASSKEY_RP_ID  accounts (services/accounts/settings.ts)
 *   SCHEDULE_GROUP, TIMER_FUNCTION_ARN, SCHEDULER_ROLE_ARN  where the stream function puts deadlines
 *                      (EventBridge Scheduler) and what they invoke; unset = no schedules
 */
import { linkedSeatsRule, type LinkedSeatsRule } from '../app/seat-marks.js';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { AnyGame } from '../engine/core/index.js';
import { games as registry } from '../engine/registry.js';
import { lobbyProjection, openSeatsRelease, type Projection } from '../app/projections.js';
import { finishedIndexProjection } from '../analytics/finished-since.js';
import { ParlorService } from '../app/service.js';
import { AddressCounts } from '../app/address-counts.js';
import { once } from '../app/once.js';
import { seatSecretFrom } from '../app/tokens.js';
import { storedHash } from '../app/stored-hash.js';
import { DynamoAddressCounts, DynamoEventStore, DynamoFinishedGames, DynamoLobby, DynamoOpenSeats, DynamoStats, type EventStore } from '../store/index.js';
import { limitsFromEnv } from '../api/limits/settings.js';
import { statsProjection } from '../analytics/stats-projection.js';
import { isBotKind } from '../bots/kinds.js';
import { notifyFromInbox, playApi, playByTurnService, type PlayApi } from '../play-by-turn.js';
import { randomBytes } from 'node:crypto';
import type { Aggregate } from '../app/aggregate.js';
import { BotRunner } from '../bots/runner.js';
import { BotPool } from '../bots/pool.js';
import { entryRulesFromEnv, type EntryRules } from '../tournaments/rules.js';
import { matchSettingsFromEnv, type MatchSettings } from '../matchmaking/settings.js';
import { Notifier } from '../notifications/index.js';
import { Outbox } from '../notifications/outbox.js';
import type { NoticeSink } from '../notifications/channels.js';
import { mailerFromEnv } from '../notifications/email/transport.js';
import { notificationChannels, type NotificationsConfig } from '../notifications/setup.js';
import { accountSettingsFromEnv, type AccountSettings } from '../accounts/settings.js';
import { MODULES, moduleReactions } from '../modules/index.js';
import type { Module } from '../modules/module.js';
import type { FairRules } from '../ratings/fair.js';

export interface Parlor {
  service: ParlorService;
  store: EventStore;
  projections: Projection[];
  client: DynamoDBClient;
  tableName: string;
  play: PlayApi;
  /** Every notice through the player's channels (webhooks, push, the email digest). */
  notifier: NoticeSink;
  /** The concerns built as modules: the api serves their parts, the stream runs their reactions among the projections. */
  modules: readonly Module[];
  /** What the stream function does with each game's newest state after its projections: timers, server moves. */
  reactions: ((agg: Aggregate) => Promise<void>)[];
  /** Registrations, creations, joins and device-link tries per address, counted in the table: every instance sees one count. */
  addressCounts: AddressCounts;
}

export interface ParlorOptions {
  client: DynamoDBClient;
  tableName: string;
  /** The games offered; defaults to the registry. */
  games?: readonly AnyGame[];
  /** The player-token signing secret, read on first use (default: a fresh one per process, for tests). */
  signingSecret?: () => Promise<string>;
  /** Passkeys' origin, an external identity provider (OIDC_ISSUER …: services/accounts/settings.ts). */
  accounts?: AccountSettings;
  /** Where deadlines go (EventBridge Scheduler on AWS); none = no timers. */
  timers?: { sync(agg: Aggregate): Promise<void> };
  /** Push keys, mail transport and links (default: push keys per process, no email). */
  notifications?: Partial<NotificationsConfig>;
  /** Each player's vacation days a year (env VACATION_DAYS; default 14). */
  vacationDays?: number;
  /** A rated game's minimum of moves per registered player (default 3: app/rated.ts). */
  ratedMinMoves?: number;
  /** Whether a rated game between seats of one client address or device counts (env RATED_LINKED_SEATS; default UNCOUNTED: app/seat-marks.ts). */
  ratedLinkedSeats?: LinkedSeatsRule;
  /** Provisional ratings and the pair limit (default FAIR_RULES, ratings/fair.ts). */
  fairRatings?: FairRules;
  /** Who may enter tournaments (TOURNAMENT_* settings; default ENTRY_RULES, tournaments/rules.ts). */
  entryRules?: EntryRules;
  /** Seeks and quick play (MATCH_* settings; default MATCH_SETTINGS, matchmaking/settings.ts). */
  matchSettings?: MatchSettings;
  /** The concerns built as modules (default MODULES, services/modules/index.ts). */
  modules?: readonly Module[];
  /** The clock (default Date.now): time is an input, so tests move it. */
  now?: () => number;
  /** How long this function serves a lobby page it read (default LOBBY_CACHE_MS, store/lobby.ts; 0: every read asks the table). */
  lobbyCacheMs?: number;
}

/** The service and its read models on one table (no in-process projections: Streams run them). */
export function createParlor(options: ParlorOptions): Parlor {
  const store = new DynamoEventStore({ client: options.client, tableName: options.tableName });
  const lobby = new DynamoLobby(options.client, options.tableName, { ms: options.lobbyCacheMs });
  const stats = new DynamoStats(options.client, options.tableName);
  const openSeats = { store: new DynamoOpenSeats(options.client, options.tableName), max: limitsFromEnv().seatsInOpenGames };
  const fresh = randomBytes(32).toString('base64url');
  // Keyed seat tokens are derived from the signing secret in Secrets Manager: the same across deploys.
  const seatSecret = once(async () => seatSecretFrom(await (options.signingSecret ?? (async () => fresh))())); // read once per instance (a failed read is tried again)
  // Addresses and holders are stored keyed by a key derived from the same secret: every instance meets on one item.
  const service = new ParlorService({ store, lobby, stats, openSeats, seatSecret, storedHash: storedHash(options.signingSecret ?? (async () => fresh)), games: options.games ?? registry, isBotKind, ratedMinMoves: options.ratedMinMoves, ratedLinkedSeats: options.ratedLinkedSeats ?? linkedSeatsRule(process.env.RATED_LINKED_SEATS), now: options.now });
  playByTurnService(service);
  const play = playApi(options.client, options.tableName, service, options.signingSecret ?? (async () => fresh), { notifications: options.notifications, accounts: options.accounts, vacationDays: options.vacationDays, fairRatings: options.fairRatings, entryRules: options.entryRules, matchSettings: options.matchSettings });
  const modules = options.modules ?? MODULES;
  // The notifier is built below; the modules' reactions reach it only when a commit comes.
  const notices: NoticeSink = { notify: (n, agg) => notifier.notify(n, agg) };
  const projections: Projection[] = [lobbyProjection(lobby), openSeatsRelease(openSeats.store), statsProjection(stats, (id) => store.history(id)), finishedIndexProjection(new DynamoFinishedGames(options.client, options.tableName)), ...moduleReactions(modules, { service, play, notifier: notices })];
  const webhooks = new Notifier(play.webhooks, new Outbox(options.client, options.tableName), service.now);
  const notifier = notificationChannels(play.notifications, webhooks, service, service.now, { log: { error: (d, m) => console.error(m, d) } });
  notifyFromInbox(play.players.inbox, notifier);
  // A game matchmaking started (here: on the request that filled it): each seated player hears of it.
  play.matchmaking.onStarted(async (agg, seated) => {
    for (const { seat, player } of seated) await notifier.notify({ type: 'GAME_STARTED', player, gameId: agg.id, seat, version: agg.version, deadline: null }, agg);
  });
  // The stream function is no request's thread: its bots decide in place (a Lambda's own core).
  const bots = new BotRunner(service, { pool: new BotPool(0) });
  const reactions = [...(options.timers ? [(agg: Aggregate) => options.timers!.sync(agg)] : []), (agg: Aggregate) => bots.advance(agg.id), (agg: Aggregate) => play.tournaments.gameCommitted(agg)];
  const addressCounts = new AddressCounts(new DynamoAddressCounts(options.client, options.tableName), service.storedHash);
  return { service, store, projections, client: options.client, tableName: options.tableName, play, notifier, reactions, modules, addressCounts };
}

export function required(name: string, env: NodeJS.ProcessEnv = process.env): string {
  const value = env[name];
  if (!value) throw new Error(`environment variable ${name} is not set`);
  return value;
}

/** The wiring a deployed function builds from its environment, once per execution environment. */
export function parlorFromEnv(env: NodeJS.ProcessEnv = process.env): Parlor {
  const client = new DynamoDBClient(env.DYNAMODB_ENDPOINT ? { endpoint: env.DYNAMODB_ENDPOINT } : {});
  const timers = env.SCHEDULE_GROUP ? schedulerTimers({ group: env.SCHEDULE_GROUP, functionArn: required('TIMER_FUNCTION_ARN', env), roleArn: required('SCHEDULER_ROLE_ARN', env) }) : undefined;
  const signingSecret = () => secretValue(required('SIGNING_SECRET_ARN', env));
  const notifications: Partial<NotificationsConfig> = {
    // One secret for the VAPID key pair and the unsubscribe links' key (each derived under its own label).
    ...(env.VAPID_SECRET_ARN && { vapidSecret: () => secretValue(env.VAPID_SECRET_ARN!), linkSecret: () => secretValue(env.VAPID_SECRET_ARN!) }),
    vapidSubject: env.VAPID_SUBJECT,
    mailer: mailerFromEnv(env),
    mailFrom: env.MAIL_FROM,
    ...(env.PUBLIC_URL && { publicUrl: env.PUBLIC_URL }),
  };
  const vacationDays = env.VACATION_DAYS ? Number(env.VACATION_DAYS) : undefined;
  return createParlor({ client, tableName: required('TABLE_NAME', env), signingSecret, timers, notifications, accounts: accountSettingsFromEnv(env), vacationDays, entryRules: entryRulesFromEnv(env), matchSettings: matchSettingsFromEnv(env) });
}

export { once };

/**
 * Deadlines as EventBridge Scheduler schedules (the stream function alone has SCHEDULE_GROUP): the
 * Scheduler client loads on the first commit it syncs, so no other function's cold start reads it.
 */
function schedulerTimers(options: { group: string; functionArn: string; roleArn: string }): { sync(agg: Aggregate): Promise<void> } {
  const timers = once(async () => {
    const [{ SchedulerTimers }, { SchedulerClient }] = await Promise.all([import('../clocks/scheduler-timers.js'), import('@aws-sdk/client-scheduler')]);
    return new SchedulerTimers(new SchedulerClient({}), options);
  });
  return { sync: async (agg) => (await timers()).sync(agg) };
}

/** A Secrets Manager secret's string (the SDK is loaded only by functions that need it). */
async function secretValue(arn: string): Promise<string> {
  const { SecretsManagerClient, GetSecretValueCommand } = await import('@aws-sdk/client-secrets-manager');
  const out = await new SecretsManagerClient({}).send(new GetSecretValueCommand({ SecretId: arn }));
  if (!out.SecretString) throw new Error(`secret ${arn} has no string value`);
  return out.SecretString;
}
