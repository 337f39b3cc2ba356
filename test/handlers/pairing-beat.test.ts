/**
 * On AWS no process keeps a beat: the timer function's minute rule (`{ matchmaking: true }`) runs
 * matchmaking's `tick`. A player who enters quick play alone and closes the page is seated with
 * bots once the wait is over, by that rule alone, though the function that entered them is warm
 * and remembers writing the pool's marker (so it does not write it again), and an earlier beat
 * found the pool empty in between.
 */
import './env.js';
import { describe, expect, it } from 'vitest';
import { MARK_REFRESH_MS } from '../../services/matchmaking/service.js';
import { MATCH_SETTINGS } from '../../services/matchmaking/settings.js';
import { OWNER_INDEX_READERS, TABLE_ACTIONS } from '../../services/handlers/permissions.js';
import { MODULES } from '../../services/modules/index.js';
import { tableActionsOf } from '../../services/modules/module.js';
import { useAws } from './kit.js';

let time = Date.parse('2026-03-01T12:00:00Z');
const world = useAws({ now: () => time });

describe('the timer function runs the pairing beat on AWS', () => {
  it('a player waiting alone is seated with bots after the wait by the minute rule, the pool left empty once in between', async () => {
    const { parlor } = world;
    const match = parlor.play.matchmaking;
    const gus = (await parlor.play.players.registry.register('Gus')).id;
    const input = { game: 'high-card', seats: 2, bots: 1, timeControl: { perMoveMs: 777_000 } };
    // Gus enters and leaves: the entry wrote the pool's marker; the next minute's beat finds the pool empty.
    expect((await match.playNow(gus, input)).gameId).toBeUndefined();
    expect(await match.leavePool(gus, input)).toBe(true);
    time += 60_000;
    world.used.timer.clear();
    expect(await world.timer({ matchmaking: true })).toEqual({ resumed: 0, seated: 0 });
    // He enters again through the same warm function, and closes the page: no one reads his status.
    time += 1_000;
    expect((await match.playNow(gus, input)).gameId).toBeUndefined();
    time += MATCH_SETTINGS.botWaitSeconds * 1000;
    expect(await world.timer({ matchmaking: true })).toEqual({ resumed: 0, seated: 1 });
    const entry = await match.quickPlayStatus(gus, input);
    expect(entry?.gameId).toBeDefined();
    const game = await parlor.service.load(entry!.gameId!);
    expect(Object.values(game.app.players)).toContain(gus);
    // A pool left empty leaves the beat's list once no function has marked it within the window.
    time += MARK_REFRESH_MS;
    await world.timer({ matchmaking: true });
    expect(await (match as unknown as { ports: { pool: { pools(now: number): Promise<string[]> } } }).ports.pool.pools(Date.now())).toEqual([]);
    const granted = new Set<string>(tableActionsOf('timer', TABLE_ACTIONS, MODULES));
    expect([...world.used.timer].filter((a) => !granted.has(a)), 'actions the timer role lacks').toEqual([]);
    // The beat reads the pools' entries through the owner index: the stack grants the timer that index too.
    expect([...world.indexes.timer]).toEqual(['byOwner']);
    expect(OWNER_INDEX_READERS).toContain('timer');
  });
});
