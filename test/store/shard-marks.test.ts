/**
 * Shard marks (services/store/shard-marks.ts): a reader reads the marked shards alone (and every
 * shard once an hour); a mark leaves an empty shard only once no process wrote it for twice the
 * time a writer trusts it, and comes back when an item was put meanwhile.
 */
import { describe, expect, it } from 'vitest';
import { documentClient } from '../../services/store/document-client.js';
import { FULL_READ_MS, ShardMarks } from '../../services/store/shard-marks.js';
import { useEmbeddedDynamo } from '../kit/dynamo.js';

const db = useEmbeddedDynamo();

describe('shard marks', () => {
  it('name the shards to read; an empty one loses its mark only when no writer may still trust it', async () => {
    let now = 0;
    const marks = () => new ShardMarks(documentClient(db.client), db.tableName, 'SET', 8, 1_000, () => now);
    const writer = marks();
    const reader = marks();
    expect(await reader.toRead()).toEqual(new Map());
    await writer.mark(3);
    expect(await reader.toRead()).toEqual(new Map([[3, 0]]));
    now = 1_500; // the writer trusts its mark no more, but may have put just before: kept
    await reader.idle(3, 0, async () => true);
    expect([...(await reader.toRead()).keys()]).toEqual([3]);
    now = 2_500;
    await reader.idle(3, 0, async () => false); // not empty: kept
    expect([...(await reader.toRead()).keys()]).toEqual([3]);
    await reader.idle(3, 0, async () => true);
    expect(await reader.toRead()).toEqual(new Map());
    // Put meanwhile (between the read that found it empty and the mark's delete): marked again.
    await writer.mark(3);
    now = 5_000;
    let asked = 0;
    await reader.idle(3, 2_500, async () => asked++ === 0);
    expect([...(await reader.toRead()).keys()]).toEqual([3]);
    // Once an hour every shard is read, marked or not.
    now = FULL_READ_MS;
    expect([...(await reader.toRead()).keys()]).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect([...(await reader.toRead()).keys()]).toEqual([3]);
  });

  it('a writer puts its mark once per shard and trust window, not once per item', async () => {
    let now = 0;
    let puts = 0;
    const doc = documentClient(db.client);
    doc.middlewareStack.add((next, context) => async (args) => (/^Put(Item)?Command$/.test(String(context.commandName)) && puts++, next(args)), { step: 'initialize', name: 'countPuts' });
    const writer = new ShardMarks(doc, db.tableName, 'ONCE', 8, 1_000, () => now);
    for (let i = 0; i < 5; i++) await writer.mark(2);
    expect(puts).toBe(1);
    await writer.mark(5);
    expect(puts).toBe(2);
    now = 1_001; // its memory of shard 2's mark has lapsed: written again
    await writer.mark(2);
    expect(puts).toBe(3);
  });
});
