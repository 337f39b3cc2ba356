/**
 * The event store on DynamoDB: one item per commit, written by a single conditional PutItem
 * (`attribute_not_exists`), which behaves the same on AWS and on the embedded server (which
 * has no transactions). Events and snapshots are stored as JSON strings: opaque to the
 * store, compact, and readable by analytics without a schema.
 */
import { randomUUID } from 'node:crypto';
import { ConditionalCheckFailedException, DescribeTableCommand, DynamoDBClient, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, QueryCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient } from './document-client.js';
import { marshall } from '@aws-sdk/util-dynamodb';
import { DynamoChangeFeed } from './change-feed.js';
import { queryAll } from './query-all.js';
import { SNAPSHOT_EVERY, VersionConflict, type AppendResult, type Commit, type CommitScan, type EventStore, type NewCommit, type ScannedCommit, type Stream } from './port.js';
import { COMMIT_PREFIX, commitSk, gamePk, KEY } from './schema.js';

interface CommitItem {
  pk: string;
  sk: string;
  version: number;
  events: string;
  at: string;
  commandId?: string;
  seat?: number;
  by?: string;
  command?: string;
  snapshot?: string;
  attemptId: string;
  /** The change feed's keys (one machine only; see change-feed.ts). */
  fpk?: string;
  fsk?: string;
}

export interface DynamoStoreOptions {
  tableName: string;
  client: DynamoDBClient;
  /**
   * How many commits a load reads per page while looking for the newest snapshot. Default
   * SNAPSHOT_EVERY: one page always reaches it, and no page carries a second snapshot's bytes.
   */
  pageSize?: number;
  /** The partition key of a stream (default gamePk): another aggregate's streams (tournaments) live in the same table under their own prefix. */
  partition?: (id: string) => string;
  /** Writes each commit into this change feed (one machine; on AWS DynamoDB Streams is the feed). */
  feed?: DynamoChangeFeed;
}

export class DynamoEventStore implements EventStore, CommitScan {
  private readonly doc: DynamoDBDocumentClient;
  private readonly table: string;
  private readonly pageSize: number;
  private readonly client: DynamoDBClient;
  private readonly pk: (id: string) => string;
  private readonly feed: DynamoChangeFeed | undefined;

  constructor(options: DynamoStoreOptions) {
    this.feed = options.feed;
    this.doc = documentClient(options.client);
    this.client = options.client;
    this.table = options.tableName;
    this.pageSize = options.pageSize ?? SNAPSHOT_EVERY;
    this.pk = options.partition ?? gamePk;
  }

  append(gameId: string, expectedVersion: number, commit: NewCommit): Promise<AppendResult> {
    // No change feed (AWS: DynamoDB Streams is the feed): the write alone, with no position to reserve or give back.
    return this.feed ? this.appendToFeed(gameId, expectedVersion, commit, this.feed) : this.put(gameId, expectedVersion, commit, undefined);
  }

  private async appendToFeed(gameId: string, expectedVersion: number, commit: NewCommit, feed: DynamoChangeFeed): Promise<AppendResult> {
    const position = feed.reserve();
    try {
      return { ...(await this.put(gameId, expectedVersion, commit, position)), position };
    } catch (e) {
      feed.close(position); // nothing was written at this position
      throw e;
    }
  }

  private async put(gameId: string, expectedVersion: number, commit: NewCommit, position: number | undefined): Promise<AppendResult> {
    const version = expectedVersion + 1;
    const item: CommitItem = {
      pk: this.pk(gameId),
      sk: commitSk(version),
      version,
      events: JSON.stringify(commit.events),
      at: new Date().toISOString(),
      commandId: commit.commandId,
      seat: commit.seat,
      by: commit.by,
      command: commit.command === undefined ? undefined : JSON.stringify(commit.command),
      snapshot: commit.snapshot === undefined ? undefined : JSON.stringify(commit.snapshot),
      attemptId: commit.attemptId ?? randomUUID(),
      ...(position !== undefined && DynamoChangeFeed.keys(position)),
    };
    try {
      // The plain client with the item marshalled here, once: the document client's per-call
      // marshalling middleware costs ~0.09 ms per write (bench/sdk-calls.ts), on the hottest call there is.
      // ALL_OLD: a refused write hands back the item that holds the version (DynamoDB charges no read units for it).
      await this.client.send(
        new PutItemCommand({ TableName: this.table, Item: marshall(item, { removeUndefinedValues: true }), ConditionExpression: 'attribute_not_exists(#pk)', ExpressionAttributeNames: { '#pk': KEY.partition }, ReturnValuesOnConditionCheckFailure: 'ALL_OLD' }),
      );
      return { version };
    } catch (e) {
      if (!(e instanceof ConditionalCheckFailedException)) throw e;
      // The SDK retries a write whose answer was lost: if the winner is that very write, it is ours.
      // On AWS the refusal carries the winner (a stale fold's move, the usual conflict across Lambdas,
      // costs no read); the embedded server ignores the parameter, so there one consistent read asks.
      const winner = e.Item ? e.Item.attemptId?.S : (await this.doc.send(new GetCommand({ TableName: this.table, Key: { pk: item.pk, sk: item.sk }, ConsistentRead: true, ProjectionExpression: 'attemptId' }))).Item?.attemptId;
      if (winner === item.attemptId) return { version };
      throw new VersionConflict(gameId, expectedVersion);
    }
  }

  async load(gameId: string): Promise<Stream | null> {
    // Newest first, until a commit that carries a snapshot (or the first commit).
    const newestFirst: CommitItem[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const page = await this.doc.send(
        new QueryCommand({
          ...this.commitQuery(gameId),
          ScanIndexForward: false,
          Limit: this.pageSize,
          ExclusiveStartKey: start,
        }),
      );
      for (const item of (page.Items ?? []) as CommitItem[]) {
        newestFirst.push(item);
        if (item.snapshot !== undefined) return toStream(newestFirst);
      }
      start = page.LastEvaluatedKey;
    } while (start);
    return newestFirst.length === 0 ? null : toStream(newestFirst);
  }

  async commitsAfter(gameId: string, version: number): Promise<Commit[]> {
    const items = await queryAll<CommitItem>(this.doc, {
      TableName: this.table,
      KeyConditionExpression: '#pk = :pk AND #sk BETWEEN :after AND :last',
      ExpressionAttributeNames: { '#pk': KEY.partition, '#sk': KEY.sort },
      ExpressionAttributeValues: { ':pk': this.pk(gameId), ':after': commitSk(version + 1), ':last': commitSk(9_999_999_999) },
      ConsistentRead: true,
    });
    return items.map(toCommit);
  }

  async history(gameId: string): Promise<Commit[]> {
    const query = this.commitQuery(gameId);
    const items = await queryAll<CommitItem>(this.doc, {
      ...query,
      // Snapshots are for loading, not history: leave them on the server.
      ProjectionExpression: '#version, #events, #at, #commandId, #seat, #by, #command',
      ExpressionAttributeNames: { ...query.ExpressionAttributeNames, '#version': 'version', '#events': 'events', '#at': 'at', '#commandId': 'commandId', '#seat': 'seat', '#by': 'by', '#command': 'command' },
    });
    return items.map(toCommit);
  }

  /** Every snapshot a game's commits carry, oldest first (checking them: npm run verify-store). */
  async snapshots(gameId: string): Promise<{ version: number; data: unknown }[]> {
    const query = this.commitQuery(gameId);
    const items = await queryAll<CommitItem>(this.doc, {
      ...query,
      FilterExpression: 'attribute_exists(#snapshot)',
      ProjectionExpression: '#version, #snapshot',
      ExpressionAttributeNames: { ...query.ExpressionAttributeNames, '#version': 'version', '#snapshot': 'snapshot' },
    });
    return items.map((item) => ({ version: item.version, data: JSON.parse(item.snapshot!) }));
  }

  async scanCommits(position: string | null, limit: number): Promise<{ commits: ScannedCommit[]; scanned: number; next: string | null }> {
    const page = await this.doc.send(
      new ScanCommand({
        TableName: this.table,
        Limit: limit,
        ExclusiveStartKey: position === null ? undefined : JSON.parse(position),
        // Commits only (not lobby or connection items), and never their snapshots.
        FilterExpression: 'begins_with(#pk, :game) AND begins_with(#sk, :v)',
        ProjectionExpression: '#pk, #sk, #version, #events, #at, #seat, #command',
        ExpressionAttributeNames: { '#pk': KEY.partition, '#sk': KEY.sort, '#version': 'version', '#events': 'events', '#at': 'at', '#seat': 'seat', '#command': 'command' },
        ExpressionAttributeValues: { ':game': gamePk(''), ':v': COMMIT_PREFIX },
      }),
    );
    const commits = ((page.Items ?? []) as CommitItem[]).map((item) => ({ gameId: item.pk.slice(gamePk('').length), commit: toCommit(item) }));
    return { commits, scanned: page.ScannedCount ?? commits.length, next: page.LastEvaluatedKey ? JSON.stringify(page.LastEvaluatedKey) : null };
  }

  positionAfter(gameId: string, version: number): string {
    return JSON.stringify({ [KEY.partition]: gamePk(gameId), [KEY.sort]: commitSk(version) });
  }

  async approximateItems(): Promise<number | null> {
    const table = await this.client.send(new DescribeTableCommand({ TableName: this.table }));
    return table.Table?.ItemCount ?? null;
  }

  /** The key condition every read of a game's commits starts from. */
  private commitQuery(gameId: string) {
    return {
      TableName: this.table,
      KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :v)',
      ExpressionAttributeNames: { '#pk': KEY.partition, '#sk': KEY.sort } as Record<string, string>,
      ExpressionAttributeValues: { ':pk': this.pk(gameId), ':v': COMMIT_PREFIX },
      ConsistentRead: true,
    };
  }
}

/** Parses a stored commit item (also used for DynamoDB Streams records). */
export function toCommit(item: CommitItem): Commit {
  const commit: Commit = { version: item.version, events: JSON.parse(item.events), at: item.at };
  if (item.commandId !== undefined) commit.commandId = item.commandId;
  if (item.seat !== undefined) commit.seat = item.seat;
  if (item.by !== undefined) commit.by = item.by;
  if (item.command !== undefined) commit.command = JSON.parse(item.command);
  return commit;
}

function toStream(newestFirst: CommitItem[]): Stream {
  const head = newestFirst.at(-1)!;
  const hasSnapshot = head.snapshot !== undefined;
  const after = hasSnapshot ? newestFirst.slice(0, -1) : newestFirst;
  return {
    version: newestFirst[0]!.version,
    snapshot: hasSnapshot ? { version: head.version, data: JSON.parse(head.snapshot!) } : null,
    commits: after.reverse().map(toCommit),
  };
}
