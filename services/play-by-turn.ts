/**
 * Play-by-turn on one machine: players and their inbox, clocks that fire, server moves (bots and
 * formalities), leaving and rematches, wired to the service through its ports (annotate, onCommit,
 * execute). services/local.ts composes it; on AWS services/handlers wire the same parts.
 */
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { Reactions } from './app/reactions.js';
import type { ParlorService } from './app/service.js';
import { BotRunner } from './bots/runner.js';
import { clockAnnotator } from './clocks/annotator.js';
import { LocalTimers, type AlarmClock } from './clocks/local-timers.js';
import { fireTimer, type Timer } from './clocks/timer.js';
import type { Aggregate } from './app/aggregate.js';
import { Lifecycle } from './lifecycle/index.js';
import { Players } from './players/index.js';
import { Inbox } from './players/inbox.js';
import { PlayerRegistry } from './players/registry.js';
import { PlayerTokens } from './players/tokens.js';
import { Dispatcher, pollOutbox, type DispatcherOptions } from './notifications/dispatcher.js';
import { Notifier } from './notifications/index.js';
import { Outbox } from './notifications/outbox.js';
import { Webhooks } from './notifications/webhooks.js';
import type { Inbox as InboxType } from './players/inbox.js';

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
}

/** What the api needs of play-by-turn (the same on one machine and on AWS). */
export interface PlayApi {
  players: Players;
  lifecycle: Lifecycle;
  webhooks: Webhooks;
}

/** The parts of play-by-turn any process that commits needs: clocks as events, bot seats checked. */
export function playByTurnService(service: ParlorService): void {
  service.annotate(clockAnnotator);
}

export function playApi(client: DynamoDBClient, tableName: string, service: ParlorService, signingSecret: () => Promise<string>): PlayApi {
  const players = new Players(new PlayerRegistry(client, tableName), async () => new PlayerTokens({ secret: await signingSecret() }), new Inbox(client, tableName));
  return { players, lifecycle: new Lifecycle(service), webhooks: new Webhooks(client, tableName) };
}

/** Turns inbox changes into webhook deliveries in the outbox (wherever the inbox projection runs). */
export function notifyFromInbox(inbox: InboxType, notifier: Notifier): void {
  inbox.onChange(async (change) => {
    for (const notice of Notifier.fromInbox(change)) await notifier.notify(notice);
  });
}

export interface PlayByTurn extends PlayApi {
  bots: BotRunner;
  dispatcher: Dispatcher;
  timers: LocalTimers;
  /** Waits until no server move is pending (tests). */
  settle(): Promise<void>;
  stop(): void;
}

export function playByTurn(o: PlayByTurnOptions): PlayByTurn {
  const api = playApi(o.client, o.tableName, o.service, async () => o.signingSecret);
  const bots = new BotRunner(o.service, o.log);
  const outbox = new Outbox(o.client, o.tableName);
  const dispatcher = new Dispatcher(outbox, api.webhooks, { ...o.webhooks, now: () => o.clock.now(), log: o.log });
  const poller = pollOutbox(dispatcher, o.webhooks?.pollMs ?? 60_000, () => o.clock.now());
  const notifier = new Notifier(api.webhooks, outbox, () => o.clock.now(), () => poller.kick());
  notifyFromInbox(api.players.inbox, notifier);
  const warn = async (agg: Aggregate, timer: Timer) => {
    const player = agg.app.players[timer.seat];
    if (player !== undefined) await notifier.notify({ type: 'DEADLINE_WARNING', player, gameId: agg.id, seat: timer.seat, version: agg.version, deadline: timer.deadline });
  };
  const timers = new LocalTimers(o.client, o.tableName, o.clock, (timer) =>
    fireTimer(o.service, timer, { warn }).then(
      () => undefined,
      (e: unknown) => o.log.error({ err: e, timer }, 'timer failed'),
    ),
  );
  playByTurnService(o.service);
  o.reactions.add(api.players.inbox.projection());
  o.reactions.add({ name: 'timers', apply: (agg) => timers.sync(agg) });
  o.reactions.add({ name: 'server-moves', background: true, apply: (agg) => bots.schedule(agg) });
  return { ...api, bots, timers, settle: () => settle(timers, bots),
    stop: () => {
      timers.stop();
      poller.stop();
    },
    dispatcher,
  };
}

/** Waits until timers and server moves are both quiet (each may start the other). */
async function settle(timers: LocalTimers, bots: BotRunner): Promise<void> {
  for (let i = 0; i < 1000; i++) {
    await timers.idle();
    await bots.idle();
    await new Promise((r) => setImmediate(r));
    if (!timers.busy && !bots.busy) return;
  }
}
