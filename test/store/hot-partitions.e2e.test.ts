/**
 * No hot partition (issue #33): one DynamoDB partition takes at most 1,000 write units a second,
 * in the table and in each global index. Real games, joins, webhook deliveries and email digests
 * run while every write is counted per partition key (test/kit/partition-counter.ts). A key that
 * names one game or one player carries that owner's own load; every other key is part of a set
 * shared by all (store/shards.ts), and its share of the set's writes, scaled to the targets
 * (10,000 moves and 5,000 webhook deliveries a second), must fit in one partition. Matchmaking's
 * seeks and quick-play pools, each over 16 index keys, and the pools' markers (8 keys) are held to
 * the same rule while real seeks are opened and accepted and real players are paired. And with 120 open games no key of the table
 * or of its deployed index holds more than 30 items.
 */
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { fastRng, randomBot } from '../../services/engine/core/index.js';
import { GATHER_MS } from '../../services/notifications/email/digest.js';
import { Outbox } from '../../services/notifications/outbox.js';
import { MAX_WEBHOOKS } from '../../services/notifications/webhooks.js';
import { poolKey } from '../../services/matchmaking/service.js';
import { documentClient } from '../../services/store/document-client.js';
import { OWNER_INDEX } from '../../services/store/schema.js';
import { DIGEST_SHARDS, ENDED_SHARDS, LOBBY_SHARDS, OUTBOX_SHARDS, PARTITION_WRITE_UNITS, shardOf, STATS_SHARDS, TARGET } from '../../services/store/shards.js';
import { POOL_MARK_SHARDS, POOL_SHARDS, SEEK_SHARDS } from '../../services/matchmaking/store.js';
import { ManualClock } from '../kit/manual-clock.js';
import { countCalls } from '../kit/call-counter.js';
import { countPartitionWrites, type PartitionCounts } from '../kit/partition-counter.js';
import { createAndJoin, registerPlayer, type Registered } from '../kit/players.js';
import { useServer, type TestServer } from '../kit/server.js';
import { useSmtpServer } from '../kit/smtp.js';
import { until, useReceiver } from '../kit/webhook-receiver.js';

const clock = new ManualClock(Date.parse('2026-03-02T08:00:00Z'));
const smtp = useSmtpServer(); // digests go out (to no one awaiting, the games being over: the queue's writes are what counts)
const receiver = useReceiver(() => 204);
const server = useServer({ clock, webhooks: { privateAddresses: true }, notifications: { mailer: smtp.mailer, mailFrom: 'Parlor <parlor@parlor.test>', publicUrl: 'http://parlor.test' } });
const lobby = useServer();

/** Games end at most this often at the move target: 10,000 moves a second, 10 moves a game at the least. */
const GAMES_PER_SECOND = TARGET.movesPerSecond / 10;
/**
 * Each shared set, by what drives its writes and how often that happens at the targets. A shared
 * key of no set named here fails the test: a new one must say what drives it.
 */
type Driver = 'deliveries' | 'created' | 'ended' | 'moves' | 'seeks' | 'poolEntries' | 'poolsMarked';
const SETS: Record<string, { driver: Driver; perSecond: number; shards: number }> = {
  OUTBOX: { driver: 'deliveries', perSecond: TARGET.webhookDeliveriesPerSecond, shards: OUTBOX_SHARDS },
  DIGESTS: { driver: 'moves', perSecond: TARGET.movesPerSecond, shards: DIGEST_SHARDS },
  LOBBY: { driver: 'created', perSecond: GAMES_PER_SECOND, shards: LOBBY_SHARDS },
  ENDED: { driver: 'ended', perSecond: GAMES_PER_SECOND, shards: ENDED_SHARDS },
  STATS: { driver: 'ended', perSecond: GAMES_PER_SECOND, shards: STATS_SHARDS },
  // As if every game began as a seek (store.ts sizes SEEK_SHARDS so), or as two players of one quick-play pool.
  SEEKS: { driver: 'seeks', perSecond: GAMES_PER_SECOND, shards: SEEK_SHARDS },
  POOL: { driver: 'poolEntries', perSecond: 2 * GAMES_PER_SECOND, shards: POOL_SHARDS },
  // A filled seek is marked before its filling and unmarked once its game is announced (matchmaking/store.ts PendingSeeks).
  SEEKPENDING: { driver: 'seeks', perSecond: GAMES_PER_SECOND, shards: SEEK_SHARDS },
  // A pool's marker, written when a process first enters someone in it and deleted by the beat that finds it empty; a pool
  // key holds any clock, so at worst every entry (2 a game) marks a pool: the run counts the marks, the deletes double them.
  MATCHPOOLS: { driver: 'poolsMarked', perSecond: 2 * 2 * GAMES_PER_SECOND, shards: POOL_MARK_SHARDS },
};
/** Keys that exist only on one machine, where one process writes (not in the deployed table). */
const LOCAL_ONLY = new Set(['FEED', 'TIMERS']);
/**
 * Keyed by an owner the test does not name: a seat holder (a player, or one anonymous client), carrying its own joins;
 * a client address's count of registrations, creations and joins (store/address-counts.ts), carrying its own requests.
 */
const OWNED_BY_OTHERS = ['SEATS#', 'LIMIT#'];

const PLAYERS = 16;
const GAMES = 8;
/**
 * Webhooks a player adds (at most MAX_WEBHOOKS): each notice goes to every one, so they set the
 * deliveries. With four, the eight fixed-seed games make about 700, past the 600 the outbox's shares
 * need; five made about 880, a fifth more of the test's DynamoDB calls for nothing the shares need.
 */
const HOOKS = 4;

/** Plays random legal moves, each as the player seated there, until the game ends; returns how many. */
async function playToEnd(s: TestServer, gameId: string, seed: number): Promise<number> {
  const rng = fastRng(seed);
  let agg = await s.service.load(gameId);
  let moves = 0;
  while (!agg.state.ended) {
    const toMove = agg.table.status(agg.state).toMove;
    const seat = toMove[rng.int(toMove.length)]!;
    const move = randomBot(agg.table.view(agg.state, seat), agg.table.legalMoves(agg.state, seat), rng);
    agg = await s.service.move({ gameId, token: { player: agg.app.players[seat]! }, move: JSON.parse(JSON.stringify(move)) });
    moves++;
  }
  return moves;
}

/**
 * Each shared key whose share of its set's writes, at the target rate, exceeds one partition: [key, projected write units a second];
 * and each set the design shards that was written on one key only. The share alone misses an unsharded set of ENDED's size: the 8
 * games' endings on one key project to exactly 1,000 units, the limit itself, and failing there would flake (2 shards, random ids).
 */
function overloaded(counts: Map<string, number>, owned: (key: string) => boolean, drivers: Partial<Record<Driver, number>>) {
  const hot: [string, number][] = [];
  const unknown: string[] = [];
  const keysOfSet = new Map<string, Set<string>>();
  for (const [key, writes] of counts) {
    if (owned(key) || LOCAL_ONLY.has(key)) continue;
    const set = SETS[key.split('#')[0]!];
    if (!set) {
      unknown.push(key);
      continue;
    }
    if (set.shards > 1) keysOfSet.set(key.split('#')[0]!, (keysOfSet.get(key.split('#')[0]!) ?? new Set()).add(key));
    const projected = (writes / (drivers[set.driver] ?? 0)) * set.perSecond;
    if (projected > PARTITION_WRITE_UNITS) hot.push([key, Math.round(projected)]);
  }
  const unspread = [...keysOfSet].filter(([, keys]) => keys.size === 1).map(([, keys]) => [...keys][0]!);
  return { hot, unknown, unspread };
}

/**
 * Sends every delivery left in the outbox and waits for the attempts, retries included: an attempt
 * that timed out on a busy machine is retried one backoff later on the test's clock, which moves
 * there (that clock stands still otherwise: waiting on it never ended, and polling the 32 shards
 * every 10 ms for it cost the CPU the sender needed).
 */
async function drainOutbox(outbox: Outbox): Promise<void> {
  for (let round = 0; round < 50; round++) {
    await server.play.dispatcher.sendDue(); // what is due now, and the attempts the poller has under way
    const [left] = await outbox.due(clock.now() + 1e12, 1);
    if (!left) return;
    if (left.dueAt > clock.now()) clock.advance(left.dueAt - clock.now());
  }
  throw new Error('the outbox still holds deliveries after 50 rounds');
}

describe('no hot partition', () => {
  it('no key outside a game’s or a player’s own takes more than its shard’s share while games, joins, webhooks and digests run', async () => {
    const players: Registered[] = [];
    for (let i = 0; i < PLAYERS; i++) players.push(await registerPlayer(server, `P${i}`));
    for (const p of players) {
      // Each player's notices go to all its webhooks: many deliveries from few moves.
      for (let h = 0; h < HOOKS; h++) expect((await server.gql('mutation($u: String!) { addWebhook(url: $u) { id } }', { u: `${receiver.url}/${p.id}/${h}` }, p.token)).errors).toBeUndefined();
      expect((await server.gql('mutation($a: String) { setEmail(address: $a) { email } }', { a: `${p.name.toLowerCase()}@example.org` }, p.token)).errors).toBeUndefined();
    }
    const outbox = new Outbox(server.client, 'parlor');
    const counts: PartitionCounts = await countPartitionWrites(server.client, (server as unknown as { dynamo: { endpoint: string } }).dynamo.endpoint, 'parlor');
    const calls = countCalls(server.client);
    const ids: string[] = [];
    let moves = 0;
    try {
      // Real games between pairs of players, created and joined through the API, played to the end, eight at a time.
      for (let round = 0; round < GAMES / 8; round++) {
        const pairs = Array.from({ length: 8 }, (_, i) => [players[(2 * i + round) % PLAYERS]!, players[(2 * i + 1 + round) % PLAYERS]!]);
        const created = await Promise.all(pairs.map((pair, i) => createAndJoin(server, { game: 'scout', seats: 2, seed: `hot-${round}-${i}` }, pair)));
        ids.push(...created);
        // The games that end must span more than one shard of ENDED and STATS (the hash of the game id), or an unsharded set
        // could not be told apart (1 run in 128 at random): the last pair plays a new game until they do (the other stays unplayed).
        for (let tries = 0; new Set(created.map((id) => shardOf(id, ENDED_SHARDS))).size < Math.min(2, ENDED_SHARDS); tries++) {
          if (tries === 20) throw new Error('20 new games hashed to the same ENDED shard');
          created[7] = await createAndJoin(server, { game: 'scout', seats: 2, seed: `hot-${round}-7` }, pairs[7]!);
          ids.push(created[7]);
        }
        moves += (await Promise.all(created.map((id, i) => playToEnd(server, id, round * 8 + i)))).reduce((a, b) => a + b, 0);
      }
      // Open games too (created, one seat taken), so the lobby's sets see many entries.
      for (let i = 0; i < 120; i++) {
        const g = await server.service.create({ game: 'scout', seats: 2 });
        await server.service.join(g.id, `anon${i}`);
        ids.push(g.id);
      }
      await server.play.settle();
      // Every digest due, every webhook delivered.
      clock.advance(GATHER_MS + 1);
      await server.play.digestsIdle();
      await until(async () => (await server.play.notifications.digests!.nextDue()) === null, 30_000);
      await drainOutbox(outbox);
    } finally {
      counts.stop();
      calls.stop();
    }
    const deliveries = new Set(counts.puts.filter((p) => String(p.pk).startsWith('OUTBOX')).map((p) => p.id)).size;
    const drivers = { deliveries, created: ids.length, ended: GAMES, moves };
    console.log(`hot partitions: ${moves} moves, ${deliveries} webhook deliveries; the store's calls by kind:\n${calls.report()}`);
    expect(HOOKS).toBeLessThanOrEqual(MAX_WEBHOOKS);
    // Enough of each for the shares to be more than noise: with 32 outbox shards, 600 deliveries are ~19 a shard.
    expect(deliveries).toBeGreaterThanOrEqual(600);
    expect([...counts.table.keys()].some((k) => k.startsWith('DIGESTS'))).toBe(true);

    const owners = [...ids, ...players.map((p) => p.id)];
    const owned = (key: string) => owners.some((id) => key.includes(id)) || OWNED_BY_OTHERS.some((p) => key.startsWith(p));
    const table = overloaded(counts.table, owned, drivers);
    const index = overloaded(counts.index, owned, drivers);
    expect({ table: table.hot, index: index.hot }).toEqual({ table: [], index: [] });
    expect([...table.unknown, ...index.unknown]).toEqual([]);
    expect([...table.unspread, ...index.unspread], 'a sharded set written on one key').toEqual([]);
  }, 600_000);

  it('no key of the seeks or the quick-play pools takes more than its shard’s share while seeks are accepted and players paired', async () => {
    const mm = server.play.matchmaking;
    const counts: PartitionCounts = await countPartitionWrites(server.client, (server as unknown as { dynamo: { endpoint: string } }).dynamo.endpoint, 'parlor');
    const SEEKS = 48;
    /**
     * Pool entries are sharded by the player's name, fixed here (quick-0 …): the shares are the same every run. Of 48, the
     * busiest of the 16 keys holds 5 (469 units a second projected; 8 of 96 held 429); one key would hold all 48 (4,500).
     * Each pairing reads every shard of the pool: 96 entries cost ~11 s of the file's CPU, 48 half that.
     */
    const ENTRIES = 48;
    const FRESH = 16;
    const owners: string[] = [];
    const games = new Set<string>();
    try {
      // Seeks opened and accepted (each fills: its game starts), eight at a time.
      for (let b = 0; b < SEEKS / 8; b++) {
        await Promise.all(
          Array.from({ length: 8 }, async (_, i) => {
            const [opener, taker] = [`seeker-${b}-${i}`, `taker-${b}-${i}`];
            const seek = await mm.openSeek(opener, { game: 'scout', seats: 2 });
            const filled = await mm.acceptSeek(seek.id, taker);
            expect(filled.status).toBe('FILLED');
            owners.push(opener, taker, seek.id);
            games.add(filled.gameId!);
          }),
        );
      }
      // Quick play: players enter one pool two by two; each pair is seated together.
      for (let i = 0; i < ENTRIES; i += 2) {
        const [a, b] = [`quick-${i}`, `quick-${i + 1}`];
        expect((await mm.playNow(a, { game: 'scout', seats: 2 })).gameId).toBeUndefined();
        const seated = await mm.playNow(b, { game: 'scout', seats: 2 });
        expect(seated.gameId).toBeTruthy();
        owners.push(a, b);
        games.add(seated.gameId!);
      }
      // Players each alone in a pool of its own clock (any per-move time is a pool): each pool's marker is written.
      for (let i = 0; i < FRESH; i += 8) {
        await Promise.all(Array.from({ length: 8 }, async (_, k) => {
          const player = `fresh-${i + k}`;
          expect((await mm.playNow(player, { game: 'scout', seats: 2, timeControl: { perMoveMs: 60_000 + i + k } })).gameId).toBeUndefined();
          owners.push(player);
        }));
      }
      await server.play.settle();
    } finally {
      counts.stop();
    }
    expect(games.size).toBe(SEEKS + ENTRIES / 2);
    // Both sets were written, so the shares below are about them.
    const written = (set: string) => [...counts.index.keys()].some((k) => k.startsWith(set));
    expect([written('SEEKS#'), written(`POOL#${poolKey('scout', 2, undefined, false)}#`)]).toEqual([true, true]);
    const markerKeys = [...counts.table].filter(([k]) => k.startsWith('MATCHPOOLS'));
    const marks = markerKeys.reduce((n, [, w]) => n + w, 0);
    // And one shard mark per shard written (store/shard-marks.ts: once per process and trust window).
    expect(marks, 'a marker per pool entered').toBe(FRESH + 1 + markerKeys.length);
    const drivers = { seeks: SEEKS, poolEntries: ENTRIES + FRESH, poolsMarked: FRESH + 1, created: games.size, ended: 0, moves: 0, deliveries: 0 };
    const all = [...owners, ...games];
    const owned = (key: string) => all.some((id) => key.includes(id));
    const table = overloaded(counts.table, owned, drivers);
    const index = overloaded(counts.index, owned, drivers);
    expect({ table: table.hot, index: index.hot }).toEqual({ table: [], index: [] });
    expect([...table.unknown, ...index.unknown]).toEqual([]);
    expect([...table.unspread, ...index.unspread], 'a sharded set written on one key').toEqual([]);
  }, 300_000);

  it('with 120 open games, no key of the table or of its deployed index holds more than 30 items', async () => {
    for (let i = 0; i < 120; i++) {
      const g = await lobby.service.create({ game: 'scout', seats: 3 });
      if (i % 2) await lobby.service.join(g.id, `anon${i}`);
    }
    await lobby.play.settle();
    const items = (await documentClient(lobby.client).send(new ScanCommand({ TableName: 'parlor' }))).Items ?? [];
    const most = (attr: string) => {
      const by = new Map<string, number>();
      for (const item of items) if (item[attr] !== undefined) by.set(item[attr], (by.get(item[attr]) ?? 0) + 1);
      return Math.max(...by.values());
    };
    expect(items.filter((i) => String(i[OWNER_INDEX.partition] ?? '').startsWith('LOBBY#scout'))).toHaveLength(120); // all in the lobby
    expect(most('pk')).toBeLessThanOrEqual(30);
    expect(most(OWNER_INDEX.partition)).toBeLessThanOrEqual(30);
  }, 120_000);
});
