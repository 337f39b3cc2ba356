import { describe, expect, it } from 'vitest';
import { ConditionalCheckFailedException, GetItemCommand, type AttributeValue } from '@aws-sdk/client-dynamodb';
import { DynamoEventStore, SNAPSHOT_EVERY, VersionConflict } from '../../services/store/index.js';
import { useEmbeddedDynamo } from '../kit/dynamo.js';

const db = useEmbeddedDynamo();
let n = 0;
const newGame = () => `g${++n}-${Date.now()}`;

describe('event store on a real DynamoDB API (embedded)', () => {
  it('appends commits in version order and loads them back', async () => {
    const id = newGame();
    await db.store.append(id, 0, { events: [{ type: 'A' }] });
    await db.store.append(id, 1, { events: [{ type: 'B' }, { type: 'C' }], seat: 2, commandId: 'c1' });
    const stream = await db.store.load(id);
    expect(stream?.version).toBe(2);
    expect(stream?.snapshot).toBeNull();
    expect(stream?.commits.map((c) => c.events)).toEqual([[{ type: 'A' }], [{ type: 'B' }, { type: 'C' }]]);
    expect(stream?.commits[1]).toMatchObject({ version: 2, seat: 2, commandId: 'c1' });
  });

  it('an unknown game loads as null and has no history', async () => {
    expect(await db.store.load('nope')).toBeNull();
    expect(await db.store.history('nope')).toEqual([]);
  });

  it('N concurrent appends at one version: exactly one wins, the rest are typed conflicts', async () => {
    const id = newGame();
    await db.store.append(id, 0, { events: [{ type: 'Start' }] });
    const results = await Promise.allSettled(Array.from({ length: 25 }, (_, i) => db.store.append(id, 1, { events: [{ type: 'Move', i }] })));
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r) => r.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(24);
    for (const r of lost) expect((r as PromiseRejectedResult).reason).toBeInstanceOf(VersionConflict);
    const history = await db.store.history(id);
    expect(history.map((c) => c.version)).toEqual([1, 2]);
  });

  it('a write retried after its answer was lost is recognised as its own, not a conflict', async () => {
    const id = newGame();
    await db.store.append(id, 0, { events: [{ type: 'Start' }] });
    expect(await db.store.append(id, 1, { events: [{ type: 'Move' }], attemptId: 'attempt-1' })).toEqual({ version: 2 });
    expect(await db.store.append(id, 1, { events: [{ type: 'Move' }], attemptId: 'attempt-1' })).toEqual({ version: 2 });
    await expect(db.store.append(id, 1, { events: [{ type: 'Move' }], attemptId: 'attempt-2' })).rejects.toBeInstanceOf(VersionConflict);
    expect(await db.store.history(id)).toHaveLength(2);
  });

  it('as on AWS, a refused write tells its own retry from a conflict by the item the refusal carries, with no read', async () => {
    // The embedded server has no ReturnValuesOnConditionCheckFailure: this emulates AWS's answer to it (the item that holds the key).
    const reads: string[] = [];
    let emulating = false;
    db.client.middlewareStack.add(
      (next, context) => async (args) => {
        const input = args.input as { ReturnValuesOnConditionCheckFailure?: string; TableName: string; Item?: Record<string, AttributeValue> };
        if (!emulating && /Get/.test(String(context.commandName))) reads.push(String(context.commandName));
        try {
          return await next(args);
        } catch (e) {
          if (!(e instanceof ConditionalCheckFailedException) || input.ReturnValuesOnConditionCheckFailure !== 'ALL_OLD') throw e;
          emulating = true;
          const { Item } = await db.client.send(new GetItemCommand({ TableName: input.TableName, Key: { pk: input.Item!.pk!, sk: input.Item!.sk! }, ConsistentRead: true })).finally(() => (emulating = false));
          throw new ConditionalCheckFailedException({ message: e.message, $metadata: e.$metadata, Item });
        }
      },
      { step: 'initialize', name: 'awsConditionFailure' },
    );
    try {
      const id = newGame();
      await db.store.append(id, 0, { events: [{ type: 'Start' }] });
      expect(await db.store.append(id, 1, { events: [{ type: 'Move' }], attemptId: 'attempt-1' })).toEqual({ version: 2 });
      expect(await db.store.append(id, 1, { events: [{ type: 'Move' }], attemptId: 'attempt-1' })).toEqual({ version: 2 });
      await expect(db.store.append(id, 1, { events: [{ type: 'Move' }], attemptId: 'attempt-2' })).rejects.toBeInstanceOf(VersionConflict);
      expect(reads).toEqual([]);
    } finally {
      db.client.middlewareStack.remove('awsConditionFailure');
    }
  });

  it('a stale version with another commandId is still a conflict', async () => {
    const id = newGame();
    await db.store.append(id, 0, { events: [], commandId: 'x' });
    await expect(db.store.append(id, 0, { events: [], commandId: 'y' })).rejects.toBeInstanceOf(VersionConflict);
  });

  it('loads from the newest snapshot: one round trip however long the game', async () => {
    const id = newGame();
    for (let v = 0; v < 100; v++) await db.store.append(id, v, { events: [{ type: 'Tick', v }], snapshot: (v + 1) % 20 === 0 ? { upTo: v + 1 } : undefined });
    let queries = 0;
    db.client.middlewareStack.add((next) => async (args) => {
      queries++;
      return next(args);
    }, { step: 'initialize', name: 'countQueries' });
    try {
      const stream = await db.store.load(id);
      expect(stream?.version).toBe(100);
      expect(stream?.snapshot).toEqual({ version: 100, data: { upTo: 100 } });
      expect(stream?.commits).toEqual([]);
      await db.store.append(id, 100, { events: [{ type: 'Tick', v: 100 }] });
      await db.store.append(id, 101, { events: [{ type: 'Tick', v: 101 }] });
      queries = 0;
      const later = await db.store.load(id);
      expect(queries).toBe(1);
      expect(later?.snapshot?.version).toBe(100);
      expect(later?.commits.map((c) => c.version)).toEqual([101, 102]);
    } finally {
      db.client.middlewareStack.remove('countQueries');
    }
  });

  it('with a snapshot every SNAPSHOT_EVERY versions, a load reads one page that holds no older snapshot', async () => {
    const id = newGame();
    const versions = 5 * SNAPSHOT_EVERY + 3;
    for (let v = 1; v <= versions; v++) await db.store.append(id, v - 1, { events: [{ type: 'Tick', v }], snapshot: v % SNAPSHOT_EVERY === 0 ? { upTo: v, big: 'x'.repeat(2000) } : undefined });
    const read: { snapshots: number; items: number }[] = [];
    db.client.middlewareStack.add((next) => async (args) => {
      const out = await next(args);
      const items = ((out.output as { Items?: Record<string, unknown>[] }).Items ?? []);
      read.push({ items: items.length, snapshots: items.filter((i) => i.snapshot !== undefined).length });
      return out;
    }, { step: 'initialize', name: 'countItems' });
    try {
      const stream = await db.store.load(id);
      expect(stream?.snapshot?.version).toBe(5 * SNAPSHOT_EVERY);
      expect(stream?.commits.map((c) => c.version)).toEqual([versions - 2, versions - 1, versions]);
      expect(read).toEqual([{ items: SNAPSHOT_EVERY, snapshots: 1 }]);
    } finally {
      db.client.middlewareStack.remove('countItems');
    }
  });

  it('commitsAfter reads only the newer commits', async () => {
    const id = newGame();
    for (let v = 0; v < 5; v++) await db.store.append(id, v, { events: [{ v }] });
    expect((await db.store.commitsAfter(id, 3)).map((c) => c.version)).toEqual([4, 5]);
    expect(await db.store.commitsAfter(id, 5)).toEqual([]);
  });

  it('history returns every commit without the snapshots', async () => {
    const id = newGame();
    const store = new DynamoEventStore({ client: db.client, tableName: db.tableName, pageSize: 2 });
    for (let v = 0; v < 5; v++) await store.append(id, v, { events: [{ v }], snapshot: { big: 'x'.repeat(100) } });
    const history = await store.history(id);
    expect(history.map((c) => c.version)).toEqual([1, 2, 3, 4, 5]);
    expect(history.every((c) => c.snapshot === undefined)).toBe(true);
    const stream = await store.load(id);
    expect(stream?.snapshot?.version).toBe(5);
  });
});
