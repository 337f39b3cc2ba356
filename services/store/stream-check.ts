/**
 * Damaged streams: a game whose commits are not versions 1…n without a gap (a data file cut
 * short or with garbage in it loses items silently: LevelDB drops what it cannot read). The
 * start-up check reads every commit's key once (a keys-only Scan, paged); loads check the part
 * they read. A damaged stream is refused (`StreamDamaged`), never served or appended to: a
 * move on top of a hole would build on a game no one can replay.
 */
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient } from './document-client.js';
import type { Commit, EventStore, Stream } from './port.js';
import { COMMIT_PREFIX, gamePk, KEY } from './schema.js';
import { lostTails, lostTailText } from './heads.js';

export class StreamDamaged extends Error {
  constructor(
    readonly gameId: string,
    readonly problem: string,
  ) {
    super(`game ${gameId} is damaged in storage (${problem}); it is not served until it is repaired (npm run verify-store)`);
    this.name = 'StreamDamaged';
  }
}

/** Each game's commit count and highest version: one paged Scan of the table reading keys only. */
export async function scanStreams(client: DynamoDBClient, table: string): Promise<Map<string, { count: number; max: number }>> {
  const doc = documentClient(client);
  const seen = new Map<string, { count: number; max: number }>();
  let start: Record<string, unknown> | undefined;
  do {
    const page = await doc.send(
      new ScanCommand({
        TableName: table,
        ProjectionExpression: '#pk, #sk',
        FilterExpression: 'begins_with(#pk, :game) AND begins_with(#sk, :v)',
        ExpressionAttributeNames: { '#pk': KEY.partition, '#sk': KEY.sort },
        ExpressionAttributeValues: { ':game': gamePk(''), ':v': COMMIT_PREFIX },
        ExclusiveStartKey: start,
      }),
    );
    for (const item of page.Items ?? []) {
      const gameId = String(item[KEY.partition]).slice(gamePk('').length);
      const version = Number(String(item[KEY.sort]).slice(COMMIT_PREFIX.length));
      const game = seen.get(gameId) ?? { count: 0, max: 0 };
      seen.set(gameId, { count: game.count + 1, max: Math.max(game.max, version) });
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return seen;
}

/**
 * Each game whose commit versions have a gap, or stop below the head this machine acknowledged
 * (`heads`, store/heads.ts: a lost tail), with what is wrong.
 */
export async function findHoles(client: DynamoDBClient, table: string, heads: Map<string, number> = new Map()): Promise<Map<string, string>> {
  const seen = await scanStreams(client, table);
  // Sort keys are unique, so versions 1…max are all there exactly when there are max of them.
  const holes = new Map<string, string>();
  for (const [gameId, { count, max }] of seen) if (count !== max) holes.set(gameId, `${max - count} of versions 1–${max} missing`);
  for (const [gameId, tail] of lostTails(heads, seen)) holes.set(gameId, [holes.get(gameId), lostTailText(tail)].filter(Boolean).join('; '));
  return holes;
}

/** The first version missing from `commits` if they are not `from`, `from + 1`, …, else null. */
function gapIn(commits: Commit[], from: number): number | null {
  for (const [i, c] of commits.entries()) if (c.version !== from + i) return from + i;
  return null;
}

/**
 * `store`, refusing the games in `damaged` and any whose reads show a gap (added to `damaged`).
 * Reads that see a gap throw instead of folding past it.
 */
export function refuseDamaged<S extends EventStore>(store: S, damaged: Map<string, string>): S {
  const check = (gameId: string) => {
    const problem = damaged.get(gameId);
    if (problem !== undefined) throw new StreamDamaged(gameId, problem);
  };
  const gap = (gameId: string, commits: Commit[], from: number) => {
    const missing = gapIn(commits, from);
    if (missing === null) return;
    damaged.set(gameId, `version ${missing} missing`);
    check(gameId);
  };
  return Object.assign(Object.create(store) as S, {
    async append(...args: Parameters<EventStore['append']>) {
      check(args[0]);
      return store.append(...args);
    },
    async load(gameId: string): Promise<Stream | null> {
      check(gameId);
      const stream = await store.load(gameId);
      if (stream) gap(gameId, stream.commits, (stream.snapshot?.version ?? 0) + 1);
      return stream;
    },
    async commitsAfter(gameId: string, version: number): Promise<Commit[]> {
      check(gameId);
      const commits = await store.commitsAfter(gameId, version);
      gap(gameId, commits, version + 1);
      return commits;
    },
    async history(gameId: string): Promise<Commit[]> {
      check(gameId);
      const commits = await store.history(gameId);
      gap(gameId, commits, 1);
      return commits;
    },
  });
}
