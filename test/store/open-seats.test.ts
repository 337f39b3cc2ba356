/**
 * The open-seat reservations (store/open-seats.ts) on a real DynamoDB API: the cap holds when
 * reservations race (one conditional write each, no read), a place given back or released is
 * free again, a release handed the same game twice changes nothing, and a reservation a crash
 * left behind (reserved, never committed or given back) goes when its game closes.
 */
import { describe, expect, it } from 'vitest';
import { DynamoOpenSeats } from '../../services/store/open-seats.js';
import { useEmbeddedDynamo } from '../kit/dynamo.js';

describe('open-seat reservations', () => {
  const db = useEmbeddedDynamo();

  it('keeps a holder at max however many reservations race, in one game or many', async () => {
    const seats = new DynamoOpenSeats(db.client, db.tableName);
    const got = await Promise.all(Array.from({ length: 12 }, (_, i) => seats.reserve('racer', `g${i % 3}`, `t${i}`, 4)));
    expect(got.filter(Boolean)).toHaveLength(4);
    expect(await seats.held('racer')).toBe(4);
    expect(await seats.reserve('racer', 'g9', 'late', 4)).toBe(false);
    // Another holder is not held back.
    expect(await seats.reserve('other', 'g9', 'x', 4)).toBe(true);
  });

  it('frees a place given back, and every place of a game that closes; a release twice changes nothing', async () => {
    const seats = new DynamoOpenSeats(db.client, db.tableName);
    expect(await seats.reserve('h', 'a', '1', 3)).toBe(true);
    expect(await seats.reserve('h', 'a', '2', 3)).toBe(true);
    expect(await seats.reserve('h', 'b', '3', 3)).toBe(true);
    expect(await seats.reserve('h', 'c', '4', 3)).toBe(false);
    await seats.cancel('h', 'b', '3');
    expect(await seats.held('h')).toBe(2);
    // A crash between reserving and committing leaves 'b' reserved under another ticket: the game's close finds it.
    expect(await seats.reserve('h', 'b', 'crashed', 3)).toBe(true);
    await seats.release('a');
    await seats.release('a');
    expect(await seats.held('h')).toBe(1);
    await seats.release('b');
    expect(await seats.held('h')).toBe(0);
    for (const t of ['5', '6', '7']) expect(await seats.reserve('h', 'd', t, 3)).toBe(true);
    expect(await seats.reserve('h', 'e', '8', 3)).toBe(false);
  });
});
