/**
 * Timers on one machine: in-memory alarms, each game's set also written to the table
 * (`pk = "TIMERS"`, `sk = <gameId>`) so a restart recovers every pending deadline and fires
 * the late ones at once. The alarm clock is injectable, so tests can run days in milliseconds.
 */
import { ConditionalCheckFailedException, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '../store/document-client.js';
import type { Aggregate } from '../app/aggregate.js';
import { queryAll } from '../store/query-all.js';
import { timersOf, type Timer } from './timer.js';

export interface AlarmClock {
  now(): number;
  /** Calls `fire` at epoch ms `at` (at once if past); returns a cancel function. */
  at(at: number, fire: () => void): () => void;
}

/** The longest a single setTimeout may wait (about 24.8 days); longer waits re-arm. */
const MAX_WAIT = 2 ** 31 - 1;

/** What an alarm clock needs of the platform: the wall clock and a one-shot timer. */
export interface TimerHost {
  now(): number;
  setTimeout(fire: () => void, ms: number): { unref?(): void };
  clearTimeout(handle: unknown): void;
}

/**
 * An alarm clock on a timer host. A timer may fire a little before the wall clock reaches its
 * time (libuv counts on a monotonic clock in whole ms: 12 of 3,000 short waits fired early here),
 * and a due deadline must never be decided "not yet": so an alarm that wakes early waits again.
 */
export function alarmClockOn(host: TimerHost): AlarmClock {
  return {
    now: () => host.now(),
    at(at, fire) {
      let handle: ReturnType<TimerHost['setTimeout']> | undefined;
      const arm = () => {
        const wait = at - host.now();
        if (wait <= 0 && handle) return fire(); // never synchronously from `at` itself, even when past
        handle = host.setTimeout(arm, Math.max(0, Math.min(wait, MAX_WAIT)));
        handle.unref?.();
      };
      arm();
      return () => host.clearTimeout(handle);
    },
  };
}

export const systemAlarmClock: AlarmClock = alarmClockOn({ now: Date.now, setTimeout: (fire, ms) => setTimeout(fire, ms), clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout) });

const TIMERS_PK = 'TIMERS';

export class LocalTimers {
  private readonly doc: DynamoDBDocumentClient;
  private readonly armed = new Map<string, (() => void)[]>();
  /** The game version each game's alarms were armed at: older timers never replace them. */
  private readonly armedVersion = new Map<string, number>();
  private readonly firing = new Set<Promise<void>>();

  constructor(
    client: DynamoDBClient,
    private readonly table: string,
    private readonly clock: AlarmClock,
    private readonly fire: (timer: Timer) => Promise<void>,
  ) {
    this.doc = documentClient(client);
  }

  /** Makes the game's alarms (and their durable copy) match its clocks after a commit. */
  async sync(agg: Aggregate): Promise<void> {
    const timers = timersOf(agg);
    if (timers.length === 0 && !this.armed.has(agg.id)) return; // stale durable copies fire harmlessly
    // A redelivered older commit must not replace the alarms of a newer one.
    if (await this.persist(agg.id, agg.version, timers)) this.arm(agg.id, agg.version, timers);
  }

  /** Arms every pending timer found in the table (at start). */
  async recover(): Promise<number> {
    const items = await queryAll(this.doc, { TableName: this.table, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': TIMERS_PK }, ConsistentRead: true });
    // A commit made while this read was under way (a late timer firing at once) has armed newer alarms: they stay.
    for (const item of items) this.arm(item.sk as string, item.version as number, JSON.parse(item.timers as string) as Timer[]);
    return items.length;
  }

  stop(): void {
    for (const cancels of this.armed.values()) for (const cancel of cancels) cancel();
    this.armed.clear();
    this.armedVersion.clear();
  }

  private arm(gameId: string, version: number, timers: Timer[]): void {
    if ((this.armedVersion.get(gameId) ?? -1) > version) return;
    for (const cancel of this.armed.get(gameId) ?? []) cancel();
    if (timers.length === 0) {
      this.armedVersion.delete(gameId); // a stale copy armed after this fires harmlessly: its version is gone
      return void this.armed.delete(gameId);
    }
    this.armedVersion.set(gameId, version);
    this.armed.set(
      gameId,
      timers.map((t) => this.clock.at(t.at, () => this.track(t))),
    );
  }

  private track(timer: Timer): void {
    const run = this.fire(timer).finally(() => this.firing.delete(run));
    this.firing.add(run);
  }

  get busy(): boolean {
    return this.firing.size > 0;
  }

  /** Resolves once no timer is firing (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.firing.size) await Promise.all([...this.firing]);
  }

  /** Writes the game's timers as of `version`; false if a newer version's are there already. */
  private async persist(gameId: string, version: number, timers: Timer[]): Promise<boolean> {
    const key = { pk: TIMERS_PK, sk: gameId };
    try {
      if (timers.length === 0) {
        await this.doc.send(new DeleteCommand({ TableName: this.table, Key: key, ConditionExpression: 'attribute_not_exists(version) OR version <= :v', ExpressionAttributeValues: { ':v': version } }));
      } else {
        await this.doc.send(
          new PutCommand({
            TableName: this.table,
            Item: { ...key, version, timers: JSON.stringify(timers) },
            ConditionExpression: 'attribute_not_exists(version) OR version <= :v',
            ExpressionAttributeValues: { ':v': version },
          }),
        );
      }
      return true;
    } catch (e) {
      if (!(e instanceof ConditionalCheckFailedException)) throw e;
      return false; // a newer commit already set them
    }
  }
}
