/**
 * What a player holds in matchmaking stays bounded and never outlives what it holds: a process
 * that dies after seating a quick-play table but before releasing its entries' holdings leaves
 * holdings the next refusal prunes (before, they counted against the player for ever, and three
 * such deaths shut them out of quick play), and challenges by name addressed to one player are
 * capped (one item holds them), expired ones pruned, and their target may decline them; and the pools the beat pairs are only those
 * with someone in them (a pool key holds any clock, so pools entered once would pile up), their
 * markers from before the shards found and moved. In
 * process, on the real DynamoDB API.
 */
import { describe, expect, it } from 'vitest';
import { createLocalParlor } from '../../services/local.js';
import { MATCH_SETTINGS } from '../../services/matchmaking/settings.js';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { POOL_MARK_SHARDS, PoolStore, type Holdings } from '../../services/matchmaking/store.js';
import { documentClient } from '../../services/store/document-client.js';
import { shardKey } from '../../services/store/shards.js';
import { MARK_REFRESH_MS, poolKey } from '../../services/matchmaking/service.js';
import { useEmbeddedDynamo } from '../kit/dynamo.js';
import { ManualClock } from '../kit/manual-clock.js';

const db = useEmbeddedDynamo();
const clock = new ManualClock();

describe('matchmaking holdings', () => {
  it('pool holdings left by a process that died after seating are pruned: the player is not shut out', async () => {
    const parlor = await createLocalParlor({ client: db.client, tableName: db.tableName, clock, signingSecret: 's', bots: { workers: 0 } });
    const match = parlor.play.matchmaking;
    const register = (name: string) => parlor.play.players.registry.register(name).then((p) => p.id);
    const ann = await register('Ann');
    const holdings = (match as unknown as { ports: { holdings: Holdings } }).ports.holdings;
    const from = { address: '203.0.113.7' };
    // Ann is paired in as many pools as she may wait in, and each time the process "dies" right after seating her (before her release).
    for (let i = 0; i < MATCH_SETTINGS.poolEntriesPerPlayer; i++) {
      const input = { game: 'scout', seats: 2, timeControl: { perMoveMs: 60_000 * (i + 1) } };
      expect((await match.playNow(ann, input, from)).gameId).toBeUndefined();
      const remove = holdings.remove;
      holdings.remove = (holder, id) => (holder.includes(ann) ? Promise.reject(new Error('killed')) : remove.call(holdings, holder, id));
      await expect(match.playNow(await register(`Bo${i}`), input)).rejects.toThrow('killed');
      holdings.remove = remove;
      expect((await match.quickPlayStatus(ann, input))?.gameId, 'seated before the death').toBeDefined();
    }
    expect(await holdings.list(`PLAYER#${ann}#pool`)).toHaveLength(MATCH_SETTINGS.poolEntriesPerPlayer);
    // A new pool: her stale holdings are pruned, she waits in it.
    const entry = await match.playNow(ann, { game: 'scout', seats: 2 }, from);
    expect(entry.gameId).toBeUndefined();
    await parlor.app.close();
  });

  it('challenges by name addressed to one player are capped; an expired one is pruned to make room', async () => {
    const settings = { ...MATCH_SETTINGS, challengesPerPlayer: 2 };
    const parlor = await createLocalParlor({ client: db.client, tableName: db.tableName, clock, signingSecret: 's', bots: { workers: 0 }, matchSettings: settings });
    const match = parlor.play.matchmaking;
    const register = (name: string) => parlor.play.players.registry.register(name).then((p) => p.id);
    const zed = await register('Zed');
    const challenge = async (name: string, minutes = 60) => match.openSeek(await register(name), { game: 'scout', seats: 2, for: zed, minutes });
    await challenge('Cy', 1);
    await challenge('Dee');
    await expect(challenge('Eve')).rejects.toMatchObject({ code: 'CHALLENGES_FULL' });
    expect((await match.mySeeks(zed)).length).toBe(2);
    clock.advance(2 * 60_000); // Cy's challenge expires, no one writes it
    await challenge('Fay');
    expect((await match.mySeeks(zed)).map((s) => s.seated[0]!.name).sort()).toEqual(['Dee', 'Fay']);
    await parlor.app.close();
  });

  it('the target of challenges that fill their holding declines them (a bystander may not), and is challenged again', async () => {
    const settings = { ...MATCH_SETTINGS, challengesPerPlayer: 2 };
    const parlor = await createLocalParlor({ client: db.client, tableName: db.tableName, clock, signingSecret: 's', bots: { workers: 0 }, matchSettings: settings });
    const match = parlor.play.matchmaking;
    const register = (name: string) => parlor.play.players.registry.register(name).then((p) => p.id);
    const [yan, troll, friend] = [await register('Yan'), await register('Troll'), await register('Friend')];
    // A week-long pair of challenges fills Yan's holding: a friend is refused.
    const spam = [await match.openSeek(troll, { game: 'scout', seats: 2, for: yan, minutes: settings.seekMaxMinutes }), await match.openSeek(troll, { game: 'scout', seats: 2, for: yan, minutes: settings.seekMaxMinutes })];
    await expect(match.openSeek(friend, { game: 'scout', seats: 2, for: yan })).rejects.toMatchObject({ code: 'CHALLENGES_FULL' });
    await expect(match.cancelSeek(spam[0]!.id, friend)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    for (const s of spam) expect((await match.cancelSeek(s.id, yan)).status).toBe('CANCELLED');
    expect(await match.mySeeks(yan)).toEqual([]);
    expect((await match.openSeek(friend, { game: 'scout', seats: 2, for: yan })).for).toBe(yan);
    await parlor.app.close();
  });

  it('the beat unmarks a pool it finds empty once no process has marked it within the window, and an entry marks it again', async () => {
    // The beat is run by hand here (the ticker's own beat is a day away).
    const parlor = await createLocalParlor({ client: db.client, tableName: db.tableName, clock, signingSecret: 's', bots: { workers: 0 }, matchSettings: { ...MATCH_SETTINGS, tickSeconds: 24 * 3600 } });
    const match = parlor.play.matchmaking;
    const pools = new PoolStore(db.client, db.tableName, () => clock.now());
    const gus = (await parlor.play.players.registry.register('Gus')).id;
    // Pools of clocks no one else asks for, each entered and left.
    const odd = [1_001, 1_002, 1_003].map((s) => ({ game: 'scout', seats: 2, timeControl: { perMoveMs: s * 1000 } }));
    const keys = odd.map((i) => poolKey(i.game, i.seats, i.timeControl, false));
    for (const input of odd) {
      await match.playNow(gus, input);
      expect(await match.leavePool(gus, input)).toBe(true);
    }
    expect(await pools.pools(clock.now())).toEqual(expect.arrayContaining(keys));
    await match.playNow(gus, odd[0]!); // Gus waits in the first again
    // Within the window the markers stay: this process remembers writing them, so it would not write them for its next entry.
    await match.tick();
    expect(await pools.pools(clock.now())).toEqual(expect.arrayContaining(keys));
    clock.advance(MARK_REFRESH_MS);
    await match.tick();
    const marked = await pools.pools(clock.now());
    expect(marked).toContain(keys[0]);
    expect(marked).not.toContain(keys[1]);
    expect(marked).not.toContain(keys[2]);
    await match.leavePool(gus, odd[0]!);
    await match.playNow(gus, odd[1]!);
    expect(await pools.pools(clock.now())).toContain(keys[1]);
    await parlor.app.close();
  });

  it('a pool marker under the old constant key (MATCHPOOLS) is found and moved to its shard', async () => {
    const pools = new PoolStore(db.client, db.tableName, () => clock.now());
    const pool = poolKey('scout', 2, { perMoveMs: 4_242_000 }, false);
    await documentClient(db.client).send(new PutCommand({ TableName: db.tableName, Item: { pk: 'MATCHPOOLS', sk: pool } }));
    expect(await pools.pools(clock.now())).toContain(pool);
    const at = async (pk: string) => (await documentClient(db.client).send(new GetCommand({ TableName: db.tableName, Key: { pk, sk: pool }, ConsistentRead: true }))).Item !== undefined;
    expect([await at('MATCHPOOLS'), await at(shardKey('MATCHPOOLS', pool, POOL_MARK_SHARDS))]).toEqual([false, true]);
    expect(await pools.unmarkPool(pool, Number.MAX_SAFE_INTEGER)).toBe(true);
    expect(await pools.pools(clock.now())).not.toContain(pool);
  });
});
