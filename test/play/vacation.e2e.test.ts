/**
 * Vacations over the real server and embedded DynamoDB, days run in milliseconds by a manual
 * clock: clocks stop in every game as events the others see, restart from what was left, the
 * days are counted, and a vacation ends when its player moves or its days run out.
 */
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../kit/manual-clock.js';
import { commits, createAndJoin, registerPlayer, typesOf, type Registered } from '../kit/players.js';
import { useServer } from '../kit/server.js';

// November: a token (90 days) taken this year is still good on the first of January.
const clock = new ManualClock(Date.parse('2026-11-01T00:00:00Z'));
const server = useServer({ clock });
const HOUR = 3600_000;
const DAY = 24 * HOUR;

const clocks = async (id: string) => (await server.gql('query($id: ID!) { game(id: $id) { clocks { seat deadline remainingMs pausedUntil } } }', { id })).data.game.clocks as { seat: number; deadline: string | null; remainingMs: number; pausedUntil: string | null }[];
const vacation = async (p: Registered, op: 'startVacation' | 'endVacation') => server.gql(`mutation { ${op} { vacationDaysLeft onVacationUntil } }`, {}, p.token);
const daysLeft = async (p: Registered) => (await server.gql('query { me { vacationDaysLeft onVacationUntil } }', {}, p.token)).data.me;
const events = async (id: string) => (await commits(server, id)).flatMap((c) => c.events as { type: string; seat?: number }[]);

/** Two SCOUT games of Ann (seat 0) and Bob, a clock of an hour a move; both start with every seat to choose. */
async function twoGames() {
  const [ann, bob] = [await registerPlayer(server, 'Ann'), await registerPlayer(server, 'Bob')];
  const input = { game: 'scout', seats: 2, timeControl: { perMove: 'PT1H' }, timeoutBot: 'random', autoAdvance: false };
  const games = [await createAndJoin(server, { ...input, seed: 'v1' }, [ann, bob]), await createAndJoin(server, { ...input, seed: 'v2' }, [ann, bob])];
  await server.play.settle();
  return { ann, bob, games };
}

describe('vacation', () => {
  it('stops the player’s clocks in every game as ClockPaused events the others see; ending it restarts them from what was left, and the days are counted', async () => {
    const { ann, bob, games } = await twoGames();
    expect(await daysLeft(ann)).toEqual({ vacationDaysLeft: 14, onVacationUntil: null });
    clock.advance(10 * 60_000);
    const started = await vacation(ann, 'startVacation');
    expect(started.errors).toBeUndefined();
    expect(started.data.startVacation).toEqual({ vacationDaysLeft: 13, onVacationUntil: new Date(clock.now() + 14 * DAY).toISOString() });
    for (const id of games) {
      const mine = (await clocks(id)).find((c) => c.seat === 0)!;
      expect(mine).toMatchObject({ deadline: null, remainingMs: 50 * 60_000, pausedUntil: started.data.startVacation.onVacationUntil });
      // Bob sees it in the history too.
      const seen = JSON.stringify((await server.rest('GET', `/v1/games/${id}/history`, undefined, bob.token)).body);
      expect(seen).toContain('"ClockPaused"');
    }
    // Three days (less an hour) pass: Ann's clocks stand still; Bob's ran out and a bot chose for him.
    clock.advance(3 * DAY - HOUR);
    await server.play.settle();
    for (const id of games) expect((await events(id)).filter((e) => e.type === 'TimedOut').map((e) => e.seat)).toEqual([1]);
    expect((await daysLeft(ann)).vacationDaysLeft).toBe(11);
    const ended = await vacation(ann, 'endVacation');
    expect(ended.data.endVacation).toEqual({ vacationDaysLeft: 11, onVacationUntil: null });
    for (const id of games) {
      expect(typesOf(await events(id))).toContain('ClockResumed');
      // The deadline moved by exactly the time the clock stood still: 50 minutes from now.
      expect((await clocks(id)).find((c) => c.seat === 0)).toMatchObject({ deadline: new Date(clock.now() + 50 * 60_000).toISOString(), pausedUntil: null });
    }
    clock.advance(50 * 60_000);
    await server.play.settle();
    for (const id of games) expect((await events(id)).filter((e) => e.type === 'TimedOut').map((e) => e.seat)).toEqual([1, 0]);
  });

  it('ends early when the player moves: their clocks run again in every game', async () => {
    const { ann, games } = await twoGames();
    await vacation(ann, 'startVacation');
    clock.advance(HOUR / 2);
    const legal = (await server.gql('query($id: ID!) { game(id: $id) { legalMoves } }', { id: games[0] }, ann.token)).data.game.legalMoves;
    const moved = await server.gql('mutation($id: ID!, $m: JSON!) { submitMove(gameId: $id, move: $m) { game { version } } }', { id: games[0], m: legal[0] }, ann.token);
    expect(moved.errors).toBeUndefined();
    await server.play.settle();
    expect(await daysLeft(ann)).toEqual({ vacationDaysLeft: 13, onVacationUntil: null });
    const other = (await clocks(games[1]!)).find((c) => c.seat === 0)!;
    expect(other.pausedUntil).toBeNull();
    expect(other.deadline).not.toBeNull();
  });

  it('ends when the player moves in a game without a clock too: the clocked games run again', async () => {
    const { ann, bob, games } = await twoGames();
    const casual = await createAndJoin(server, { game: 'scout', seats: 2, autoAdvance: false, seed: 'v-casual' }, [ann, bob]);
    await vacation(ann, 'startVacation');
    clock.advance(HOUR / 2);
    const legal = (await server.gql('query($id: ID!) { game(id: $id) { legalMoves } }', { id: casual }, ann.token)).data.game.legalMoves;
    const moved = await server.gql('mutation($id: ID!, $m: JSON!) { submitMove(gameId: $id, move: $m) { game { version } } }', { id: casual, m: legal[0] }, ann.token);
    expect(moved.errors).toBeUndefined();
    await server.play.settle();
    expect(await daysLeft(ann)).toEqual({ vacationDaysLeft: 13, onVacationUntil: null });
    for (const id of games) expect((await clocks(id)).find((c) => c.seat === 0)).toMatchObject({ pausedUntil: null, deadline: expect.any(String) });
  });

  it('when the days run out the clocks restart by themselves; no day is left until the next year', async () => {
    const { ann, games } = await twoGames();
    const before = (await daysLeft(ann)).vacationDaysLeft;
    await vacation(ann, 'startVacation');
    clock.advance(before * DAY);
    await server.play.settle();
    for (const id of games) expect((await clocks(id)).find((c) => c.seat === 0)!.pausedUntil).toBeNull();
    expect(await daysLeft(ann)).toEqual({ vacationDaysLeft: 0, onVacationUntil: null });
    const refused = await vacation(ann, 'startVacation');
    expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await server.rest('POST', '/v1/me/vacation', undefined, ann.token)).status).toBe(403);
    clock.lag(Date.parse('2027-01-01T00:00:00Z') - clock.now());
    expect((await server.rest('GET', '/v1/me/vacation', undefined, ann.token)).body).toEqual({ vacationDaysLeft: 14, onVacationUntil: null });
  });

  it('needs a player token', async () => {
    expect((await server.gql('mutation { startVacation { vacationDaysLeft } }')).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});
