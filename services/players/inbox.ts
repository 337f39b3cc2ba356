/**
 * The players' inbox, a read model in the game table: one item per (player, game) at
 * `pk = "PLAYER#<id>"`, `sk = "INBOX#<gameId>"`, ordered for reading by the `byOwner` index:
 *
 *   gsk = "A#<waiting since>#<gameId>"          games awaiting the player's move, longest-waiting first
 *   gsk = "B#<inverted last activity>#<gameId>" the others, most recent first
 *
 * so a page of `me.games` is one Query. Writes are versioned (a late or replayed commit
 * cannot overwrite a newer entry), so the projection also runs from DynamoDB Streams.
 */
import { ConditionalCheckFailedException, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '../store/document-client.js';
import type { Aggregate } from '../app/aggregate.js';
import { statusOf } from '../app/aggregate.js';
import { AppError } from '../app/errors.js';
import type { Projection } from '../app/projections.js';
import type { Commit } from '../store/port.js';
import { OWNER_INDEX } from '../store/schema.js';
import { playerPk } from './registry.js';
import { pendingOffer } from '../lifecycle/rematch-offer.js';
// Lists come in pages of at most 100 (the README's limit, the same as the lobby's).
import { MAX_PAGE } from '../app/pages.js';

export interface InboxEntry {
  player: string;
  gameId: string;
  gameType: string;
  seat: number;
  awaitingMyMove: boolean;
  /** ISO time the game started waiting for this player (while it does). */
  waitingSince: string | null;
  lastActivity: string;
  /** The earliest deadline among the player's seats to move, if the game has a clock. */
  deadline: string | null;
  over: boolean;
  /** A rematch of this (finished) game is offered and waits for this player's answer. */
  rematchOffered?: boolean;
  version: number;
}

export interface InboxPage {
  edges: { node: InboxEntry; cursor: string }[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
}

/** What changed for one player: the entry, and whether it just started awaiting the player. */
export type InboxChange = { entry: InboxEntry; nowAwaiting: boolean; previous: InboxEntry | null; agg: Aggregate; commit: Commit };

/** `awaitingCount` counts up to this many games (a player rarely has more to move in). */
export const MAX_AWAITING_COUNT = 1000;
const INBOX = 'INBOX#';
const inverted = (iso: string) => String(9_000_000_000_000_000 - Date.parse(iso)).padStart(16, '0');
const gsk = (e: InboxEntry) => (e.awaitingMyMove ? `A#${e.waitingSince}#${e.gameId}` : `B#${inverted(e.lastActivity)}#${e.gameId}`);

/** Each player's entry for a game at a commit (no storage): one per registered player in the game. */
export function inboxEntries(agg: Aggregate, at: string): Omit<InboxEntry, 'waitingSince'>[] {
  const status = statusOf(agg);
  const offer = pendingOffer(agg.app);
  const byPlayer = new Map<string, number[]>();
  for (const [seat, player] of Object.entries(agg.app.players)) byPlayer.set(player, [...(byPlayer.get(player) ?? []), Number(seat)]);
  return [...byPlayer].map(([player, seats]) => {
    const mine = seats.filter((s) => status.toMove.includes(s) && agg.app.bots[s] === undefined);
    const deadlines = mine.map((s) => agg.app.clocks[s]?.deadline).filter((d): d is string => !!d).sort();
    return {
      player,
      gameId: agg.id,
      gameType: agg.state.game,
      seat: mine[0] ?? seats[0]!,
      awaitingMyMove: mine.length > 0 && !status.over,
      lastActivity: at,
      deadline: deadlines[0] ?? null,
      over: status.over,
      rematchOffered: !!offer && offer.players.includes(player) && !offer.accepted.includes(player),
      version: agg.version,
    };
  });
}

export class Inbox {
  private readonly doc: DynamoDBDocumentClient;
  private readonly listeners: ((change: InboxChange) => void | Promise<void>)[] = [];

  constructor(
    client: DynamoDBClient,
    private readonly table: string,
  ) {
    this.doc = documentClient(client);
  }

  /** Hears of every entry this process writes (notifications, subscriptions). */
  onChange(listener: (change: InboxChange) => void | Promise<void>): void {
    this.listeners.push(listener);
  }

  projection(): Projection {
    return { name: 'inbox', apply: (agg, commit) => this.apply(agg, commit) };
  }

  async apply(agg: Aggregate, commit: Commit): Promise<void> {
    for (const fresh of inboxEntries(agg, commit.at)) {
      const key = { pk: playerPk(fresh.player), sk: INBOX + fresh.gameId };
      const previous = (await this.doc.send(new GetCommand({ TableName: this.table, Key: key, ConsistentRead: true }))).Item as InboxEntry | undefined;
      if (previous && previous.version >= fresh.version) continue;
      const stillWaiting = previous?.awaitingMyMove && fresh.awaitingMyMove;
      const entry: InboxEntry = { ...fresh, waitingSince: fresh.awaitingMyMove ? (stillWaiting ? previous!.waitingSince : commit.at) : null };
      // A new deadline while still to move (the seat stayed to move across a timeout) is a new turn to announce.
      const newDeadline = !!stillWaiting && fresh.deadline !== null && fresh.deadline !== previous!.deadline;
      // Heard before the entry is written: a crash in between redelivers the commit, which finds the
      // old entry and tells the listeners again (notifications use deterministic ids), never not at all.
      const change = { entry, nowAwaiting: entry.awaitingMyMove && (!stillWaiting || newDeadline), previous: previous ?? null, agg, commit };
      for (const listener of this.listeners) await listener(change);
      try {
        await this.doc.send(
          new PutCommand({
            TableName: this.table,
            Item: { ...key, ...entry, [OWNER_INDEX.partition]: INBOX + fresh.player, [OWNER_INDEX.sort]: gsk(entry) },
            ConditionExpression: 'attribute_not_exists(version) OR version < :v',
            ExpressionAttributeValues: { ':v': entry.version },
          }),
        );
      } catch (e) {
        if (e instanceof ConditionalCheckFailedException) continue; // a newer commit got there first
        throw e;
      }
    }
  }

  /** How many games await the player's move: a count of the index's `A#` keys, bounded by MAX_AWAITING_COUNT. */
  async awaitingCount(player: string): Promise<number> {
    let count = 0;
    let start: Record<string, unknown> | undefined;
    do {
      const out = await this.doc.send(
        new QueryCommand({
          TableName: this.table,
          IndexName: OWNER_INDEX.name,
          KeyConditionExpression: '#p = :p AND begins_with(#s, :a)',
          ExpressionAttributeNames: { '#p': OWNER_INDEX.partition, '#s': OWNER_INDEX.sort },
          ExpressionAttributeValues: { ':p': INBOX + player, ':a': 'A#' },
          Select: 'COUNT',
          Limit: MAX_AWAITING_COUNT - count,
          ExclusiveStartKey: start,
        }),
      );
      count += out.Count ?? 0;
      start = out.LastEvaluatedKey;
    } while (start && count < MAX_AWAITING_COUNT);
    return count;
  }

  /** One page of a player's inbox, in inbox order: a single Query. */
  async page(player: string, options: { awaitingMyMove?: boolean; first?: number; after?: string }): Promise<InboxPage> {
    const first = options.first ?? 20;
    if (!Number.isInteger(first) || first < 1 || first > MAX_PAGE) throw new AppError('BAD_INPUT', `first is 1 to ${MAX_PAGE}`);
    const prefix = options.awaitingMyMove === undefined ? null : options.awaitingMyMove ? 'A#' : 'B#';
    const out = await this.doc.send(
      new QueryCommand({
        TableName: this.table,
        IndexName: OWNER_INDEX.name,
        KeyConditionExpression: prefix ? '#p = :p AND begins_with(#s, :prefix)' : '#p = :p',
        ExpressionAttributeNames: { '#p': OWNER_INDEX.partition, ...(prefix ? { '#s': OWNER_INDEX.sort } : {}) },
        ExpressionAttributeValues: { ':p': INBOX + player, ...(prefix ? { ':prefix': prefix } : {}) },
        Limit: first + 1,
        ExclusiveStartKey: options.after === undefined ? undefined : fromCursor(options.after, player),
      }),
    );
    const items = (out.Items ?? []) as (InboxEntry & Record<string, string>)[];
    const edges = items.slice(0, first).map((item) => ({ node: entryOf(item), cursor: toCursor(item) }));
    return { edges, pageInfo: { hasNextPage: items.length > first, endCursor: edges.at(-1)?.cursor ?? null } };
  }
}

function entryOf(item: Record<string, unknown>): InboxEntry {
  const { pk: _pk, sk: _sk, [OWNER_INDEX.partition]: _gpk, [OWNER_INDEX.sort]: _gsk, ...entry } = item;
  return entry as unknown as InboxEntry;
}

/** A cursor is the item's index key, opaque to clients. */
function toCursor(item: Record<string, string>): string {
  return Buffer.from(JSON.stringify([item.sk, item[OWNER_INDEX.sort]])).toString('base64url');
}

function fromCursor(cursor: string, player: string): Record<string, string> {
  try {
    const [sk, sort] = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as unknown[];
    if (typeof sk !== 'string' || typeof sort !== 'string' || cursor.length > 400) throw new Error();
    return { pk: playerPk(player), sk, [OWNER_INDEX.partition]: INBOX + player, [OWNER_INDEX.sort]: sort };
  } catch {
    throw new AppError('BAD_INPUT', 'invalid cursor');
  }
}
