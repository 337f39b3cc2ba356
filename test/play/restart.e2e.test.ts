/**
 * A timeout is never lost across a restart: a server stopped with a deadline pending is
 * started again on the same table, and the deadline fires (late, so at once).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { createLocalParlor } from '../../services/local.js';
import { ensureTable, localClient, startEmbeddedDynamo, type EmbeddedDynamo } from '../../services/store/index.js';
import { ManualClock } from '../kit/manual-clock.js';

let dynamo: EmbeddedDynamo;
let client: DynamoDBClient;
beforeAll(async () => {
  dynamo = await startEmbeddedDynamo();
  client = localClient(dynamo.endpoint);
  await ensureTable(client, 'parlor');
});
afterAll(async () => {
  client?.destroy();
  await dynamo?.close();
});

describe('restart with a deadline pending', () => {
  it('recovers the deadline at start and fires it (late: at once)', async () => {
    const clock = new ManualClock();
    const first = await createLocalParlor({ client, tableName: 'parlor', clock, signingSecret: 's' });
    const game = await first.service.create({ game: 'scout', seats: 2, settings: { timeControl: { perMoveMs: 60_000 }, autoAdvance: false } });
    await first.service.join(game.id, 'Ann');
    const started = (await first.service.join(game.id, 'Bob')).agg;
    await first.play.settle();
    expect(clock.pending()).toBeGreaterThan(0);
    await first.app.close(); // the server stops: its alarms are gone
    expect(clock.pending()).toBe(0);

    clock.advance(120_000); // the deadline passes while nothing runs
    const second = await createLocalParlor({ client, tableName: 'parlor', clock, signingSecret: 's' });
    await new Promise((r) => setImmediate(r));
    await second.play.settle();
    const after = await second.service.load(game.id);
    expect(after.version).toBeGreaterThan(started.version);
    const history = await second.service.history(after, null);
    const timedOut = history.flatMap((c) => c.events).filter((e) => e.type === 'TimedOut');
    expect(timedOut.length).toBeGreaterThanOrEqual(1);
    await second.app.close();
  });
});
