/** The service's cache of folded games is bounded by bytes, not only by entries (issue 13 §2.2). */
import { describe, expect, it } from 'vitest';
import { foldJsonBytes, HEAP_PER_JSON_BYTE } from '../../services/app/fold-size.js';
import { ParlorService } from '../../services/app/service.js';
import { games } from '../../services/engine/registry.js';
import { DynamoEventStore } from '../../services/store/index.js';
import { useEmbeddedDynamo } from '../kit/dynamo.js';

const db = useEmbeddedDynamo();

describe('the fold cache', () => {
  it('holds no more bytes than its budget however many games pass through it, and still serves every game', async () => {
    const budget = 40 * 1024;
    const service = new ParlorService({ store: new DynamoEventStore({ client: db.client, tableName: db.tableName }), games, cachedGames: 1000, cacheBytes: budget });
    const ids: string[] = [];
    for (let i = 0; i < 30; i++) {
      const game = games[i % games.length]!;
      const created = await service.create({ game: game.id, seats: game.seats.max });
      for (let s = 0; s < game.seats.max; s++) await service.join(created.id, `p${s}`); // dealt: a real state
      ids.push(created.id);
      expect(service.cached.bytes).toBeLessThanOrEqual(budget);
    }
    expect(service.cached.games).toBeGreaterThan(0);
    expect(service.cached.games).toBeLessThan(30); // entries alone (1,000) would have kept all 30
    for (const id of ids) expect((await service.load(id)).id).toBe(id); // evicted games load from the store
  });
});

describe('the fold cache budgets what the heap holds', () => {
  it('counts each cached game at its JSON size times the heap factor measured for its game, so the budget bounds heap bytes, not text', async () => {
    const store = new DynamoEventStore({ client: db.client, tableName: db.tableName });
    const player = new ParlorService({ store, games, cachedGames: 0 });
    const service = new ParlorService({ store, games, cachedGames: 1000, cacheBytes: 1 << 30 });
    let expected = 0;
    for (const game of games) {
      const created = await player.create({ game: game.id, seats: game.seats.max });
      for (let s = 0; s < game.seats.max; s++) await player.join(created.id, `p${s}`);
      const agg = await service.load(created.id); // measured as it enters the cache
      expected += Math.round(foldJsonBytes(agg) * HEAP_PER_JSON_BYTE[game.id]!);
    }
    expect(Object.keys(HEAP_PER_JSON_BYTE).sort()).toEqual(games.map((g) => g.id).sort()); // every game measured
    expect(service.cached.bytes).toBe(expected);
  });
});
