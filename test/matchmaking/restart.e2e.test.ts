/**
 * The pool is in the table, not in a process: a server stopped with players waiting is started
 * again on the same table, a newcomer meets the one who waited, and the one who gave a seat to
 * bots is seated with a bot once the wait has passed (the new server's pairing beat finds the pool).
 */
import { describe, expect, it } from 'vitest';
import { useEmbeddedDynamo } from '../kit/dynamo.js';
import { createLocalParlor } from '../../services/local.js';
import { ManualClock } from '../kit/manual-clock.js';
import { PoolStore } from '../../services/matchmaking/store.js';
import { poolKey } from '../../services/matchmaking/service.js';

const db = useEmbeddedDynamo();

describe('restart with a pool waiting', () => {
  it('the waiting players are paired by the next server', async () => {
    const clock = new ManualClock();
    const options = { client: db.client, tableName: db.tableName, clock, signingSecret: 's', bots: { workers: 0 } };
    const first = await createLocalParlor(options);
    const [ann, bob, cy] = [await first.play.players.registry.register('Ann'), await first.play.players.registry.register('Bob'), await first.play.players.registry.register('Cy')];
    const humans = { game: 'scout', seats: 2 };
    const withBot = { game: 'seledyne', seats: 2, bots: 1 };
    expect((await first.play.matchmaking.playNow(ann.id, humans)).gameId).toBeUndefined();
    expect((await first.play.matchmaking.playNow(cy.id, withBot)).gameId).toBeUndefined();
    await first.app.close();

    const second = await createLocalParlor(options);
    const met = await second.play.matchmaking.playNow(bob.id, humans);
    expect(met.gameId).toBeDefined();
    expect((await second.play.matchmaking.quickPlayStatus(ann.id, humans))?.gameId).toBe(met.gameId);
    const game = await second.service.load(met.gameId!);
    expect(Object.values(game.app.players).sort()).toEqual([ann.id, bob.id].sort());

    // No one reads or enters Cy's pool: the beat of the new server seats Cy with a bot after the wait.
    clock.advance(second.play.matchmaking.settings.botWaitSeconds * 1000);
    await second.play.pairingIdle();
    // Read as stored (a status read would pair the pool itself).
    const entry = await new PoolStore(db.client, db.tableName, Date.now).get(cy.id, poolKey('seledyne', 2, undefined, false));
    expect(entry?.gameId).toBeDefined();
    const botGame = await second.service.load(entry!.gameId!);
    expect(botGame.app.players[0]).toBe(cy.id);
    expect(botGame.app.settings.bots).toEqual([{ seat: 1, kind: 'greedy' }]);
    await second.app.close();
  });
});
