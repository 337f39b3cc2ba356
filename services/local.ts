/**
 * The composition root for one machine (npm start, tests, benchmarks): the service on a
 * DynamoDB table, every reaction to a commit run in-process after it and resumed from its
 * checkpoint at start (services/app/reactions.ts), and the Fastify app.
 * On AWS the same pieces are wired by services/handlers, with projections on Streams.
 */
import { linkedSeatsRule, type LinkedSeatsRule } from './app/seat-marks.js';
import type { FairRules } from './ratings/fair.js';
import { randomBytes } from 'node:crypto';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { FastifyServerOptions } from 'fastify';
import { buildApp } from './api/app.js';
import type { WebOptions } from './web/plugin.js';
import { resolveLimits, type Limits } from './api/limits/settings.js';
import { lobbyProjection, openSeatsRelease } from './app/projections.js';
import { Reactions } from './app/reactions.js';
import { replayCommits } from './app/replay.js';
import { ParlorService } from './app/service.js';
import { AddressCounts } from './app/address-counts.js';
import { seatSecretFrom } from './app/tokens.js';
import { storedHash } from './app/stored-hash.js';
import { isBotKind } from './bots/kinds.js';
import { systemAlarmClock, type AlarmClock } from './clocks/local-timers.js';
import type { AnyGame } from './engine/core/index.js';
import { playByTurn, type PlayByTurnOptions } from './play-by-turn.js';
import { crashAfterAppend, gateStore, DynamoAddressCounts, DynamoChangeFeed, DynamoEventStore, findHoles, HeadJournal, journalHeads, refuseDamaged, DynamoFinishedGames, DynamoLobby, DynamoOpenSeats, DynamoStats } from './store/index.js';
import { statsProjection } from './analytics/stats-projection.js';
import { moveLegacyKeys } from './legacy-keys.js';
import { finishedIndexProjection } from './analytics/finished-since.js';
import { MODULES, moduleReactions } from './modules/index.js';
import type { Module } from './modules/module.js';

export interface LocalParlorOptions {
  client: DynamoDBClient;
  tableName: string;
  games?: readonly AnyGame[];
  logger?: FastifyServerOptions['logger'];
  limits?: Partial<Limits>;
  /** The web client's files and how they are served (services/web/plugin.ts). */
  web?: WebOptions;
  /** Signs player tokens (npm start keeps one in DATA_DIR); default: a fresh one, valid until the process ends. */
  signingSecret?: string;
  /** Keyed seat tokens are derived with it (npm start keeps one in DATA_DIR); default: derived from `signingSecret`. */
  seatSecret?: string;
  /** The clock commands are decided at and timers fire by (tests inject a manual one). */
  clock?: AlarmClock;
  /** Webhook retry backoff and outbox polling (tests shorten them). */
  webhooks?: PlayByTurnOptions['webhooks'];
  /** Push keys, the mail transport, PUBLIC_URL (npm start reads them from DATA_DIR and the environment). */
  notifications?: PlayByTurnOptions['notifications'];
  /** Passkeys, device links, an external identity provider (services/accounts/settings.ts). */
  accounts?: PlayByTurnOptions['accounts'];
  /** Each player's vacation days a year (default 14). */
  vacationDays?: number;
  /** A rated game's minimum of moves per registered player (default 3: app/rated.ts); tests of one-move games lower it. */
  ratedMinMoves?: number;
  /** Whether a rated game between seats of one client address or device counts (env RATED_LINKED_SEATS; default UNCOUNTED: app/seat-marks.ts). */
  ratedLinkedSeats?: LinkedSeatsRule;
  /** Provisional ratings and the pair limit (default FAIR_RULES, ratings/fair.ts); tests of few players loosen them. */
  fairRatings?: FairRules;
  /** Crash tests only: a file whose appearance makes the process kill -9 itself after the next append (store/crash-after-append.ts). */
  crashAfterAppend?: string;
  /** How often the reactions save their checkpoints (default 1 s). */
  checkpointMs?: number;
  /** The bounded line to the store (store/gate.ts; default 48 calls at once, 2,048 waiting). */
  storeGate?: { concurrency?: number; queue?: number };
  /** Who may enter tournaments (default ENTRY_RULES, tournaments/rules.ts). */
  entryRules?: PlayByTurnOptions['entryRules'];
  /** Seeks and quick play: limits, expiry, the rating window, the bots' wait, the matched games' timeout bot (default MATCH_SETTINGS, matchmaking/settings.ts). */
  matchSettings?: PlayByTurnOptions['matchSettings'];
  /** The server's bot decisions: worker threads (default 1; 0: on the request thread, one at a time) and the queue bound (docs/bots.md). */
  bots?: { workers?: number; queue?: number };
  /** This process alone writes the table (npm start's embedded DynamoDB): reads trust the fold cache (ServiceOptions.soleWriter). */
  soleWriter?: boolean;
  /** The file of acknowledged heads beside the embedded data (store/heads.ts): a lost tail of the data is then detected. */
  heads?: string;
  /** The concerns built as modules (default MODULES, services/modules/index.ts). */
  modules?: readonly Module[];
}

export async function createLocalParlor(options: LocalParlorOptions) {
  if (options.matchSettings?.timeoutBot !== undefined && !isBotKind(options.matchSettings.timeoutBot)) throw new Error(`matchSettings.timeoutBot: unknown bot "${options.matchSettings.timeoutBot}"`);
  // One process's calls to its store wait in a bounded line (store/gate.ts), never in the SDK's unbounded one.
  gateStore(options.client, options.storeGate);
  const clock = options.clock ?? systemAlarmClock;
  const lobby = new DynamoLobby(options.client, options.tableName);
  const stats = new DynamoStats(options.client, options.tableName);
  const feed = new DynamoChangeFeed(options.client, options.tableName);
  await feed.start();
  const log = { error: (d: object, m: string) => console.error(m, d) };
  // A data folder of a version before the sharded keys: its deliveries, digests, lobby and finished games move first.
  await moveLegacyKeys(options.client, options.tableName, clock.now());
  // Streams with a hole, or cut below what was acknowledged (a damaged data file), are found before serving, and refused (store/stream-check.ts).
  const journal = options.heads ? HeadJournal.open(options.heads, log) : null;
  const damaged = await findHoles(options.client, options.tableName, journal?.heads);
  for (const [gameId, problem] of damaged) log.error({ gameId, problem }, 'damaged stream: refused with STREAM_DAMAGED until repaired');
  const written = new DynamoEventStore({ client: options.client, tableName: options.tableName, feed });
  const dynamo = refuseDamaged(journal ? journalHeads(written, journal) : written, damaged);
  const store = options.crashAfterAppend ? crashAfterAppend(dynamo, options.crashAfterAppend) : dynamo;
  const signingSecret = options.signingSecret ?? randomBytes(32).toString('base64url');
  const seatSecret = options.seatSecret ?? seatSecretFrom(signingSecret);
  const openSeats = { store: new DynamoOpenSeats(options.client, options.tableName), max: resolveLimits(options.limits).seatsInOpenGames };
  const service = new ParlorService({ store, games: options.games, lobby, stats, openSeats, seatSecret, storedHash: storedHash(signingSecret), now: () => clock.now(), isBotKind, soleWriter: options.soleWriter, ratedMinMoves: options.ratedMinMoves, ratedLinkedSeats: options.ratedLinkedSeats ?? linkedSeatsRule(process.env.RATED_LINKED_SEATS) });
  const reactions = new Reactions({ feed, log, checkpointMs: options.checkpointMs, replay: (id, versions) => replayCommits(store, id, versions, (type) => service.games.find((g) => g.id === type)) });
  service.onCommit((agg, commit) => reactions.deliver(agg, commit));
  // Every reaction to a commit is registered here or in playByTurn, one line each (services/app/reactions.ts).
  reactions.add(lobbyProjection(lobby));
  reactions.add(openSeatsRelease(openSeats.store));
  reactions.add(statsProjection(stats, (id) => store.history(id)));
  reactions.add(finishedIndexProjection(new DynamoFinishedGames(options.client, options.tableName)));
  const play = playByTurn({ service, reactions, client: options.client, tableName: options.tableName, signingSecret, clock, webhooks: options.webhooks, notifications: options.notifications, accounts: options.accounts, vacationDays: options.vacationDays, fairRatings: options.fairRatings, bots: options.bots, entryRules: options.entryRules, matchSettings: options.matchSettings, log });
  // Each module's reactions, in the list's order (on AWS: the stream function's projections, handlers/env.ts).
  const modules = options.modules ?? MODULES;
  for (const reaction of moduleReactions(modules, { service, play, notifier: play.notifier })) reactions.add(reaction);
  // The sole writer's own counts are the deployment's; a table other processes write too (tests, as on AWS) keeps them in the store.
  const addressCounts = options.soleWriter ? undefined : new AddressCounts(new DynamoAddressCounts(options.client, options.tableName), service.storedHash);
  const app = await buildApp({ service, play, logger: options.logger, limits: options.limits, web: options.web, parts: modules, addressCounts });
  app.addHook('onClose', async () => {
    // Reactions first: the ones under way may arm a timer or enqueue a delivery, which play.stop then waits for.
    // Server moves still waiting are left for the next start (their commits stay open), not played out first.
    const stopping = reactions.stop();
    await play.bots.stop();
    await stopping;
    await play.stop();
    journal?.close();
  });
  // Commits whose reactions a crash cut short: delivered again (a bot moves, a deadline is armed, an inbox is put right).
  await reactions.recover();
  // Deadlines pending when the server last stopped: armed again, late ones fire at once.
  await play.timers.recover();
  // Seeks filled when the server last stopped whose game was not yet created or announced: finished now.
  await play.matchmaking.resume();
  return { service, app, play, reactions };
}
