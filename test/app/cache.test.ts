/** The service's cache of folded games is bounded by bytes, not only by entries (issue 13 §2.2). */
import { describe, expect, it } from 'vitest';
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
