/**
 * The service's law of taking a move back, in fuzzed games of every game on the embedded
 * DynamoDB: after each move that may be taken back, the take-back leaves the game exactly as
 * before the move (the table's state whole, so every seat's view, legal moves and status), a
 * fresh service folding the store (snapshots every third commit) finds the same, and the
 * take-back's event is the same two public facts in every seat's history and a spectator's.
 */
import { describe, expect, it } from 'vitest';
import { ParlorService } from '../../services/app/service.js';
import { canTakeBack } from '../../services/app/commands/take-back.js';
import { fastRng } from '../../services/engine/core/index.js';
import { games } from '../../services/engine/registry.js';
import { DynamoEventStore } from '../../services/store/index.js';
import { lastMoveVerdict, type Aggregate } from '../../services/app/aggregate.js';
import { useEmbeddedDynamo } from '../kit/dynamo.js';
import { createAndSeat } from '../kit/seat.js';

const db = useEmbeddedDynamo();
const service = () => new ParlorService({ store: new DynamoEventStore({ client: db.client, tableName: db.tableName }), snapshotEvery: 3 });
const OPTIONS: Record<string, unknown> = { silver: { rounds: 1 }, scout: {}, 'sea-salt-and-paper': { targetScore: 12 }, seledyne: {} };

/** What every seat and a spectator can see or do, which a take-back must put back. */
const sight = (agg: Aggregate) =>
  [null, ...Array.from({ length: agg.state.seats }, (_, s) => s)].map((v) => ({ view: agg.table.view(agg.state, v), legal: v === null ? [] : agg.table.legalMoves(agg.state, v), status: agg.table.status(agg.state) }));

describe('taking a move back through the service', () => {
  for (const game of games) {
    it(`${game.id}: state after take-back equals state before the move, for every take-backable move of a fuzzed game; a fresh fold agrees; the event shows nothing`, async () => {
      const svc = service();
      const rng = fastRng(3);
      const { id, tokens } = await createAndSeat(svc, { game: game.id, seats: 3, options: OPTIONS[game.id], seed: `tb-${game.id}` });
      let agg = await svc.load(id);
      let takenBack = 0;
      for (let step = 0; step < 40 && !agg.table.status(agg.state).over; step++) {
        const toMove = agg.table.status(agg.state).toMove;
        const seat = toMove[rng.int(toMove.length)]!;
        const legal = agg.table.legalMoves(agg.state, seat);
        const before = agg;
        agg = await svc.move({ gameId: id, token: tokens[seat]!, move: legal[rng.int(legal.length)] });
        if (!canTakeBack(agg, seat)) continue;
        // What may be taken back survives a fresh fold (snapshots keep it).
        const reloaded = await service().load(id);
        expect(lastMoveVerdict(reloaded)).toEqual(lastMoveVerdict(agg));
        expect(reloaded.lastMove?.before).toEqual(agg.lastMove?.before);
        const moved = agg.version;
        agg = await svc.takeBack(id, tokens[seat]!);
        takenBack++;
        expect(agg.version).toBe(moved + 1);
        expect(agg.state).toEqual(before.state);
        expect(sight(agg)).toEqual(sight(before));
        expect(agg.lastMove).toBeUndefined();
        // A fresh fold of the store (snapshot, then commits) gives the same game.
        const fresh = await service().load(id);
        expect(fresh.state).toEqual(agg.state);
        expect(fresh.app).toEqual(agg.app);
        // The take-back's event: the same public facts for every seat and a spectator.
        for (const viewer of [null, 0, 1, 2]) {
          const last = (await svc.history(agg, viewer)).at(-1)!;
          expect(last.events).toEqual([{ type: 'MoveTakenBack', seat, version: moved }]);
        }
        await expect(svc.takeBack(id, tokens[seat]!)).rejects.toMatchObject({ code: 'TAKE_BACK_NOT_ALLOWED', message: expect.stringMatching(/^NO_MOVE/) });
      }
      expect(takenBack).toBeGreaterThan(0);
    });
  }
});
