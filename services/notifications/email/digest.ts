/**
 * The email digest: at most one mail every `digestEveryHours` per player ("3 games await your
 * move"), never one per move. A notice that a game awaits the player schedules the next digest
 * (if none is scheduled) at the later of a short gathering wait and the last digest plus the
 * player's interval, moved past their quiet hours. `sendDue(now)` sends what is due: it is a job
 * driven by the caller's clock (a local alarm, the once-a-minute rule on AWS), so tests run
 * hours in milliseconds.
 *
 * In the game table: `pk = "DIGESTS#<shard>"` (DIGEST_SHARDS keys, the shard a hash of the player:
 * store/shards.ts), `sk = "<due, epoch ms, 15 digits>#<player>"` (the queue: the due ones are one
 * Query a shard, merged soonest first) and `pk = "PLAYER#<id>"`, `sk = "NOTIFY#DIGEST"` (`due`: the one
 * scheduled, `lastSentAt`). A job claims a queued digest by removing `due` on the condition that
 * it is still that one, so two jobs never send it twice, and a stale queue item is dropped.
 */
import { ConditionalCheckFailedException, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '../../store/document-client.js';
import { allShardKeys, DIGEST_SHARDS, mergeSorted, shardKey } from '../../store/shards.js';
import { playerPk } from '../../players/registry.js';
import { isQuiet, quietUntil } from '../quiet-hours.js';
import { DIGEST_STATE_SK, type DigestState, type NotificationSettings, type NotificationSettingsStore } from '../settings.js';
import { digestMail, type AwaitingGame } from './message.js';
import type { Mailer } from './transport.js';
import type { UnsubscribeTokens } from './unsubscribe.js';

const QUEUE = 'DIGESTS';
/** The key every queued digest had before the queue was spread (a data folder of an older version: store/legacy-keys.ts). */
export const LEGACY_DIGESTS_PK = QUEUE;
/** The queue's key for a player's digests. */
export const digestQueuePk = (player: string) => shardKey(QUEUE, player, DIGEST_SHARDS);
const pad = (ms: number) => String(ms).padStart(15, '0');
const HOUR = 3_600_000;
/** A digest waits this long after the first game that awaits, so moves close together share one mail. */
export const GATHER_MS = 10 * 60_000;
/** A scheduled digest the job should long have sent (lost between two writes): scheduling ignores it. */
const STALE_MS = HOUR;
/** The most games a digest lists (it counts them all). */
export const MAX_LISTED = 10;

export interface DigestOptions {
  settings: NotificationSettingsStore;
  /** The games awaiting the player's move, longest-waiting first (the inbox). */
  awaiting(player: string): Promise<Omit<AwaitingGame, 'label'>[]>;
  /** "SCOUT vs Ann" for the player. */
  label(gameId: string, player: string): Promise<string>;
  mailer: Mailer;
  from: string;
  publicUrl: string;
  unsubscribe: UnsubscribeTokens;
  log?: { error(details: object, message: string): void };
}

export class Digests {
  private readonly doc: DynamoDBDocumentClient;
  /** Told the due time of each digest scheduled here (a local alarm arms itself by it). */
  onScheduled: (due: number) => void = () => {};

  constructor(
    client: DynamoDBClient,
    private readonly table: string,
    private readonly o: DigestOptions,
  ) {
    this.doc = documentClient(client);
  }

  /** A game awaits the player: make sure a digest is on its way. `state`: the digest's, read just before (else read here). */
  async schedule(player: string, settings: NotificationSettings, now: number, state?: DigestState): Promise<void> {
    if (!settings.email) return;
    state ??= await this.state(player);
    if (state.due !== undefined && state.due > now - STALE_MS) return; // one is coming
    const due = quietUntil(settings.quietHours, Math.max(now + GATHER_MS, (state.lastSentAt ?? -Infinity) + settings.digestEveryHours * HOUR));
    // The queue item first: a crash before the state is written leaves a stale item the job drops.
    await this.doc.send(new PutCommand({ TableName: this.table, Item: { pk: digestQueuePk(player), sk: `${pad(due)}#${player}`, player, due } }));
    await this.doc.send(new UpdateCommand({ TableName: this.table, Key: this.stateKey(player), UpdateExpression: 'SET #due = :due', ExpressionAttributeNames: { '#due': 'due' }, ExpressionAttributeValues: { ':due': due } }));
    this.onScheduled(due);
  }

  /** Sends every digest due at `now`; returns how many mails went. */
  async sendDue(now: number, limit = 25): Promise<number> {
    const shards = await Promise.all(
      allShardKeys(QUEUE, DIGEST_SHARDS).map(async (pk) => {
        const out = await this.doc.send(
          new QueryCommand({ TableName: this.table, KeyConditionExpression: 'pk = :pk AND sk <= :now', ExpressionAttributeValues: { ':pk': pk, ':now': `${pad(now)}#~` }, Limit: limit, ConsistentRead: true }),
        );
        return out.Items ?? [];
      }),
    );
    let sent = 0;
    for (const item of mergeSorted(shards, (i) => i.sk as string, limit)) {
      const { player, due } = item as { player: string; due: number };
      const claimed = await this.claim(player, due);
      await this.doc.send(new DeleteCommand({ TableName: this.table, Key: { pk: item.pk as string, sk: item.sk as string } }));
      if (claimed && (await this.sendOne(player, now).catch((e: unknown) => (this.log({ err: e, player }, 'digest not sent'), false)))) sent++;
    }
    return sent;
  }

  /** When the earliest queued digest is due, if any (a local alarm's next wake-up). */
  async nextDue(): Promise<number | null> {
    const firsts = await Promise.all(
      allShardKeys(QUEUE, DIGEST_SHARDS).map(async (pk) => {
        const out = await this.doc.send(new QueryCommand({ TableName: this.table, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': pk }, Limit: 1, ConsistentRead: true }));
        return (out.Items?.[0]?.due as number | undefined) ?? Infinity;
      }),
    );
    const first = Math.min(...firsts);
    return first === Infinity ? null : first;
  }

  private async sendOne(player: string, now: number): Promise<boolean> {
    const settings = await this.o.settings.get(player);
    if (!settings.email || !settings.channels.includes('EMAIL')) return false;
    if (isQuiet(settings.quietHours, now)) {
      await this.schedule(player, settings, quietUntil(settings.quietHours, now) - GATHER_MS); // the digest waits out the quiet hours
      return false;
    }
    const games = await this.o.awaiting(player);
    if (games.length === 0) return false; // played meanwhile: nothing to say
    const unsubscribeUrl = `${this.o.publicUrl.replace(/\/$/, '')}/v1/unsubscribe?token=${encodeURIComponent(await this.o.unsubscribe.sign(player))}`;
    const listed = await Promise.all(games.slice(0, MAX_LISTED).map(async (g) => ({ ...g, label: await this.o.label(g.gameId, player) })));
    await this.o.mailer.sendMail({ from: this.o.from, to: settings.email, ...digestMail(listed, games.length, this.o.publicUrl, unsubscribeUrl) });
    await this.doc.send(new UpdateCommand({ TableName: this.table, Key: this.stateKey(player), UpdateExpression: 'SET lastSentAt = :now', ExpressionAttributeValues: { ':now': now } }));
    return true;
  }

  /** Takes the scheduled digest if it is still this one; false for a stale queue item. */
  private async claim(player: string, due: number): Promise<boolean> {
    try {
      await this.doc.send(
        new UpdateCommand({ TableName: this.table, Key: this.stateKey(player), UpdateExpression: 'REMOVE #due', ConditionExpression: '#due = :due', ExpressionAttributeNames: { '#due': 'due' }, ExpressionAttributeValues: { ':due': due } }),
      );
      return true;
    } catch (e) {
      if (e instanceof ConditionalCheckFailedException) return false;
      throw e;
    }
  }

  private async state(player: string): Promise<DigestState> {
    return ((await this.doc.send(new GetCommand({ TableName: this.table, Key: this.stateKey(player), ConsistentRead: true }))).Item ?? {}) as DigestState;
  }

  private stateKey(player: string) {
    return { pk: playerPk(player), sk: DIGEST_STATE_SK };
  }

  private log(details: object, message: string): void {
    (this.o.log ?? { error: (d: object, m: string) => console.error(m, d) }).error(details, message);
  }
}
