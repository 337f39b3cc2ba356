/**
 * `npm start`: the whole server on one machine. Starts the embedded DynamoDB API (persisted
 * under DATA_DIR) unless DYNAMODB_ENDPOINT points at another one, then serves the app.
 *
 *   PORT (3000)  HOST (127.0.0.1)  DATA_DIR (./.data)  DYNAMODB_ENDPOINT (unset = embedded)
 *   TABLE_NAME (parlor)  LOG_LEVEL (info)
 *   PUBLIC_URL (http://localhost:PORT on loopback, else http://HOST:PORT: services/web/address.ts)  SMTP_URL (unset = no email)  MAIL_FROM  VAPID_SUBJECT
 *   TOURNAMENT_ENTRANTS_PER_ADDRESS (2)  TOURNAMENT_ENTRANTS_PER_DEVICE (1)  TOURNAMENT_LINKED_IN_DUPLICATE (REFUSE)
 *   TOURNAMENT_RATED_MIN_ACCOUNT_DAYS (7)  TOURNAMENT_RATED_MIN_GAMES (10): docs/tournaments.md
 *   RATED_LINKED_SEATS (UNCOUNTED | COUNTED)  REGISTRATIONS_PER_HOUR (10): docs/ratings.md, docs/limits.md
 *   BOT_WORKERS (1: threads for the server's bot decisions; 0 = on the request thread)  BOT_QUEUE (1024: games waiting for a bot move in memory)
 *   PARLOR_CRASH_AFTER_APPEND (crash tests only: a file whose appearance makes the server kill -9 itself after the next append)
 *   REACTIONS_CHECKPOINT_MS (1000: how often the reactions save their checkpoints; what a crash makes redeliver)
 */
import { join, resolve } from 'node:path';
import { createLocalParlor } from './local.js';
import { pageAddress } from './web/address.js';
import { limitsFromEnv } from './api/limits/settings.js';
import { loggerOptions } from './api/logging.js';
import { localSigningSecret } from './players/tokens.js';
import { mailerFromEnv } from './notifications/email/transport.js';
import { accountSettingsFromEnv } from './accounts/settings.js';
import { entryRulesFromEnv } from './tournaments/rules.js';
import { matchSettingsFromEnv } from './matchmaking/settings.js';
import { DataDirInUse, endpointClient, ensureTable, forgetEndpoint, HEADS_FILE, localClient, ownerOnly, ownerOnlyFromNowOn, recordEndpoint, startEmbeddedDynamo } from './store/index.js';

/** Exit code 3: the data folder is locked by another server (a clear message instead of "Database is closed"). */
function exitIfInUse(e: unknown): never {
  if (e instanceof DataDirInUse) {
    console.error(`Parlor cannot start: ${e.message}.`);
    process.exit(3);
  }
  throw e;
}

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '127.0.0.1';
const tableName = process.env.TABLE_NAME ?? 'parlor';
const dataDir = resolve(process.env.DATA_DIR ?? '.data');

// Settings that cannot work are refused before anything starts, with the reason (exit code 2).
const accounts = (() => {
  try {
    return accountSettingsFromEnv();
  } catch (e) {
    console.error(`Parlor cannot start: ${(e as Error).message}.`);
    process.exit(2);
  }
})();

// The data folder (seeds, keys) is its owner's only: closed now if an older version left it open,
// and every file written from now on is born 0600 (docs/limits.md).
ownerOnlyFromNowOn();
ownerOnly(dataDir);

// The embedded DynamoDB serves only requests signed with this start's random key (docs/limits.md).
const embedded = process.env.DYNAMODB_ENDPOINT ? null : await startEmbeddedDynamo({ path: dataDir, authenticate: true }).catch(exitIfInUse);
const client = embedded ? localClient(embedded.endpoint, embedded.credentials) : endpointClient(process.env.DYNAMODB_ENDPOINT!);
// Commands that find the data folder locked (npm run export) read through this endpoint, with its key, instead.
if (embedded) recordEndpoint(dataDir, embedded.endpoint, embedded.credentials);
await ensureTable(client, tableName);

// Player tokens are signed with a key generated once into DATA_DIR.
const signingSecret = localSigningSecret(join(dataDir, 'player-signing.key'));
// Keyed seat tokens (joinGame with a joinKey) are derived with a server secret kept beside it (docs/limits.md).
const seatSecret = localSigningSecret(join(dataDir, 'seat-token.key'));
// Webhooks reach only public addresses unless WEBHOOK_PRIVATE_ADDRESSES=allow (a local receiver while developing).
const webhooks = { privateAddresses: process.env.WEBHOOK_PRIVATE_ADDRESSES === 'allow' };
// Web Push: the VAPID key pair is derived from a secret generated once into DATA_DIR; email goes through SMTP_URL.
const vapidSecret = localSigningSecret(join(dataDir, 'vapid.key'));
// Passkeys need a domain, not an IP address: a loopback server's address is http://localhost:PORT.
const publicUrl = process.env.PUBLIC_URL ?? pageAddress(host, port);
const notifications = { vapidSecret: async () => vapidSecret, vapidSubject: process.env.VAPID_SUBJECT, mailer: mailerFromEnv(), mailFrom: process.env.MAIL_FROM, publicUrl, privateAddresses: webhooks.privateAddresses };
const limits = limitsFromEnv();
// The bots' pool and queue bound (docs/bots.md); a value that is not a whole number is refused at start.
const wholeOr = (name: string, fallback: number | undefined) => {
  const v = process.env[name];
  if (v === undefined || v === '') return fallback;
  if (!/^[0-9]{1,6}$/.test(v)) {
    console.error(`Parlor cannot start: ${name} is a whole number (got ${JSON.stringify(v)}).`);
    process.exit(2);
  }
  return Number(v);
};
const entryRules = (() => {
  try {
    return entryRulesFromEnv();
  } catch (e) {
    console.error(`Parlor cannot start: ${(e as Error).message}.`);
    process.exit(2);
  }
})();
const matchSettings = (() => {
  try {
    return matchSettingsFromEnv();
  } catch (e) {
    console.error(`Parlor cannot start: ${(e as Error).message}.`);
    process.exit(2);
  }
})();
const bots = { workers: wholeOr('BOT_WORKERS', undefined), queue: wholeOr('BOT_QUEUE', undefined) };
const { app } = await createLocalParlor({ client, tableName, signingSecret, seatSecret, webhooks, notifications, accounts, logger: loggerOptions(process.env.LOG_LEVEL ?? 'info'), limits, bots, entryRules, matchSettings, crashAfterAppend: process.env.PARLOR_CRASH_AFTER_APPEND, checkpointMs: wholeOr('REACTIONS_CHECKPOINT_MS', undefined),
  // With the embedded DynamoDB (its folder locked) no other process writes the table: reads trust the cache.
  soleWriter: embedded !== null,
  // Each game's acknowledged head, kept beside the data: a data folder that lost its tail is detected (store/heads.ts).
  heads: embedded ? join(dataDir, HEADS_FILE) : undefined });
await app.listen({ port, host });

const base = pageAddress(host, port);
console.log(`Parlor is serving:
  Play         ${base}/          (the web client)
  GraphQL      ${base}/graphql   (subscriptions: ${base.replace('http', 'ws')}/graphql)
${limits.devTools ? `  GraphiQL     ${base}/graphiql\n  REST + docs  ${base}/v1  ·  ${base}/docs` : `  REST         ${base}/v1        (development tools off: DEV_TOOLS=on serves them)`}
  DynamoDB     ${embedded ? `embedded at ${embedded.endpoint}, data in ${dataDir}` : process.env.DYNAMODB_ENDPOINT}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    await app.close();
    client.destroy();
    await embedded?.close();
    if (embedded) forgetEndpoint(dataDir);
    process.exit(0);
  });
}
