/**
 * The capacity model's accounting (npm run capacity): the meter prices each DynamoDB operation by
 * DynamoDB's rules (checked on hand-sized items and against the embedded DynamoDB's own
 * ConsumedCapacity), and a run of real games through the handlers attributes what it counts:
 * a move is exactly one PutItem of its commit, each delivery and each WebSocket update is seen.
 */
import '../../bench/capacity/env.js';
import { CreateTableCommand, DeleteItemCommand, GetItemCommand, PutItemCommand, QueryCommand, UpdateItemCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itemSize, Meter } from '../../bench/capacity/meter.js';
import { breakdown, keyLoads } from '../../bench/capacity/measure.js';
import { saturation, sharedKeys } from '../../bench/capacity/project.js';
import { LOBBY_SHARDS, OUTBOX_SHARDS } from '../../services/store/shards.js';
import { MARK_SK } from '../../services/store/shard-marks.js';
import { CapacityWorld, TABLE } from '../../bench/capacity/world.js';
import { localClient } from '../../services/store/embedded.js';
import { tableDefinition } from '../../services/store/schema.js';
import { useEmbeddedDynamo } from '../kit/dynamo.js';
import { highCard } from '../kit/high-card.js';
import { bundled } from '../kit/server-bundle.js';

const db = useEmbeddedDynamo();

describe('the meter', () => {
  let client: DynamoDBClient;
  let meter: Meter;
  const T = 'metered';
  beforeAll(async () => {
    await db.client.send(new CreateTableCommand(tableDefinition(T)));
    meter = new Meter(tableDefinition(T), localClient(db.server.endpoint));
    client = localClient(db.server.endpoint);
    meter.attach(client);
  });
  afterAll(() => client?.destroy());
  const last = (n = 1) => meter.ops.slice(-n);
  const body = (bytes: number) => ({ S: 'x'.repeat(bytes) });

  it('sizes an item as its names plus its values', () => {
    expect(itemSize({ pk: { S: 'K#1' }, n: { N: '12345' }, ok: { BOOL: true }, l: { L: [{ S: 'ab' }, { NULL: true }] }, m: { M: { a: { S: 'b' } } } })).toBe(2 + 3 + 1 + 4 + 2 + 1 + 1 + (3 + 1 + 2 + 1 + 1) + 1 + (3 + 1 + 1 + 1));
  });

  it('writes: a unit per started KB of the larger of the old and new item; an index entry put, moved (two writes) or removed', async () => {
    await client.send(new PutItemCommand({ TableName: T, Item: { pk: { S: 'K#1' }, sk: { S: 'a' }, body: body(1100) } }));
    expect(last()).toEqual([expect.objectContaining({ command: 'PutItem', target: 'table', key: 'K#1', sort: 'a', wcu: 2, bytes: 2 + 3 + 2 + 1 + 4 + 1100 })]);
    await client.send(new UpdateItemCommand({ TableName: T, Key: { pk: { S: 'K#1' }, sk: { S: 'a' } }, UpdateExpression: 'SET gpk = :g, gsk = :s', ExpressionAttributeValues: { ':g': { S: 'OWNER#1' }, ':s': { S: 's' } } }));
    expect(last(2)).toEqual([expect.objectContaining({ target: 'table', key: 'K#1', wcu: 2 }), expect.objectContaining({ target: 'byOwner', key: 'OWNER#1', wcu: 2 })]);
    await client.send(new UpdateItemCommand({ TableName: T, Key: { pk: { S: 'K#1' }, sk: { S: 'a' } }, UpdateExpression: 'SET gpk = :g', ExpressionAttributeValues: { ':g': { S: 'OWNER#2' } } }));
    expect(last(3).map((o) => [o.target, o.key, o.wcu])).toEqual([['table', 'K#1', 2], ['byOwner', 'OWNER#1', 2], ['byOwner', 'OWNER#2', 2]]);
    await client.send(new UpdateItemCommand({ TableName: T, Key: { pk: { S: 'K#1' }, sk: { S: 'a' } }, UpdateExpression: 'SET body = :b', ExpressionAttributeValues: { ':b': body(100) } }));
    expect(last(2).map((o) => [o.target, o.key, o.wcu])).toEqual([['table', 'K#1', 2], ['byOwner', 'OWNER#2', 2]]); // the old, larger item prices it
    await client.send(new DeleteItemCommand({ TableName: T, Key: { pk: { S: 'K#1' }, sk: { S: 'a' } } }));
    expect(last(2).map((o) => [o.command, o.target, o.key, o.wcu])).toEqual([['DeleteItem', 'table', 'K#1', 1], ['DeleteItem', 'byOwner', 'OWNER#2', 1]]);
  });

  it('a failed condition still costs the write, and writes no index', async () => {
    await client.send(new PutItemCommand({ TableName: T, Item: { pk: { S: 'K#2' }, sk: { S: 'a' }, gpk: { S: 'O' }, gsk: { S: 's' }, body: body(3000) } }));
    const before = meter.ops.length;
    await expect(client.send(new PutItemCommand({ TableName: T, Item: { pk: { S: 'K#2' }, sk: { S: 'a' } }, ConditionExpression: 'attribute_not_exists(pk)' }))).rejects.toThrow();
    expect(meter.ops.slice(before).map((o) => [o.target, o.wcu])).toEqual([['table', 3]]);
  });

  it('reads: a unit per started 4 KB (half when eventually consistent); a Query sums its items, whatever it projects; a miss costs the minimum', async () => {
    await client.send(new PutItemCommand({ TableName: T, Item: { pk: { S: 'K#3' }, sk: { S: 'a' }, body: body(3000) } }));
    await client.send(new PutItemCommand({ TableName: T, Item: { pk: { S: 'K#3' }, sk: { S: 'b' }, body: body(3000) } }));
    const query = (consistent: boolean) =>
      client.send(new QueryCommand({ TableName: T, KeyConditionExpression: 'pk = :p', ExpressionAttributeValues: { ':p': { S: 'K#3' } }, ProjectionExpression: 'sk', ConsistentRead: consistent }));
    await query(true);
    expect(last()).toEqual([expect.objectContaining({ command: 'Query', key: 'K#3', rcu: 2 })]);
    await query(false);
    expect(last()[0]!.rcu).toBe(1);
    await client.send(new GetItemCommand({ TableName: T, Key: { pk: { S: 'K#3' }, sk: { S: 'a' } }, ProjectionExpression: 'pk' }));
    expect(last()[0]).toMatchObject({ command: 'GetItem', rcu: 0.5, bytes: 2 + 3 + 2 + 1 + 4 + 3000 });
    await client.send(new GetItemCommand({ TableName: T, Key: { pk: { S: 'K#4' }, sk: { S: 'a' } }, ConsistentRead: true }));
    expect(last()[0]).toMatchObject({ rcu: 1, bytes: 0 });
    const index = await client.send(new QueryCommand({ TableName: T, IndexName: 'byOwner', KeyConditionExpression: 'gpk = :g', ExpressionAttributeValues: { ':g': { S: 'O' } } }));
    expect(index.Items).toHaveLength(1);
    expect(last()[0]).toMatchObject({ target: 'byOwner', key: 'O', rcu: 0.5 });
  });
});

describe('a run of real games through the handlers', () => {
  let world: CapacityWorld;
  const moves = new Map<string, number>();
  beforeAll(async () => {
    world = await CapacityWorld.start([highCard]);
    for (const seed of [1, 2]) moves.set(`g${seed}`, (await world.playGame('high-card', 2, seed)).moves);
  });
  afterAll(() => world?.close());

  it('a move is exactly one PutItem on its game’s stream, priced as the embedded DynamoDB prices that commit item', async () => {
    const total = [...moves.values()].reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThan(0);
    const writes = world.meter.ops.filter((o) => o.fn === 'http' && o.phase === 'move' && o.wcu > 0);
    expect(writes).toHaveLength(total);
    const oracle = localClient(world.endpoint);
    await oracle.send(new CreateTableCommand(tableDefinition('oracle')));
    for (const w of writes) {
      expect(w).toMatchObject({ command: 'PutItem', target: 'table' });
      expect(w.key).toMatch(/^GAME#/);
      const item = (await oracle.send(new GetItemCommand({ TableName: TABLE, Key: { pk: { S: w.key }, sk: { S: w.sort! } }, ConsistentRead: true }))).Item!;
      expect(w.bytes).toBe(itemSize(item));
      // DynamoDB's own arithmetic, by the embedded DynamoDB: the same item put again where nothing is.
      const put = await oracle.send(new PutItemCommand({ TableName: 'oracle', Item: item, ReturnConsumedCapacity: 'TOTAL' }));
      expect(w.wcu).toBe(put.ConsumedCapacity!.CapacityUnits);
    }
    oracle.destroy();
  });

  it('every webhook delivery, and every WebSocket update (each seat, each new version), is counted and attributed', () => {
    const total = [...moves.values()].reduce((a, b) => a + b, 0);
    const updates = world.messages.filter((m) => m.direction === 'out' && m.phase !== 'ws');
    expect(updates.length).toBe(2 * total); // both seats subscribed once seated: each hears every move's version
    expect(world.deliveries).toBeGreaterThan(0);
    const b = breakdown({ game: 'high-card', seats: 2, games: 2, moves: total, commits: 0, deliveries: world.deliveries, wsUpdates: updates.length, ops: world.meter.ops, lambda: {} as any, cpuPer: {} as any, api: {} as any, keys: [] });
    // The queue's items are put once per delivery and deleted once delivered.
    const queue = world.meter.ops.filter((o) => o.target === 'table' && b.queueKinds.some((k) => o.key.startsWith(k)));
    const items = queue.filter((o) => o.sort !== MARK_SK);
    expect(items.filter((o) => o.command === 'PutItem')).toHaveLength(world.deliveries);
    expect(items.filter((o) => o.command === 'DeleteItem')).toHaveLength(world.deliveries);
    // A shard's mark (store/shard-marks.ts) is put once per process and shard, before its first delivery: never once a delivery.
    const marks = queue.filter((o) => o.sort === MARK_SK && o.command === 'PutItem');
    expect(marks.length).toBeGreaterThan(0);
    expect(new Set(marks.map((o) => o.key)).size).toBe(marks.length);
    expect(marks.length).toBeLessThanOrEqual(new Set(items.filter((o) => o.command === 'PutItem').map((o) => o.key)).size);
    expect(b.perDelivery.table!.wcu).toBeGreaterThanOrEqual(3); // put, lease, delete
    expect(b.perWsUpdate.table!.rcu + b.perWsUpdate.table!.wcu).toBeGreaterThan(0);
  });

  it('groups the units by partition key: a game’s own keys belong to it, shared ones are found, and saturation follows from them', () => {
    const keys = keyLoads(world.meter.ops, moves);
    const sum = (k: { wcu: number; rcu: number }[]) => k.reduce((n, x) => n + x.wcu + x.rcu, 0);
    expect(sum(keys)).toBeCloseTo(sum(world.meter.ops), 6);
    for (const k of keys.filter((k) => k.key.startsWith('GAME#'))) expect(k.games).toBe(1);
    const shared = keys.filter((k) => k.games > 1);
    expect(shared.length).toBeGreaterThan(0);
    const total = [...moves.values()].reduce((a, b) => a + b, 0);
    const s = saturation({ game: 'high-card', seats: 2, games: 2, moves: total, commits: 0, deliveries: world.deliveries, wsUpdates: 0, ops: world.meter.ops, lambda: {} as any, cpuPer: {} as any, api: {} as any, keys });
    const busiest = Math.max(...sharedKeys(keys).map((k) => k.wcu)) / total;
    expect(s.movesByWrites.limit).toBeCloseTo(1000 / busiest, 6);
  });
});

describe('keys of a sharded set (store/shards.ts)', () => {
  const op = (target: string, key: string, game: string, wcu: number) => ({ command: 'PutItem', fn: 'stream', game, phase: 'move', target, key, rcu: 0, wcu, bytes: 100 });
  const ops = [
    op('table', 'OUTBOX#3', 'g1', 3), // one game's deliveries happened to hash here: still the deployment's outbox
    op('table', 'OUTBOX#7', 'g1', 3),
    op('table', 'OUTBOX#7', 'g2', 3),
    op('byOwner', 'LOBBY#scout#5', 'g2', 2),
    op('table', 'LOBBY#12345', 'g2', 1), // a game's own lobby entry (its id could be digits): not a shard
    op('table', 'GAME#g1', 'g1', 5),
  ];
  const keys = keyLoads(ops, new Map([['g1', 10], ['g2', 10]]));
  it('are the deployment’s however few games touched them, and never pass for a game’s own', () => {
    const outbox3 = keys.find((k) => k.key === 'OUTBOX#3')!;
    expect(outbox3.set).toEqual({ target: 'table', name: 'OUTBOX', shards: OUTBOX_SHARDS });
    expect(outbox3.ownMoves).toBe(0);
    expect(keys.find((k) => k.key === 'LOBBY#scout#5')!.set).toEqual({ target: 'byOwner', name: 'LOBBY#scout', shards: LOBBY_SHARDS });
    expect(keys.find((k) => k.key === 'LOBBY#12345')!.set).toBeUndefined();
    expect(keys.find((k) => k.key === 'GAME#g1')!.ownMoves).toBe(10);
  });
  it('count as one busiest shard: the set’s units over its shards (ids hash evenly at scale)', () => {
    const shared = sharedKeys(keys);
    expect(shared.find((k) => k.key.startsWith('OUTBOX#'))!.wcu).toBeCloseTo(9 / OUTBOX_SHARDS, 9);
    expect(shared.find((k) => k.key.startsWith('LOBBY#scout#'))!.wcu).toBeCloseTo(2 / LOBBY_SHARDS, 9);
    expect(shared.map((k) => k.key).filter((k) => k.startsWith('OUTBOX'))).toHaveLength(1);
    expect(shared.some((k) => k.key.startsWith('GAME#') || k.key === 'LOBBY#12345')).toBe(false);
  });
});

describe('npm run capacity', () => {
  it('measures a game in both passes and prints every section of its report', async () => {
    // Its embedded DynamoDB's process runs dynamo-child.ts bundled once per worker (test/kit/server-bundle.ts), not through tsx.
    process.env.CAPACITY_DYNAMO_SCRIPT = await bundled('capacity-dynamo');
    const { measure } = await import('../../bench/capacity/measure.js');
    const { report } = await import('../../bench/capacity.js');
    const m = await measure({ game: 'high-card', seats: 2, games: 1, catalog: [highCard] });
    expect(m.moves).toBeGreaterThan(0);
    for (const fn of ['http', 'ws', 'stream', 'timer'] as const) expect(m.lambda[fn].invocations, fn).toBeGreaterThan(0);
    expect(m.cpuPer.wsUpdate).toBeGreaterThan(0);
    expect(m.cpuPer.wsUpdateBytes).toBeGreaterThan(0);
    const text = report(m);
    for (const section of ['per move', 'per webhook delivery', 'per WebSocket update', 'Where one partition saturates', '100,000 games', 'us-east-1', 'infra/capacity.ts MEASURED']) expect(text).toContain(section);
  });
});
