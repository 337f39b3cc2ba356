/**
 * A seat that runs out of time is played by its timeout bot in the bots' worker pool, like every
 * server bot move, not on the thread that answers requests (a search bot thinks for a tenth of a
 * second). Time is a manual clock; the pool is npm start's (one worker).
 */
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../kit/manual-clock.js';
import { createAndJoin, registerPlayer } from '../kit/players.js';
import { useServer } from '../kit/server.js';

const clock = new ManualClock();
const server = useServer({ clock, bots: { workers: 1 } });
const GAME = 'query($id: ID!) { game(id: $id) { version status { toMove } history { version seat by } } }';

describe('a timed-out seat’s bot', () => {
  it('decides in the worker pool, and its move is the timeout commit', async () => {
    const players = [await registerPlayer(server, 'Ann'), await registerPlayer(server, 'Bob')];
    const id = await createAndJoin(server, { game: 'sea-salt-and-paper', seats: 2, timeControl: { perMove: 'PT5S' }, onTimeout: 'BOT', timeoutBot: 'search:1', autoAdvance: false, seed: 'timeout-pool' }, players);
    await server.play.settle();
    const before = (await server.gql(GAME, { id }, players[0]!.token)).data.game;
    const late = before.status.toMove[0] as number;
    const { worker, inline } = server.play.bots.pool.decided;
    clock.advance(5_000);
    await server.play.settle();
    const after = (await server.gql(GAME, { id }, players[0]!.token)).data.game;
    expect(after.version).toBeGreaterThan(before.version);
    expect(after.history.find((h: { version: number }) => h.version === before.version + 1)).toMatchObject({ seat: late, by: 'bot:search:1' });
    expect(server.play.bots.pool.decided.worker, 'decided in the worker').toBe(worker + 1);
    expect(server.play.bots.pool.decided.inline).toBe(inline);
  });
});
