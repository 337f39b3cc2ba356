/**
 * The inbox and YOUR_TURN as a player sees them (real server, embedded DynamoDB, real webhook
 * receivers, a manual clock): a new deadline for a seat still to move is a new turn; a seat
 * played by a bot since its player left never awaits them; waiting holds across another seat's
 * commit; pages of up to 100 and `awaitingCount`.
 */
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../kit/manual-clock.js';
import { commits, createAndJoin, registerPlayer, type Registered } from '../kit/players.js';
import { useServer } from '../kit/server.js';
import { until, useReceiver } from '../kit/webhook-receiver.js';

const clock = new ManualClock();
const server = useServer({ clock, webhooks: { privateAddresses: true } });
const receiver = useReceiver();
const STATE = 'query($id: ID!) { game(id: $id) { version status { toMove over } legalMoves } }';
const MOVE = 'mutation($id: ID!, $m: JSON!) { submitMove(gameId: $id, move: $m) { game { version } } }';
const INBOX = 'query($a: Boolean) { me { awaitingCount games(awaitingMyMove: $a, first: 100) { edges { node { gameId seat awaitingMyMove waitingSince deadline } } } } }';
const state = async (id: string, token?: string) => (await server.gql(STATE, { id }, token)).data.game;
const inbox = async (p: Registered, awaiting?: boolean) => (await server.gql(INBOX, { a: awaiting }, p.token)).data.me;
const hook = async (p: Registered) => expect((await server.gql('mutation($u: String!) { addWebhook(url: $u, events: [YOUR_TURN]) { id } }', { u: `${receiver.url}/${p.id}` }, p.token)).errors).toBeUndefined();

/** Plays `seat`'s first legal move (the player behind it is `p`). */
async function play(id: string, p: Registered): Promise<void> {
  const mine = await state(id, p.token);
  expect((await server.gql(MOVE, { id, m: mine.legalMoves[0] }, p.token)).errors).toBeUndefined();
  await server.play.settle();
}

describe('YOUR_TURN and the inbox', () => {
  it('a new deadline for a seat that stays to move (across a timeout) is a new YOUR_TURN', async () => {
    const [ann, bob] = [await registerPlayer(server, 'Ann'), await registerPlayer(server, 'Bob')];
    await hook(ann);
    // Sea Salt & Paper with no autoAdvance: a turn is several steps, so a bot's one move on a timeout leaves the seat to move.
    const id = await createAndJoin(server, { game: 'sea-salt-and-paper', seats: 2, timeControl: { perMove: 'PT1M' }, autoAdvance: false, seed: 'stays' }, [ann, bob]);
    await server.play.settle();
    let stayed = 0;
    for (let step = 0; step < 60 && stayed < 3; step++) {
      const g = await state(id);
      if (g.status.over) break;
      if (g.status.toMove.includes(1)) await play(id, bob);
      else {
        clock.advance(60_000); // Ann never moves: her time runs out
        await server.play.settle();
        if ((await state(id)).status.toMove.includes(0)) stayed++;
      }
    }
    expect(stayed, 'Ann stayed to move across a timeout').toBeGreaterThan(0);
    const deadlines = (await commits(server, id)).flatMap((c) => c.events as any[]).filter((e) => e.type === 'DeadlineSet' && e.seat === 0).map((e) => e.deadline);
    const announced = () => new Set(receiver.received.map((r) => JSON.parse(r.body)).filter((b) => b.gameId === id && b.type === 'YOUR_TURN').map((b) => b.deadline));
    await until(() => deadlines.every((d) => announced().has(d)));
    expect([...announced()].sort()).toEqual([...new Set(deadlines)].sort());
    await server.play.settle();
  });

  it.each([
    ['resigned', 'BOT'],
    ['forfeited', 'FORFEIT'],
  ] as const)('a %s player never sees the bot-played seat as awaiting them, and gets no YOUR_TURN for it', async (left, onTimeout) => {
    const [ann, bob] = [await registerPlayer(server, 'Ann'), await registerPlayer(server, 'Bob')];
    expect((await server.gql('mutation($u: String!) { addWebhook(url: $u, events: [YOUR_TURN, GAME_OVER]) { id } }', { u: receiver.url }, ann.token)).errors).toBeUndefined();
    // The left seat's bot is random: which bot plays it counts for nothing here (the default, search, cost ~1 s of CPU a game).
    const id = await createAndJoin(server, { game: 'scout', seats: 2, timeControl: { perMove: 'PT1M' }, onTimeout, timeoutBot: 'random', seed: left }, [ann, bob]);
    await server.play.settle();
    if (left === 'resigned') expect((await server.gql('mutation($id: ID!) { resign(gameId: $id) { version } }', { id }, ann.token)).errors).toBeUndefined();
    let leftAt: number | null = left === 'resigned' ? (await state(id)).version : null;
    for (let step = 0; step < 1000; step++) {
      const g = await state(id);
      if (g.status.over) break;
      if (leftAt !== null) expect((await inbox(ann, true)).games.edges.map((e: any) => e.node.gameId)).not.toContain(id);
      if (g.status.toMove.includes(1)) await play(id, bob);
      else if (leftAt === null) {
        clock.advance(60_000); // Ann's time runs out: she forfeits
        await server.play.settle();
        leftAt = (await state(id)).version;
      } else throw new Error('only the bot-played seat is to move, yet nothing moves it');
    }
    const end = await server.gql('query($id: ID!) { game(id: $id) { status { over result { resigned forfeited } } } }', { id });
    expect(end.data.game.status).toEqual({ over: true, result: { resigned: left === 'resigned' ? [0] : [], forfeited: left === 'forfeited' ? [0] : [] } });
    const toAnn = () => receiver.received.map((r) => JSON.parse(r.body)).filter((b) => b.gameId === id);
    await until(() => toAnn().some((b) => b.type === 'GAME_OVER'));
    expect(toAnn().filter((b) => b.type === 'YOUR_TURN' && b.version > leftAt!)).toEqual([]);
    expect(toAnn().filter((b) => b.type === 'YOUR_TURN').length, 'Ann was told of her turns before she left').toBeGreaterThan(0);
    expect((await inbox(ann)).games.edges.find((e: any) => e.node.gameId === id).node.awaitingMyMove).toBe(false);
  });

  it("waitingSince holds across another seat's commit (SCOUT's opening, every seat choosing at once)", async () => {
    const [ann, bob, cy] = [await registerPlayer(server, 'Ann'), await registerPlayer(server, 'Bob'), await registerPlayer(server, 'Cy')];
    const id = await createAndJoin(server, { game: 'scout', seats: 3, seed: 'since' }, [ann, bob, cy]);
    await server.play.settle();
    const entry = async () => (await inbox(ann)).games.edges.find((e: any) => e.node.gameId === id).node;
    const before = await entry();
    expect(before).toMatchObject({ awaitingMyMove: true, seat: 0 });
    clock.lag(60_000);
    await play(id, bob);
    clock.lag(60_000);
    await play(id, cy);
    expect(await entry()).toEqual(before); // two commits a minute apart later, Ann has waited since the start
  });

  it('me.games takes first up to 100 (101 is refused BAD_INPUT), and awaitingCount counts the games awaiting my move', async () => {
    const [dee, eve] = [await registerPlayer(server, 'Dee'), await registerPlayer(server, 'Eve')];
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push(await createAndJoin(server, { game: 'scout', seats: 2 }, [dee, eve]));
    await server.play.settle();
    const page = (first: number) => server.gql('query($f: Int) { me { games(first: $f) { edges { node { gameId } } } } }', { f: first }, dee.token);
    expect((await page(100)).errors).toBeUndefined();
    expect((await page(101)).errors?.[0]?.extensions?.code).toBe('BAD_INPUT');
    expect((await server.rest('GET', '/v1/me/games?first=100', undefined, dee.token)).status).toBe(200);
    expect((await server.rest('GET', '/v1/me/games?first=101', undefined, dee.token)).status).toBe(400);
    expect((await inbox(dee)).awaitingCount).toBe(3); // SCOUT opens with every seat to move
    await play(ids[0]!, dee);
    expect((await inbox(dee)).awaitingCount).toBe(2);
    expect((await server.rest('GET', '/v1/me', undefined, dee.token)).body).toMatchObject({ id: dee.id, awaitingCount: 2 });
  });
});
