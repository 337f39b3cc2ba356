/**
 * The open-seat reservations (store/open-seats.ts) on a real DynamoDB API: the cap holds when
 * reservations race (one conditional write each, no read), a place given back or released is
 * free again, a release handed the same game twice changes nothing, and a reservation a crash
 * left behind (reserved, never committed or given back) goes when its game closes.
 */
import { describe, expect, it, vi } from 'vitest';
import { DynamoOpenSeats } from '../../services/store/open-seats.js';
import { useEmbeddedDynamo } from '../kit/dynamo.js';

describe('open-seat reservations', () => {
  const db = useEmbeddedDynamo();

  it('keeps a holder at max however many reservations race, in one game or many', async () => {
    const seats = new DynamoOpenSeats(db.client, db.tableName);
    const got = await Promise.all(Array.from({ length: 12 }, (_, i) => seats.reserve('racer', `g${i % 3}`, `t${i}`, 4)));
    expect(got.filter((r) => r !== null)).toHaveLength(4);
    expect(await seats.held('racer')).toBe(4);
    expect(await seats.reserve('racer', 'g9', 'late', 4)).toBeNull();
    // Another holder is not held back.
    expect(await seats.reserve('other', 'g9', 'x', 4)).not.toBeNull();
  });

  it('frees a place given back, and every place of a game that closes; a release twice changes nothing', async () => {
    const seats = new DynamoOpenSeats(db.client, db.tableName);
    expect(await seats.reserve('h', 'a', '1', 3)).not.toBeNull();
    expect(await seats.reserve('h', 'a', '2', 3)).not.toBeNull();
    const b3 = (await seats.reserve('h', 'b', '3', 3))!;
    expect(b3).not.toBeNull();
    expect(await seats.reserve('h', 'c', '4', 3)).toBeNull();
    await seats.cancel('h', b3);
    expect(await seats.held('h')).toBe(2);
    // A crash between reserving and committing leaves 'b' reserved under another ticket: the game's close finds it.
    expect(await seats.reserve('h', 'b', 'crashed', 3)).not.toBeNull();
    await seats.release('a');
    await seats.release('a');
    expect(await seats.held('h')).toBe(1);
    await seats.release('b');
    expect(await seats.held('h')).toBe(0);
    for (const t of ['5', '6', '7']) expect(await seats.reserve('h', 'd', t, 3)).not.toBeNull();
    expect(await seats.reserve('h', 'e', '8', 3)).toBeNull();
  });

  it('drops, once the holder reaches the cap, places left over in games whose expiry has passed', async () => {
    const seats = new DynamoOpenSeats(db.client, db.tableName);
    // A reservation made after its game closed (a join that lost the last seat, then a crash): nothing will release it.
    expect(await seats.reserve('p', 'gone', '1', 2, new Date(Date.now() - 60_000).toISOString())).not.toBeNull();
    expect(await seats.reserve('p', 'live', '2', 2, new Date(Date.now() + 3_600_000).toISOString())).not.toBeNull();
    expect(await seats.reserve('p', 'next', '3', 2)).toBeNull();
    await vi.waitFor(async () => expect(await seats.held('p')).toBe(1));
    expect(await seats.reserve('p', 'next', '4', 2)).not.toBeNull();
    expect(await seats.reserve('p', 'more', '5', 2)).toBeNull();
  });
});
