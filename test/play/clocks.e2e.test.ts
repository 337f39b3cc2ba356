/**
 * Clocks as events, over the real server and embedded DynamoDB, with time driven by a manual
 * clock: a three-player SCOUT game with a per-move clock where one player never moves.
 */
import { describe, expect, it } from 'vitest';
import { fastRng } from '../../services/engine/core/index.js';
import { fireTimer } from '../../services/clocks/timer.js';
import { DEFAULT_TIMEOUT_BOT } from '../../services/bots/spec.js';
import { ManualClock } from '../kit/manual-clock.js';
import { commits, createAndJoin, registerPlayer, typesOf } from '../kit/players.js';
import { useServer } from '../kit/server.js';
import { until, useReceiver } from '../kit/webhook-receiver.js';
import { Webhook } from 'standardwebhooks';

const clock = new ManualClock();
const server = useServer({ clock, webhooks: { privateAddresses: true } });
const receivers = [useReceiver(), useReceiver(), useReceiver()];
const PER_MOVE = 5_000;

const state = async (id: string, token?: string) =>
  (await server.gql('query($id: ID!) { game(id: $id) { version seat status { toMove over result { scores resigned forfeited } } legalMoves clocks { seat deadline remainingMs } } }', { id }, token)).data.game;

describe('a per-move clock (PT5S) in a three-player SCOUT game where one player never moves (the issue’s “done when”)', () => {
  it('every timeout is a TimedOut event followed by its bot move; inboxes show whose turn it is; webhooks get signed YOUR_TURN', async () => {
    const [ann, bob, cy] = [await registerPlayer(server, 'Ann'), await registerPlayer(server, 'Bob'), await registerPlayer(server, 'Cy')];
    const hooks = await Promise.all(
      [ann, bob, cy].map(async (p, i) => (await server.gql('mutation($u: String!) { addWebhook(url: $u, events: [YOUR_TURN]) { secret } }', { u: receivers[i]!.url }, p.token)).data.addWebhook),
    );
    // Rounds cut at nine actions (the option roundActionLimit): a third of them Cy's timeouts, without whole rounds played through.
    const id = await createAndJoin(server, { game: 'scout', seats: 3, options: { roundActionLimit: 9 }, timeControl: { perMove: 'PT5S' }, autoAdvance: false, seed: 'clocks' }, [ann, bob, cy]);
    const tokens = [ann.token, bob.token, cy.token];
    const rng = fastRng(7);
    await server.play.settle();

    const first = await state(id);
    // Simultaneous steps run each seat's clock (SCOUT starts with every seat choosing its hand's side).
    expect(first.clocks.filter((c: any) => c.deadline).map((c: any) => c.seat).sort()).toEqual(first.status.toMove.slice().sort());
    for (const c of first.clocks.filter((c: any) => c.deadline)) expect(Date.parse(c.deadline)).toBe(clock.now() + PER_MOVE);

    let timeouts = 0;
    for (let step = 0; step < 2000; step++) {
      const g = await state(id);
      if (g.status.over) break;
      const humans = g.status.toMove.filter((s: number) => s !== 2);
      if (humans.length) {
        const seat = humans[rng.int(humans.length)];
        const awaiting = (await server.gql('query { me { games(awaitingMyMove: true) { edges { node { gameId seat } } } } }', {}, tokens[seat])).data.me.games.edges;
        expect(awaiting.map((e: any) => e.node)).toContainEqual({ gameId: id, seat });
        const mine = await state(id, tokens[seat]);
        const r = await server.gql('mutation($id: ID!, $m: JSON!) { submitMove(gameId: $id, move: $m) { game { version } } }', { id, m: mine.legalMoves[rng.int(mine.legalMoves.length)] }, tokens[seat]);
        expect(r.errors).toBeUndefined();
      } else {
        // Only Cy is to move: her inbox says so, then her time runs out.
        const inbox = (await server.gql('query { me { games(awaitingMyMove: true) { edges { node { gameId deadline } } } } }', {}, cy.token)).data.me.games.edges;
        expect(inbox.map((e: any) => e.node.gameId)).toContain(id);
        clock.advance(PER_MOVE);
        await server.play.settle();
        const history = await commits(server, id);
        const last = history.find((c) => c.version === g.version + 1)!;
        expect(typesOf(last.events)[0]).toBe('TimedOut');
        expect(last.events.length).toBeGreaterThan(1); // the bot's move came with it
        expect(last.seat).toBe(2);
        timeouts++;
      }
      await server.play.settle();
    }
    const end = await state(id);
    expect(end.status.over).toBe(true);
    expect(timeouts).toBeGreaterThan(3);
    expect(end.status.result.forfeited).toEqual([]);
    const all = (await commits(server, id)).flatMap((c) => typesOf(c.events));
    expect(all.filter((t) => t === 'TimedOut')).toHaveLength(timeouts);
    expect(all).toContain('DeadlineSet');
    // Each player's receiver got YOUR_TURN notices for this game and their seat, every one signed with their hook's secret.
    await until(() => receivers.every((r) => r.received.some((d) => JSON.parse(d.body).gameId === id)));
    for (const [seat, r] of receivers.entries()) {
      const mine = r.received.map((d) => ({ d, body: JSON.parse(d.body) })).filter(({ body }) => body.gameId === id);
      expect(mine.length).toBeGreaterThan(0);
      for (const { d, body } of mine) {
        expect(body).toMatchObject({ type: 'YOUR_TURN', seat });
        expect(() => new Webhook(hooks[seat].secret).verify(d.body, d.headers as Record<string, string>)).not.toThrow();
      }
    }
  });

  it('a timer that fires late (the game moved on since it was set) changes nothing', async () => {
    const [ann, bob] = [await registerPlayer(server, 'Ann'), await registerPlayer(server, 'Bob')];
    const id = await createAndJoin(server, { game: 'scout', seats: 2, timeControl: { perMove: 'PT5S' }, seed: 'late' }, [ann, bob]);
    await server.play.settle();
    const before = await state(id);
    const seat = before.status.toMove[0];
    const deadline = before.clocks.find((c: any) => c.seat === seat).deadline;
    const mine = await state(id, [ann, bob][seat]!.token);
    await server.gql('mutation($id: ID!, $m: JSON!) { submitMove(gameId: $id, move: $m) { game { version } } }', { id, m: mine.legalMoves[0] }, [ann, bob][seat]!.token);
    await server.play.settle();
    const moved = await state(id);
    // Alarms off: this test fires timers by hand, after both deadlines have passed.
    server.play.timers.stop();
    clock.advance(PER_MOVE);
    const at = Date.parse(deadline);
    // The timer armed at `before.version` fires: the version it carries no longer holds.
    expect(await fireTimer(server.service, { kind: 'timeout', gameId: id, seat, version: before.version, deadline, at })).toBe(false);
    expect((await state(id)).version).toBe(moved.version);
    expect(typesOf((await commits(server, id)).flatMap((c) => c.events))).not.toContain('TimedOut');
    // The same timer set at the current version does time the seat out (the check above can fail).
    const next = moved.status.toMove[0];
    const current = moved.clocks.find((c: any) => c.seat === next).deadline;
    expect(await fireTimer(server.service, { kind: 'timeout', gameId: id, seat: next, version: moved.version, deadline: current, at })).toBe(true);
    await server.play.settle();
    expect(typesOf((await commits(server, id)).flatMap((c) => c.events))).toContain('TimedOut');
  });

  it('FORFEIT: the seat is out, a bot plays it to the end and the result says so', async () => {
    const [ann, bob] = [await registerPlayer(server, 'Ann'), await registerPlayer(server, 'Bob')];
    const id = await createAndJoin(server, { game: 'scout', seats: 2, timeControl: { perMove: 'PT1M' }, onTimeout: 'FORFEIT', seed: 'forfeit' }, [ann, bob]);
    await server.play.settle();
    const rng = fastRng(3);
    for (let step = 0; step < 2000; step++) {
      const g = await state(id);
      if (g.status.over) break;
      if (g.status.toMove.includes(0)) {
        const mine = await state(id, ann.token);
        await server.gql('mutation($id: ID!, $m: JSON!) { submitMove(gameId: $id, move: $m) { game { version } } }', { id, m: mine.legalMoves[rng.int(mine.legalMoves.length)] }, ann.token);
      } else clock.advance(60_000);
      await server.play.settle();
    }
    const end = await state(id);
    expect(end.status.over).toBe(true);
    expect(end.status.result.forfeited).toEqual([1]);
    const players = (await server.gql('query($id: ID!) { game(id: $id) { players { seat bot } } }', { id })).data.game.players;
    expect(players).toEqual([{ seat: 0, bot: null }, { seat: 1, bot: DEFAULT_TIMEOUT_BOT }]);
    expect(typesOf((await commits(server, id)).flatMap((c) => c.events)).filter((t) => t === 'TimedOut')).toHaveLength(1);
  });

  it('bank + increment: a move costs the time it took and earns the increment, capped at the bank', async () => {
    const [ann, bob] = [await registerPlayer(server, 'Ann'), await registerPlayer(server, 'Bob')];
    const id = await createAndJoin(server, { game: 'scout', seats: 2, timeControl: { bank: 'PT10S', increment: 'PT2S' }, autoAdvance: false, seed: 'bank' }, [ann, bob]);
    await server.play.settle();
    const tokens = [ann.token, bob.token];
    const play = async (seat: number) => {
      const mine = await state(id, tokens[seat]);
      await server.gql('mutation($id: ID!, $m: JSON!) { submitMove(gameId: $id, move: $m) { game { version } } }', { id, m: mine.legalMoves[0] }, tokens[seat]);
      await server.play.settle();
    };
    const clockOf = async (seat: number) => (await state(id)).clocks.find((c: any) => c.seat === seat);
    const g = await state(id);
    const seat = g.status.toMove[0];
    expect(await clockOf(seat)).toMatchObject({ remainingMs: 10_000, deadline: new Date(clock.now() + 10_000).toISOString() });
    clock.advance(3_000);
    await play(seat);
    const after = await state(id);
    expect(after.status.toMove).not.toContain(seat);
    expect(await clockOf(seat)).toEqual({ seat, remainingMs: 9_000, deadline: null });
    // A quick move never takes the bank past its start.
    const next = after.status.toMove[0];
    clock.advance(500);
    await play(next);
    expect((await clockOf(next)).remainingMs).toBe(10_000); // 10 − 0.5 + 2, capped at 10
  });

  it('refuses a malformed or out-of-range time control with BAD_INPUT', async () => {
    for (const timeControl of [{ perMove: '5 seconds' }, { perMove: 'P1Y' }, { perMove: 'PT0S' }, { perMove: 'PT5S', bank: 'PT1M' }, { bank: 'PT1M', increment: 'PT2M' }]) {
      const r = await server.gql('mutation($i: CreateGameInput!) { createGame(input: $i) { game { id } } }', { i: { game: 'scout', seats: 2, timeControl } });
      expect(r.errors?.[0]?.extensions?.code, JSON.stringify(timeControl)).toBe('BAD_INPUT');
    }
  });
});
