/**
 * The quick-play pools' markers sit in 8 shards (hot-partitions); a beat once asked each of them
 * every time, 8 Queries to find no pool (issue 39 §4). The shards are marked before their first
 * marker (store/shard-marks.ts): a beat reads the marks in one BatchGetItem and then only the
 * marked shards, and still finds every marked pool.
 */
import { describe, expect, it } from 'vitest';
import { poolKey } from '../../services/matchmaking/service.js';
import { POOL_MARK_SHARDS, PoolStore } from '../../services/matchmaking/store.js';
import { shardOf } from '../../services/store/shards.js';
import { useEmbeddedDynamo } from '../kit/dynamo.js';

const db = useEmbeddedDynamo();

describe("the pools' markers", () => {
  it('a beat reads the shard marks in one call, then only the marked shards', async () => {
    const now = Date.parse('2026-06-01T10:30:00Z');
    const pools = new PoolStore(db.client, db.tableName, () => now);
    const calls: string[] = [];
    db.client.middlewareStack.add(
      (next, context) => async (args) => {
        const input = args.input as { ExpressionAttributeValues?: Record<string, unknown> };
        // The old constant key is looked under once an hour (its own test: holdings-pruned): not counted here.
        if (input.ExpressionAttributeValues?.[':p'] !== 'MATCHPOOLS') calls.push(`${String(context.commandName).replace(/Command$/, '')} ${String(input.ExpressionAttributeValues?.[':p'] ?? '')}`.trim());
        return next(args);
      },
      { step: 'initialize', name: 'countPoolReads' },
    );
    try {
      expect(await pools.pools(now)).toEqual([]);
      expect(calls).toEqual(['BatchGetItem']);
      const pool = poolKey('scout', 2, { perMoveMs: 86_400_000 }, false);
      await pools.markPool(pool, now);
      calls.length = 0;
      expect(await pools.pools(now)).toEqual([pool]);
      expect(calls).toEqual(['BatchGetItem', `Query MATCHPOOLS#${shardOf(pool, POOL_MARK_SHARDS)}`]);
    } finally {
      db.client.middlewareStack.remove('countPoolReads');
    }
  });
});
