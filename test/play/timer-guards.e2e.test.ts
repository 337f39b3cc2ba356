/**
 * What a timer may and may not do, each guard on its own (real server, embedded DynamoDB, a
 * manual clock whose alarms never fire here: `lag` moves time, timers are fired by hand):
 * a late timer changes nothing even when the seat's newer deadline has passed (the version
 * guard), a current timer fired early changes nothing (the deadline guard), and a warning is
 * sent only while its deadline is current and ahead.
 */
import { describe, expect, it } from 'vitest';
import { fireTimer, type Timer } from '../../services/clocks/timer.js';
import { ManualClock } from '../kit/manual-clock.js';
import { commits, createAndJoin, registerPlayer, typesOf, type Registered } from '../kit/players.js';
import { useServer } from '../kit/server.js';

const clock = new ManualClock();
const server = useServer({ clock });
const PER_MOVE = 5_000;
const STATE = 'query($id: ID!) { game(id: $id) { version status { toMove } legalMoves clocks { seat deadline } } }';
const MOVE = 'mutation($id: ID!, $m: JSON!) { submitMove(gameId: $id, move: $m) { game { version } } }';
const state = async (id: string, token?: string) => (await server.gql(STATE, { id }, token)).data.game;
const deadlineOf = (g: any, seat: number): string => g.clocks.find((c: any) => c.seat === seat).deadline;
const timedOut = async (id: string) => typesOf((await commits(server, id)).flatMap((c) => c.events)).filter((t) => t === 'TimedOut').length;

/** A two-seat SCOUT game past its opening (both seats chose their hand's side, a second apart): the seat to move and its timers. */
async function pastTheOpening(seed: string): Promise<{ id: string; opening: any; now: any; players: Registered[] }> {
  const players = [await registerPlayer(server, 'Ann'), await registerPlayer(server, 'Bob')];
  const id = await createAndJoin(server, { game: 'scout', seats: 2, timeControl: { perMove: 'PT5S' }, autoAdvance: false, seed }, players);
  await server.play.settle();
  const opening = await state(id);
  expect(opening.status.toMove).toEqual([0, 1]); // SCOUT opens with every seat choosing at once
  for (const seat of [0, 1]) {
    clock.lag(1_000);
    const mine = await state(id, players[seat]!.token);
    expect((await server.gql(MOVE, { id, m: mine.legalMoves[0] }, players[seat]!.token)).errors).toBeUndefined();
  }
  await server.play.settle();
  return { id, opening, now: await state(id), players };
}

describe('timers fired late or early change nothing', () => {
  it('a late timer for a seat that is to move again, with its new deadline passed, changes nothing (the version guard)', async () => {
    const { id, opening, now } = await pastTheOpening('late-again');
    const seat = now.status.toMove[0] as number;
    expect(deadlineOf(now, seat)).not.toBe(deadlineOf(opening, seat)); // the seat moved and is to move again: a new deadline
    const stale: Timer = { kind: 'timeout', gameId: id, seat, version: opening.version, deadline: deadlineOf(opening, seat), at: Date.parse(deadlineOf(opening, seat)) };
    clock.lag(PER_MOVE); // past the new deadline too: only the version tells this timer is stale
    expect(Date.parse(deadlineOf(now, seat))).toBeLessThanOrEqual(clock.now());
    expect(await fireTimer(server.service, stale)).toBe(false);
    expect((await state(id)).version).toBe(now.version);
    expect(await timedOut(id)).toBe(0);
    // The timer of the current deadline does time the seat out (the check above can fail).
    expect(await fireTimer(server.service, { ...stale, version: now.version, deadline: deadlineOf(now, seat) })).toBe(true);
    expect(await timedOut(id)).toBe(1);
  });

  it('the current timer fired before its deadline changes nothing (the deadline guard)', async () => {
    const { id, now } = await pastTheOpening('early');
    const seat = now.status.toMove[0] as number;
    const deadline = deadlineOf(now, seat);
    const current: Timer = { kind: 'timeout', gameId: id, seat, version: now.version, deadline, at: Date.parse(deadline) };
    clock.lag(Date.parse(deadline) - clock.now() - 1); // a millisecond early
    expect(await fireTimer(server.service, current)).toBe(false);
    expect((await state(id)).version).toBe(now.version);
    expect(await timedOut(id)).toBe(0);
    clock.lag(1);
    expect(await fireTimer(server.service, current)).toBe(true);
  });
});

describe('deadline warnings', () => {
  it('a warning is sent only while its deadline is current and ahead: not when it comes late (after a restart) for a deadline already past', async () => {
    const { id, now } = await pastTheOpening('warning');
    const seat = now.status.toMove[0] as number;
    const deadline = deadlineOf(now, seat);
    const warning: Timer = { kind: 'warning', gameId: id, seat, version: now.version, deadline, at: Date.parse(deadline) - PER_MOVE / 4 };
    const warned: string[] = [];
    const handlers = { warn: async (_agg: unknown, t: Timer) => void warned.push(t.deadline) };
    clock.lag(warning.at - clock.now()); // when the warning is due
    await fireTimer(server.service, warning, handlers);
    expect(warned).toEqual([deadline]);
    clock.lag(PER_MOVE); // the server was down across the deadline: the recovered warning fires late
    await fireTimer(server.service, warning, handlers);
    expect(warned).toEqual([deadline]);
  });
});
