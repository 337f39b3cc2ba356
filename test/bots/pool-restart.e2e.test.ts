/**
 * A bot move still waiting in the pool's queue when the server stops is not lost: its commit
 * stays unpassed by the server-moves checkpoint, and the next start on the same table plays it.
 * Two stops, since each of two lines keeps a position open: the move under way refused by the
 * stop ("stopped during the move", runner.ts pump) and the moves waiting behind it refused by the
 * stop itself (runner.ts stop). While the move under way is refused, its commit, the oldest, holds
 * the checkpoint below the waiting ones whatever becomes of them; so in the second case the move
 * under way was decided before the stop and is made during it, and only the stop's own `Later`
 * keeps the waiting moves. The bots are random: the pool's decisions are held by the test, so a
 * slower kind adds nothing but CPU (search:3 here cost ~8 s of it).
 */
import { describe, expect, it } from 'vitest';
import { useEmbeddedDynamo } from '../kit/dynamo.js';
import { createLocalParlor } from '../../services/local.js';
import { statusOf } from '../../services/app/aggregate.js';

const db = useEmbeddedDynamo();

describe('restart with bot moves queued', () => {
  it.each([
    ['refused by the stop', false],
    ['made during the stop', true],
  ])('the moves left waiting at the stop are made after the next start (the move under way %s)', async (_, decidedBeforeStop) => {
    const first = await createLocalParlor({ client: db.client, tableName: db.tableName, signingSecret: 's', bots: { workers: 1 } });
    const games: { id: string; token: string }[] = [];
    for (let i = 0; i < 6; i++) {
      const g = await first.service.create({ game: 'scout', seats: 2, settings: { bots: [{ seat: 1, kind: 'random' }] } });
      games.push({ id: g.id, token: (await first.service.join(g.id, 'Ann')).token });
    }
    await first.play.settle();
    // The pool's decisions are held until the stop begins, so the stop meets moves still waiting
    // (however fast or loaded the machine): one game's move is under way, the others wait in line.
    const pool = first.play.bots.pool;
    const decide = pool.decide.bind(pool);
    const stop = pool.stop.bind(pool);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let decidedOne!: () => void;
    const oneDecided = new Promise<void>((r) => (decidedOne = r));
    pool.decide = async (sight, kind) => {
      if (!decidedBeforeStop) {
        await held;
        return decide(sight, kind); // the pool is stopping: refused
      }
      const decision = await decide(sight, kind);
      decidedOne();
      await held;
      return decision;
    };
    pool.stop = async () => {
      const stopped = stop();
      release();
      return stopped;
    };
    // The human plays each game until the bot is to move (at most a few moves: the rotation, then a
    // turn when the human starts), all games at once: six bot moves due, queued behind the held one.
    await Promise.all(
      games.map(async ({ id, token }) => {
        for (let i = 0; i < 4; i++) {
          const agg = await first.service.load(id);
          if (statusOf(agg).toMove.includes(1)) return;
          const legal = agg.table.legalMoves(agg.state, 0);
          await first.service.move({ gameId: id, token, move: legal[0], expectedVersion: agg.version });
        }
      }),
    );
    const owed = async (s: typeof first) => (await Promise.all(games.map(async ({ id }) => statusOf(await s.service.load(id)).toMove.includes(1)))).filter(Boolean).length;
    if (decidedBeforeStop) await oneDecided; // the move under way is decided and waits to be made
    await first.app.close(); // stops with bot moves queued
    expect(first.play.bots.leftForLater, 'the stop left queued moves for later').toBeGreaterThan(0);
    expect(await owed(first), 'some bot moves were still owed at the stop').toBeGreaterThan(0);

    const second = await createLocalParlor({ client: db.client, tableName: db.tableName, signingSecret: 's', bots: { workers: 1 } });
    await new Promise((r) => setImmediate(r));
    await second.play.settle();
    expect(await owed(second), 'every owed bot move was made after the restart').toBe(0);
    await second.app.close();
  });
});
