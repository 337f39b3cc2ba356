/**
 * A local server's pairing beat slows down when it finds nothing to do (no pool marked, no seek's
 * follow-up left: services/matchmaking/ticker.ts), so an idle server reads the table once a minute
 * rather than every five seconds; a player entering a pool brings it back to its pace at once, so
 * bots still fill their seats right after the wait.
 */
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../kit/manual-clock.js';
import { registerPlayer } from '../kit/players.js';
import { useServer } from '../kit/server.js';
import { MATCH_SETTINGS } from '../../services/matchmaking/settings.js';
import { IDLE_TICKS } from '../../services/matchmaking/ticker.js';

const clock = new ManualClock();
const server = useServer({ clock, matchSettings: { ...MATCH_SETTINGS, botWaitSeconds: 5 } });
const ENTRY = 'gameId';

describe('the pairing beat', () => {
  it('waits longer while idle, and keeps its pace again once a player enters a pool', async () => {
    const match = server.play.matchmaking;
    let beats = 0;
    const tick = match.tick.bind(match);
    match.tick = () => (beats++, tick());
    const beat = async () => {
      clock.advance(MATCH_SETTINGS.tickSeconds * 1000);
      await server.play.pairingIdle();
    };
    await beat(); // the first beat finds nothing to do
    expect(beats).toBe(1);
    for (let i = 1; i < IDLE_TICKS; i++) await beat();
    expect(beats, 'no beat within the idle wait').toBe(1);
    await beat();
    expect(beats, 'the idle wait is IDLE_TICKS beats').toBe(2);
    const cy = await registerPlayer(server, 'Cy');
    const input = { game: 'seledyne', seats: 2, bots: 1 };
    const entered = await server.gql(`mutation($i: QuickPlayInput!) { playNow(input: $i) { ${ENTRY} } }`, { i: input }, cy.token);
    expect(entered.data.playNow.gameId).toBeNull();
    await beat(); // at its pace: the wait (5 s) is over, a bot takes the other seat
    expect(beats).toBe(3);
    expect(match.idle).toBe(false);
    const seated = await server.gql(`query($i: QuickPlayInput!) { quickPlay(input: $i) { ${ENTRY} } }`, { i: input }, cy.token);
    expect(seated.data.quickPlay.gameId).toBeTruthy();
  });
});
