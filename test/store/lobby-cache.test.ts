/**
 * The lobby's first pages kept for LOBBY_CACHE_MS (store/lobby.ts, store/recent-reads.ts): how stale
 * a list may be (another writer's change shows once the window has passed, not before, not later),
 * that the store's own writes show at once, that pages after a cursor are always read, and that the
 * keeping is bounded (keys, failures, writes landing while a read is under way).
 */
import { describe, expect, it } from 'vitest';
import { lobbyPosition } from '../../services/store/read-models.js';
import { DynamoLobby, LOBBY_CACHE_MS } from '../../services/store/index.js';
import { RecentReads } from '../../services/store/recent-reads.js';
import { useEmbeddedDynamo } from '../kit/dynamo.js';

const db = useEmbeddedDynamo();
const ids = (entries: { gameId: string }[]) => entries.map((e) => e.gameId);

/** A clock the test moves. */
function handClock() {
  let t = 1000;
  return { now: () => t, advance: (ms: number) => void (t += ms) };
}

describe("the lobby's first pages, kept a few seconds", () => {
  it("another writer's change shows once LOBBY_CACHE_MS has passed since the read, and not before", async () => {
    const clock = handClock();
    const reader = new DynamoLobby(db.client, db.tableName, { now: clock.now });
    const other = new DynamoLobby(db.client, db.tableName); // another process's store (AWS: the stream function)
    await other.put({ gameId: 'w1', type: 'window', seats: 2, taken: 0, version: 1 });
    expect(ids(await reader.page('window', 10))).toEqual(['w1']);
    await other.put({ gameId: 'w2', type: 'window', seats: 2, taken: 0, version: 1 });
    expect(ids(await reader.page('window', 10))).toEqual(['w1']);
    clock.advance(LOBBY_CACHE_MS - 1);
    expect(ids(await reader.page('window', 10))).toEqual(['w1']);
    clock.advance(1);
    expect(ids(await reader.page('window', 10))).toEqual(['w1', 'w2']);
    // Kept per page length: a shorter page is its own read.
    await other.close('w1', 2);
    expect(ids(await reader.page('window', 10))).toEqual(['w1', 'w2']);
    expect(ids(await reader.page('window', 5))).toEqual(['w2']);
  });

  it("the store's own put and close show at once (the writer sees its own new game)", async () => {
    const clock = handClock();
    const lobby = new DynamoLobby(db.client, db.tableName, { now: clock.now });
    await lobby.put({ gameId: 'o1', type: 'own', seats: 2, taken: 0, version: 1 });
    expect(ids(await lobby.page('own', 10))).toEqual(['o1']);
    await lobby.put({ gameId: 'o2', type: 'own', seats: 2, taken: 0, version: 1 });
    expect(ids(await lobby.page('own', 10))).toEqual(['o1', 'o2']);
    await lobby.put({ gameId: 'o2', type: 'own', seats: 2, taken: 1, version: 2 });
    expect((await lobby.page('own', 10)).find((e) => e.gameId === 'o2')).toMatchObject({ taken: 1 });
    await lobby.close('o1', 2);
    expect(ids(await lobby.page('own', 10))).toEqual(['o2']);
  });

  it('a page after a cursor is read every time', async () => {
    const clock = handClock();
    const reader = new DynamoLobby(db.client, db.tableName, { now: clock.now });
    const other = new DynamoLobby(db.client, db.tableName);
    await other.put({ gameId: 'c1', type: 'cursor', seats: 2, taken: 0, version: 1 });
    const [first] = await reader.page('cursor', 1);
    expect(await reader.page('cursor', 1, lobbyPosition(first!))).toEqual([]);
    await new Promise((r) => setTimeout(r, 2)); // a later creation time
    await other.put({ gameId: 'c2', type: 'cursor', seats: 2, taken: 0, version: 1 });
    expect(ids(await reader.page('cursor', 1, lobbyPosition(first!)))).toEqual(['c2']);
  });
});

describe('RecentReads', () => {
  it('asks while a read is under way share it; the answer is served for `ms`, then read again', async () => {
    const clock = handClock();
    const reads = new RecentReads<number>(100, clock.now);
    let n = 0;
    const read = async () => ++n;
    expect(await Promise.all([reads.read('k', read), reads.read('k', read)])).toEqual([1, 1]);
    clock.advance(99);
    expect(await reads.read('k', read)).toBe(1);
    clock.advance(1);
    expect(await reads.read('k', read)).toBe(2);
  });

  it('holds at most `capacity` keys, forgetting the oldest first', async () => {
    const reads = new RecentReads<string>(1000, () => 0, 2);
    const calls: string[] = [];
    const read = (k: string) => reads.read(k, async () => (calls.push(k), k));
    for (const k of ['a', 'b', 'c']) await read(k);
    expect(reads.size).toBe(2);
    await read('c');
    await read('b');
    await read('a'); // forgotten when c came
    expect(calls).toEqual(['a', 'b', 'c', 'a']);
  });

  it('keeps no failure, and drops a read that was under way when `forget` came', async () => {
    const reads = new RecentReads<string>(1000, () => 0);
    await expect(reads.read('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await reads.read('k', async () => 'up')).toBe('up');
    reads.forget();
    let land!: (v: string) => void;
    const underWay = reads.read('j', () => new Promise<string>((r) => (land = r)));
    reads.forget(); // a write finished while the read was out: its answer may predate the write
    land('before the write');
    expect(await underWay).toBe('before the write');
    expect(await reads.read('j', async () => 'after the write')).toBe('after the write');
  });

  it('with ms 0 keeps nothing', async () => {
    const reads = new RecentReads<number>(0, () => 0);
    let n = 0;
    await reads.read('k', async () => ++n);
    expect(await reads.read('k', async () => ++n)).toBe(2);
    expect(reads.size).toBe(0);
  });
});
