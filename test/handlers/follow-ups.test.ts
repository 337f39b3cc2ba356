/**
 * On AWS a function cut off between a seek's filling and its game (a timeout, a crash) leaves the
 * seek marked; nothing but the timer function's minute rule (`{ matchmaking: true }`) runs
 * matchmaking's `resume` there. One invocation finishes it: the game is created with both seats,
 * the mark is gone, and the timer called only the table actions its role is granted.
 */
import './env.js';
import { describe, expect, it } from 'vitest';
import { seekGameId } from '../../services/matchmaking/service.js';
import { TABLE_ACTIONS } from '../../services/handlers/permissions.js';
import { MODULES } from '../../services/modules/index.js';
import { tableActionsOf } from '../../services/modules/module.js';
import { useAws } from './kit.js';

const world = useAws();

describe('the timer function finishes the follow-ups a cut-off function left', () => {
  it('a filled seek whose game was never created is finished by one timer invocation', async () => {
    const { parlor } = world;
    const [ann, bob] = [await parlor.play.players.registry.register('Ann'), await parlor.play.players.registry.register('Bob')];
    const seek = await parlor.play.matchmaking.openSeek(ann.id, { game: 'high-card', seats: 2 });
    // The function "dies" at the game's creation: the filling is appended and marked, nothing after it happens.
    const create = parlor.service.create.bind(parlor.service);
    parlor.service.create = () => Promise.reject(new Error('killed'));
    await expect(parlor.play.matchmaking.acceptSeek(seek.id, bob.id)).rejects.toThrow('killed');
    parlor.service.create = create;
    await expect(parlor.service.load(seekGameId(seek.id))).rejects.toMatchObject({ code: 'NOT_FOUND' });

    world.used.timer.clear();
    expect(await world.timer({ matchmaking: true })).toEqual({ resumed: 1, seated: 0 });
    const game = await parlor.service.load(seekGameId(seek.id));
    expect(game.app.players).toEqual({ 0: ann.id, 1: bob.id });
    // Unmarked: the next minute finds nothing to do.
    expect(await world.timer({ matchmaking: true })).toEqual({ resumed: 0, seated: 0 });
    const granted = new Set<string>(tableActionsOf('timer', TABLE_ACTIONS, MODULES));
    expect([...world.used.timer].filter((a) => !granted.has(a)), 'actions the timer role lacks').toEqual([]);
  });
});
