/**
 * The DynamoDB Streams consumer: for each new commit it runs the projections (the same
 * projector code the local server runs in-process after each append), then sends every
 * subscriber of the game its own seat's view of the newest version in the batch, and every
 * changed inbox entry to its player's `myGames` subscribers.
 *
 * Records of one game are handled in version order, games in parallel. A game that fails
 * is reported as a batch item failure (its first record), so Lambda retries from there;
 * projections tolerate replays and the fan-out never sends a version twice.
 */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { Context, DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { applyCommit, fromStream, snapshotIsCurrent, type Aggregate, type GameLookup } from '../app/aggregate.js';
import { toCommit } from '../store/dynamo.js';
import type { Commit, EventStore, Stream } from '../store/port.js';
import { COMMIT_PREFIX, gamePk, KEY } from '../store/schema.js';
import { once, parlorFromEnv, required } from './env.js';
import { count, instrumented, logger } from './observability.js';
import { realtime, type Realtime } from './ws/realtime.js';
import type { Gateway } from './ws/gateway.js';

const GAME_PREFIX = gamePk('');

interface CommitRecord {
  gameId: string;
  commit: Commit;
  sequenceNumber: string;
}

/** The commits among a batch's records (the event source filter lets only these through; other items are skipped anyway). */
export function commitRecords(records: DynamoDBRecord[]): CommitRecord[] {
  return records.flatMap((r) => {
    const image = r.dynamodb?.NewImage;
    if (r.eventName !== 'INSERT' || !image) return [];
    const item = unmarshall(image as Record<string, AttributeValue>);
    const pk = item[KEY.partition];
    if (typeof pk !== 'string' || !pk.startsWith(GAME_PREFIX) || !String(item[KEY.sort]).startsWith(COMMIT_PREFIX)) return [];
    return [{ gameId: pk.slice(GAME_PREFIX.length), commit: toCommit(item as Parameters<typeof toCommit>[0]), sequenceNumber: r.dynamodb!.SequenceNumber ?? '' }];
  });
}

/**
 * The game as it was right after each of `versions` (ascending): folded from the newest
 * snapshot when it is not past the first of them and of today's shape, else from the whole history.
 */
export async function replay(store: EventStore, gameId: string, versions: number[], lookup: GameLookup): Promise<Aggregate[]> {
  const first = versions[0]!;
  let stream = await store.load(gameId);
  if (!stream) throw new Error(`game ${gameId} has commits in the stream but none in the table`);
  if (stream.snapshot && (stream.snapshot.version > first || !snapshotIsCurrent(stream.snapshot.data))) stream = { version: stream.version, snapshot: null, commits: await store.history(gameId) } satisfies Stream;
  let agg = fromStream(gameId, { ...stream, commits: stream.commits.filter((c) => c.version <= first) }, lookup);
  const wanted = new Set(versions);
  const out = [agg];
  for (const commit of stream.commits) {
    if (commit.version <= first || commit.version > versions.at(-1)!) continue;
    agg = applyCommit(agg, commit);
    if (wanted.has(commit.version)) out.push(agg);
  }
  if (out.length !== versions.length) throw new Error(`game ${gameId}: replayed ${out.length} of ${versions.length} versions`);
  return out;
}

export function streamHandler(rt: Realtime, gateway: Gateway) {
  const { service, store, projections } = rt.parlor;
  const lookup: GameLookup = (id) => service.games.find((g) => g.id === id);
  // myGames: each inbox entry the projection writes goes to its player's subscribers.
  rt.parlor.play.players.inbox.onChange(({ entry }) => rt.fanout.toPlayer(entry, gateway));

  async function game(records: CommitRecord[]): Promise<void> {
    // Versions once each (a retried batch may repeat a record), oldest first.
    const byVersion = new Map(records.map((r) => [r.commit.version, r.commit]));
    const commits = [...byVersion.values()].sort((a, b) => a.version - b.version);
    const aggs = await replay(store, records[0]!.gameId, commits.map((c) => c.version), lookup);
    for (const [i, commit] of commits.entries()) {
      for (const projection of projections) await projection.apply(aggs[i]!, commit);
      count('CommitsProjected');
    }
    await rt.fanout.toSubscribers(aggs.at(-1)!, gateway);
    // Play-by-turn: the game's timers follow its newest version, and the server makes its next move.
    for (const react of rt.parlor.reactions) await react(aggs.at(-1)!);
  }

  return async (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => {
    const byGame = new Map<string, CommitRecord[]>();
    for (const r of commitRecords(event.Records)) byGame.set(r.gameId, [...(byGame.get(r.gameId) ?? []), r]);
    const failures: string[] = [];
    await Promise.all(
      [...byGame.values()].map(async (records) => {
        try {
          await game(records);
        } catch (e) {
          logger.error('game update failed', { gameId: records[0]!.gameId, error: e as Error });
          failures.push(records[0]!.sequenceNumber); // records come in stream order: this is the game's earliest
        }
      }),
    );
    // Lambda retries from the lowest failed record; whatever succeeded after it is replayed harmlessly.
    return { batchItemFailures: failures.map((itemIdentifier) => ({ itemIdentifier })) };
  };
}

const ready = once(async () => {
  const rt = realtime(parlorFromEnv());
  return streamHandler(rt, rt.gateway(required('WS_ENDPOINT')));
});
// On Lambda, build during the init phase: before the first request, and unseen on pre-initialised environments.
if (process.env.AWS_LAMBDA_FUNCTION_NAME) await ready();

export const handler = instrumented('stream', async (event: DynamoDBStreamEvent, _context: Context) => (await ready())(event));
