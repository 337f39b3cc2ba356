/**
 * Play-by-turn on one machine: players and their inbox, clocks that fire, server moves (bots and
 * formalities), leaving and rematches, wired to the service through its ports (annotate, onCommit,
 * execute). services/local.ts composes it; on AWS services/handlers wire the same parts.
 */
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { Reactions } from './app/reactions.js';
import type { ParlorService } from './app/service.js';
import { BotRunner } from './bots/runner.js';
import { BotPool, DEFAULT_BOT_WORKERS } from './bots/pool.js';
import { clockAnnotator } from './clocks/annotator.js';
import { LocalTimers, type AlarmClock } from './clocks/local-timers.js';
import { fireTimer, type Timer } from './clocks/timer.js';
import type { Aggregate } from './app/aggregate.js';
import { Lifecycle } from './lifecycle/index.js';
import { durationMs } from './clocks/time-control.js';
import { Players } from './players/index.js';
import { Inbox } from './players/inbox.js';
import { PlayerRegistry } from './players/registry.js';
import { PlayerTokens } from './players/tokens.js';
import { Devices } from './players/devices.js';
import { Dispatcher, pollOutbox, type DispatcherOptions } from './notifications/dispatcher.js';
import { Notifier } from './notifications/index.js';
import { Outbox } from './notifications/outbox.js';
import { Webhooks } from './notifications/webhooks.js';
import type { Inbox as InboxType } from './players/inbox.js';
import type { NotificationChannels, NoticeSink } from './notifications/channels.js';
import { digestAlarm } from './notifications/email/digest-alarm.js';
import { notificationChannels, notificationsApi, type NotificationsApi, type NotificationsConfig } from './notifications/setup.js';
import { randomBytes } from 'node:crypto';
import { Accounts } from './accounts/index.js';
import type { AccountSettings } from './accounts/settings.js';
import { Messages } from './messages/index.js';
import { Vacations } from './vacation/index.js';
import { VacationBook } from './vacation/book.js';
import type { FairRules } from './ratings/fair.js';
import { Ratings } from './ratings/index.js';
import { DynamoRatings } from './store/ratings.js';
import { Tournaments } from './tournaments/service.js';
import { TournamentListing, tournamentStreams } from './tournaments/store.js';
import { TournamentRunner } from './tournaments/runner.js';
import type { EntryRules } from './tournaments/rules.js';
import { Matchmaking } from './matchmaking/service.js';
import { Holdings, PendingSeeks, PoolStore, SeekListing, seekStreams, StartedSeats } from './matchmaking/store.js';
import type { MatchSettings } from './matchmaking/settings.js';
import { pairingTicker } from './matchmaking/ticker.js';

export interface PlayByTurnOptions {
  service: ParlorService;
  /** Where play-by-turn's reactions to commits are registered (inbox, timers, server moves). */
  reactions: Reactions;
  client: DynamoDBClient;
  tableName: string;
  /** The player-token signing secret. */
  signingSecret: string;
  clock: AlarmClock;
  log: { error(details: object, message: string): void };
  /** Webhook retries and idle polling (defaults: DEFAULT_BACKOFF, every minute; enqueued and retried deliveries go at once). */
  webhooks?: Omit<DispatcherOptions, 'now' | 'log'> & { pollMs?: number };
  /** Push, email and their settings (default: push keys per process, no email). */
  notifications?: Partial<NotificationsConfig>;
  /** Passkeys' origin, device link lifetime, an external identity provider (services/accounts/settings.ts). */
  accounts?: AccountSettings;
  /** Each player's vacation days a year (default 14). */
  vacationDays?: number;
  /** Provisional ratings and the pair limit (default FAIR_RULES, ratings/fair.ts). */
  fairRatings?: FairRules;
  /** Who may enter tournaments (default ENTRY_RULES, tournaments/rules.ts). */
  entryRules?: EntryRules;
  /** Seeks and quick play: limits, expiry, the rating window, the bots' wait (default MATCH_SETTINGS, matchmaking/settings.ts). */
  matchSettings?: MatchSettings;
  /** The bots' worker threads (default 1; 0: on the request thread) and their queue bound (default DEFAULT_BOT_QUEUE): docs/bots.md. */
  bots?: { workers?: number; queue?: number };
}

/** What the api needs of play-by-turn (the same on one machine and on AWS). */
export interface PlayApi {
  players: Players;
  lifecycle: Lifecycle;
  webhooks: Webhooks;
  notifications: NotificationsApi;
  accounts: Accounts;
  messages: Messages;
  vacations: Vacations;
  ratings: Ratings;
  tournaments: Tournaments;
  matchmaking: Matchmaking;
}

/** The parts of play-by-turn any process that commits needs: clocks as events, bot seats checked. */
export function playByTurnService(service: ParlorService): void {
  service.annotate(clockAnnotator);
}

/** What a deployment chooses beyond the table: push, email and their settings; accounts. */
export interface PlayApiSettings {
  notifications?: Partial<NotificationsConfig>;
  accounts?: AccountSettings;
  /** Each player's vacation days a year (default DEFAULT_VACATION_DAYS). */
  vacationDays?: number;
  /** Provisional ratings and the pair limit (default FAIR_RULES, ratings/fair.ts). */
  fairRatings?: FairRules;
  /** Who may enter tournaments (default ENTRY_RULES, tournaments/rules.ts). */
  entryRules?: EntryRules;
  /** Seeks and quick play (default MATCH_SETTINGS, matchmaking/settings.ts). */
  matchSettings?: MatchSettings;
}

export function playApi(client: DynamoDBClient, tableName: string, service: ParlorService, signingSecret: () => Promise<string>, settings: PlayApiSettings = {}, log?: { error(details: object, message: string): void }): PlayApi {
  // Tokens are issued and checked at the service's time (tests move it by hand).
  const tokens = async () => new PlayerTokens({ secret: await signingSecret(), now: () => service.now() });
  const players = new Players(new PlayerRegistry(client, tableName), tokens, new Inbox(client, tableName), new Devices(client, tableName));
  const ratings = new Ratings(new DynamoRatings(client, tableName), { gameTypes: () => service.games.map((g) => g.id), nameOf: async (id) => (await players.registry.get(id))?.name, ...(settings.fairRatings && { fair: settings.fairRatings }) });
  const tournaments = new Tournaments(service, tournamentStreams(client, tableName), new TournamentListing(client, tableName), settings.entryRules);
  const matchmaking = new Matchmaking(
    service,
    { seeks: seekStreams(client, tableName), listing: new SeekListing(client, tableName), holdings: new Holdings(client, tableName), pool: new PoolStore(client, tableName, () => service.now()), pending: new PendingSeeks(client, tableName, () => service.now()), startedSeats: new StartedSeats(client, tableName) },
    { ratingOf: async (player, game) => (await ratings.playerRatings(player)).find((r) => r.game === game)?.rating ?? 0, nameOf: async (id) => (await players.registry.get(id))?.name },
    settings.matchSettings,
    log,
  );
  const accounts = new Accounts(players, client, tableName, signingSecret, () => service.now(), settings.accounts);
  // How long a rematch offer waits for answers: a setting (ISO 8601), the default otherwise.
  const offerFor = process.env.REMATCH_OFFER_EXPIRES_IN;
  const lifecycle = new Lifecycle(service, { rematchOfferMs: offerFor ? durationMs(offerFor, 'REMATCH_OFFER_EXPIRES_IN') : undefined });
  const fresh = randomBytes(32).toString('base64url');
  const config: NotificationsConfig = { vapidSecret: async () => fresh, linkSecret: signingSecret, publicUrl: 'http://localhost:3000', ...settings.notifications };
  return { players, lifecycle, webhooks: new Webhooks(client, tableName), notifications: notificationsApi(client, tableName, config, players.inbox, service), accounts, ratings, tournaments, matchmaking, messages: new Messages(service), vacations: new Vacations(service, new VacationBook(client, tableName), players.inbox, settings.vacationDays) };
}

/** Turns inbox changes into notices through the player's channels (wherever the inbox projection runs): a change's notices together. */
export function notifyFromInbox(inbox: InboxType, notifier: Pick<NotificationChannels, 'notifyAll'>): void {
  inbox.onChange(async (change) => {
    const notices = Notifier.fromInbox(change);
    if (notices.length) await notifier.notifyAll(notices, change.agg);
  });
}

export interface PlayByTurn extends PlayApi {
  bots: BotRunner;
  /** Every notice through the player's chosen channels (modules' reactions notify through it). */
  notifier: NoticeSink;
  dispatcher: Dispatcher;
  timers: LocalTimers;
  /** Waits until no server move is pending (tests). */
  settle(): Promise<void>;
  /** Waits until the digest job (if any) is done with what came due (tests). */
  digestsIdle(): Promise<void>;
  /** Waits for a pairing of the pools under way (tests). */
  pairingIdle(): Promise<unknown>;
  /** Stops the timers, the outbox poller and the digest job, and waits for what each has under way. */
  stop(): Promise<void>;
}

export function playByTurn(o: PlayByTurnOptions): PlayByTurn {
  const api = playApi(o.client, o.tableName, o.service, async () => o.signingSecret, { notifications: o.notifications, accounts: o.accounts, vacationDays: o.vacationDays, fairRatings: o.fairRatings, entryRules: o.entryRules, matchSettings: o.matchSettings }, o.log);
  const bots = new BotRunner(o.service, { pool: new BotPool(o.bots?.workers ?? DEFAULT_BOT_WORKERS), queue: o.bots?.queue, log: o.log, onRoom: () => o.reactions.resume('server-moves') });
  const tournaments = new TournamentRunner(api.tournaments, o.log);
  const outbox = new Outbox(o.client, o.tableName);
  const dispatcher = new Dispatcher(outbox, api.webhooks, { ...o.webhooks, now: () => o.clock.now(), log: o.log });
  const poller = pollOutbox(dispatcher, o.webhooks?.pollMs ?? 60_000, () => o.clock.now());
  // The payload's link: the server's public URL (services/main.ts: PUBLIC_URL, else http://HOST:PORT).
  const webhookNotifier = new Notifier(api.webhooks, outbox, () => o.clock.now(), (deliveries) => poller.offer(deliveries), o.notifications?.publicUrl || process.env.PUBLIC_URL || undefined);
  // Every notice through the player's chosen channels: webhooks, push, the email digest.
  const notifier = notificationChannels(api.notifications, webhookNotifier, o.service, () => o.clock.now(), { privateAddresses: o.notifications?.privateAddresses, log: o.log });
  const digests = api.notifications.digests && digestAlarm(api.notifications.digests, o.clock, 60_000, o.log);
  notifyFromInbox(api.players.inbox, notifier);
  // A game matchmaking started: each seated player hears of it (webhook GAME_STARTED, push, the email digest).
  api.matchmaking.onStarted(async (agg, seated) => {
    for (const { seat, player } of seated) await notifier.notify({ type: 'GAME_STARTED', player, gameId: agg.id, seat, version: agg.version, deadline: null }, agg);
  });
  const pairing = pairingTicker(api.matchmaking, o.clock, o.log);
  const warn = async (agg: Aggregate, timer: Timer) => {
    const player = agg.app.players[timer.seat];
    if (player !== undefined) await notifier.notify({ type: 'DEADLINE_WARNING', player, gameId: agg.id, seat: timer.seat, version: agg.version, deadline: timer.deadline }, agg);
  };
  const timers = new LocalTimers(o.client, o.tableName, o.clock, (timer) =>
    fireTimer(o.service, timer, { warn, decide: (sight, kind) => bots.pool.decide(sight, kind) }).then(
      () => undefined,
      (e: unknown) => o.log.error({ err: e, timer }, 'timer failed'),
    ),
  );
  playByTurnService(o.service);
  o.reactions.add({ name: 'timers', apply: (agg) => timers.sync(agg) });
  o.reactions.add({ name: 'server-moves', background: true, apply: (agg) => bots.schedule(agg) });
  o.reactions.add({ name: 'tournaments', background: true, apply: (agg) => tournaments.schedule(agg) });
  return { ...api, bots, notifier, timers, settle: () => settle(timers, bots, tournaments), digestsIdle: async () => digests?.idle(), pairingIdle: () => pairing.idle(),
    stop: async () => {
      timers.stop();
      digests?.stop();
      await pairing.stop();
      await Promise.all([poller.stop(), timers.idle(), digests?.idle()]);
    },
    dispatcher,
  };
}

/** Waits until timers, server moves and tournaments are all quiet (each may start the others). */
async function settle(timers: LocalTimers, bots: BotRunner, tournaments: TournamentRunner): Promise<void> {
  for (let i = 0; i < 1000; i++) {
    await timers.idle();
    await bots.idle();
    await tournaments.idle();
    await new Promise((r) => setImmediate(r));
    if (!timers.busy && !bots.busy && !tournaments.busy) return;
  }
}
