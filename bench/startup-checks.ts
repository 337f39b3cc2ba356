/**
 * `npx tsx bench/startup-checks.ts`: what npm start's start-up checks cost on a table of
 * STARTUP_GAMES (100) games of ~20 commits: the hole scan (keys only), seeding the change feed,
 * and the reactions' recovery after a clean stop and after a crash that left the last
 * STARTUP_UNSAVED (50) commits past the checkpoints. Prints milliseconds; not a test.
 */
import { performance } from 'node:perf_hooks';
import { createLocalParlor } from '../services/local.js';
import { Reactions } from '../services/app/reactions.js';
import { replayCommits } from '../services/app/replay.js';
import { findGame } from '../services/engine/registry.js';
import { DynamoChangeFeed, DynamoEventStore, ensureTable, findHoles, localClient, startEmbeddedDynamo } from '../services/store/index.js';
import { playThroughService } from '../test/kit/service-play.js';

const GAMES = Number(process.env.STARTUP_GAMES ?? 100);
const UNSAVED = Number(process.env.STARTUP_UNSAVED ?? 50);
const dynamo = await startEmbeddedDynamo();
const client = localClient(dynamo.endpoint);
await ensureTable(client, 'parlor');
const first = await createLocalParlor({ client, tableName: 'parlor', signingSecret: 's' });
for (let i = 0; i < GAMES; i++) await playThroughService(first.service, { game: 'scout', seats: 2, seed: `g${i}`, maxMoves: 17 });
await first.app.close(); // a clean stop: checkpoints saved

const time = async <T>(f: () => Promise<T>): Promise<[T, number]> => {
  const t = performance.now();
  const out = await f();
  return [out, Math.round(performance.now() - t)];
};
const feed = new DynamoChangeFeed(client, 'parlor');
const [, seedMs] = await time(() => feed.start());
const [holes, holesMs] = await time(() => findHoles(client, 'parlor'));
const store = new DynamoEventStore({ client, tableName: 'parlor', feed });
const recoverWith = async (checkpoint: number) => {
  await feed.writeCheckpoints(Object.fromEntries(['lobby', 'stats', 'finished-index', 'inbox', 'timers', 'server-moves'].map((n) => [n, checkpoint])));
  const reactions = new Reactions({ feed, log: console, replay: (id, v) => replayCommits(store, id, v, findGame) });
  reactions.add({ name: 'lobby', apply: () => {} }); // the cost of finding and folding the commits, not of the reactions themselves
  return time(() => reactions.recover());
};
const [afterStop, afterStopMs] = await recoverWith(feed.last);
const [afterCrash, afterCrashMs] = await recoverWith(feed.last - UNSAVED);
console.log(JSON.stringify({ commits: feed.last, games: GAMES, holeScan: { ms: holesMs, damaged: holes.size }, feedSeed: { ms: seedMs }, recoverAfterStop: { commits: afterStop, ms: afterStopMs }, recoverAfterCrash: { commits: afterCrash, ms: afterCrashMs } }));
client.destroy();
await dynamo.close();
