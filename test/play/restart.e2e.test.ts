/**
 * A timeout is never lost across a restart: a server stopped with a deadline pending is
 * started again on the same table, and the deadline fires (late, so at once).
 */
import { describe, expect, it } from 'vitest';
import { useEmbeddedDynamo } from '../kit/dynamo.js';
import { createLocalParlor } from '../../services/local.js';
import { ManualClock } from '../kit/manual-clock.js';

const db = useEmbeddedDynamo();

describe('restart with a deadline pending', () => {
  it('recovers the deadline at start and fires it (late: at once)', async () => {
    const clock = new ManualClock();
    const first = await createLocalParlor({ client: db.client, tableName: db.tableName, clock, signingSecret: 's' });
    const game = await first.service.create({ game: 'scout', seats: 2, settings: { timeControl: { perMoveMs: 60_000 }, autoAdvance: false } });
    await first.service.join(game.id, 'Ann');
    const started = (await first.service.join(game.id, 'Bob')).agg;
    await first.play.settle();
    expect(clock.pending()).toBeGreaterThan(0);
    await first.app.close(); // the server stops: its alarms are gone
    expect(clock.pending()).toBe(0);

    clock.advance(120_000); // the deadline passes while nothing runs
    const second = await createLocalParlor({ client: db.client, tableName: db.tableName, clock, signingSecret: 's' });
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
