/**
 * A move is decided with the deadline, not the timer (issue 26 finding 11): a seat whose time
 * ran out cannot move late while its timeout has not fired yet; it is refused NOT_YOUR_TURN,
 * and the timeout, when it fires, times the seat out as it would have. Real server, manual clock.
 */
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../kit/manual-clock.js';
import { createAndJoin, registerPlayer } from '../kit/players.js';
import { useServer } from '../kit/server.js';

const clock = new ManualClock();
const server = useServer({ clock });
const STATE = 'query($id: ID!) { game(id: $id) { version status { toMove } legalMoves clocks { seat deadline } } }';
const MOVE = 'mutation($id: ID!, $m: JSON!) { submitMove(gameId: $id, move: $m) { game { version } } }';

describe('a move after its deadline', () => {
  it('is refused NOT_YOUR_TURN even when the timer has not fired yet, and the timeout then decides the seat', async () => {
    const [ann, bob] = [await registerPlayer(server, 'Ann'), await registerPlayer(server, 'Bob')];
    const id = await createAndJoin(server, { game: 'scout', seats: 2, timeControl: { perMove: 'PT5S' }, autoAdvance: false, seed: 'late' }, [ann, bob]);
    await server.play.settle();
    const tokens = [ann.token, bob.token];
    const before = (await server.gql(STATE, { id })).data.game;
    const seat = before.status.toMove[0] as number;
    const mine = (await server.gql(STATE, { id }, tokens[seat])).data.game;
    clock.lag(5_001); // past the deadline; the timer is running late
    const late = await server.gql(MOVE, { id, m: mine.legalMoves[0] }, tokens[seat]);
    expect(late.errors?.[0]?.extensions?.code).toBe('NOT_YOUR_TURN');
    expect((await server.gql(STATE, { id })).data.game.version).toBe(before.version);
    clock.advance(0); // the timer fires now
    await server.play.settle();
    const after = (await server.gql(STATE, { id })).data.game;
    expect(after.version).toBeGreaterThan(before.version);
    const history = await server.service.load(id);
    expect(Object.values(history.app.clocks).every((c) => c.deadline === null || Date.parse(c.deadline) > clock.now())).toBe(true);
  });
});
