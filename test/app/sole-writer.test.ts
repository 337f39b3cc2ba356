/**
 * A sole writer (npm start: the embedded DynamoDB, its folder locked) serves a cached game without
 * asking the store for newer commits; a lost write race still makes it fold from the store again.
 */
import { describe, expect, it } from 'vitest';
import { ParlorService } from '../../services/app/service.js';
import { DynamoEventStore } from '../../services/store/index.js';
import type { EventStore } from '../../services/store/port.js';
import { useEmbeddedDynamo } from '../kit/dynamo.js';
import { highCard } from '../kit/high-card.js';
import { createAndSeat } from '../kit/seat.js';

const db = useEmbeddedDynamo();

/** The table's event store, counting the catch-up queries it answers. */
function countingStore() {
  const store = new DynamoEventStore({ client: db.client, tableName: db.tableName });
  const counted = { catchUps: 0 };
  const commitsAfter = store.commitsAfter.bind(store);
  store.commitsAfter = (...args: Parameters<EventStore['commitsAfter']>) => ((counted.catchUps += 1), commitsAfter(...args));
  return { store, counted };
}

describe('a sole writer trusts its fold cache', () => {
  it('reads of a cached game ask the store nothing when the process is the only writer, and catch up otherwise', async () => {
    for (const soleWriter of [true, false]) {
      const { store, counted } = countingStore();
      const service = new ParlorService({ store, games: [highCard], soleWriter });
      const { id, tokens } = await createAndSeat(service, { game: 'high-card', seats: 3 });
      await service.move({ gameId: id, token: tokens[0], move: { type: 'choose', swap: true } });
      counted.catchUps = 0;
      for (let i = 0; i < 5; i++) expect((await service.load(id)).version).toBe(5);
      expect(counted.catchUps).toBe(soleWriter ? 0 : 5);
    }
  });

  it('a move that loses the write race drops the cached fold, so the retry is decided on the newest state', async () => {
    const a = new ParlorService({ store: new DynamoEventStore({ client: db.client, tableName: db.tableName }), games: [highCard], soleWriter: true });
    // A second writer breaks the promise on purpose: the only way to make the sole writer's cache fall behind.
    const other = new ParlorService({ store: new DynamoEventStore({ client: db.client, tableName: db.tableName }), games: [highCard] });
    const { id, tokens } = await createAndSeat(a, { game: 'high-card', seats: 3 });
    await a.move({ gameId: id, token: tokens[0], move: { type: 'choose', swap: true } }); // a caches v5
    await other.move({ gameId: id, token: tokens[1], move: { type: 'choose', swap: false } }); // v6, unseen by a
    expect((await a.load(id)).version).toBe(5); // trusted, so behind
    const after = await a.move({ gameId: id, token: tokens[2], move: { type: 'choose', swap: true } });
    expect(after.version).toBe(7);
    expect((await a.load(id)).version).toBe(7);
  });
});
