/**
 * Taking a move back over the real server (GraphQL and REST, embedded DynamoDB, a manual clock):
 * a three-player SCOUT game with a bank clock. The take-back restores every seat's view, legal
 * moves and clock, the history names the undone version, the refusals carry their reasons, the
 * setting follows the game's kind, and the finished game's record still verifies.
 */
import { describe, expect, it } from 'vitest';
import { verifyRecord } from '../../services/analytics/verify.js';
import { ManualClock } from '../kit/manual-clock.js';
import { createAndJoin, registerPlayer, type Registered } from '../kit/players.js';
import { subscribe, useServer } from '../kit/server.js';

const clock = new ManualClock();
const server = useServer({ clock, limits: { devTools: true } }); // serves /docs/json

/** The game as `token`'s seat sees it (REST: the view is plain JSON there). */
const read = async (id: string, token?: string) => {
  const r = await server.rest('GET', `/v1/games/${id}`, undefined, token);
  expect(r.status).toBe(200);
  return r.body;
};
const history = async (id: string, token: string) => (await server.rest('GET', `/v1/games/${id}/history`, undefined, token)).body as { version: number; events: unknown[] }[];
const move = async (id: string, m: unknown, token: string) => {
  const r = await server.gql('mutation($id: ID!, $m: JSON!) { submitMove(gameId: $id, move: $m) { game { version } } }', { id, m }, token);
  expect(r.errors).toBeUndefined();
  return r.data.submitMove.game.version as number;
};
const takeBack = (id: string, token: string) => server.gql('mutation($id: ID!) { takeBack(gameId: $id) { game { version canTakeBack } } }', { id }, token);
const reason = (r: { errors?: { message: string; extensions?: { code?: string } }[] }) => [r.errors?.[0]?.extensions?.code, r.errors?.[0]?.message.split(':')[0]];
const type = (m: unknown) => (m as { type: string }).type;

/** Every seat's view of the game, what it may do, and the clocks: what a take-back must put back. */
const seen = async (id: string, players: Registered[]) => Promise.all(players.map(async (p) => ((g) => ({ view: g.view, legalMoves: g.legalMoves, clocks: g.clocks, status: g.status }))(await read(id, p.token))));

/** A three-player SCOUT game with a bank clock, past the rotation and the first show: the seat to move can scout. */
async function toFirstScout(seed: string, extra: Record<string, unknown> = {}) {
  const players = [await registerPlayer(server, `A${seed}`), await registerPlayer(server, `B${seed}`), await registerPlayer(server, `C${seed}`)];
  const id = await createAndJoin(server, { game: 'scout', seats: 3, seed, timeControl: { bank: 'PT10M', increment: 'PT30S' }, autoAdvance: false, ...extra }, players);
  for (const p of players) await move(id, { type: 'rotate', rotate: false }, p.token);
  const first = (await read(id)).status.toMove[0] as number;
  const mine = await read(id, players[first]!.token);
  await move(id, mine.legalMoves.find((m: unknown) => type(m) === 'show'), players[first]!.token);
  await server.play.settle();
  const next = (await read(id)).status.toMove[0] as number;
  return { id, players, first, next, third: 3 - first - next };
}

describe('taking a move back (GraphQL, REST)', () => {
  it('given a seat scouted, when it takes the move back, then every seat sees the game as before the move, every clock is as it was, and the history names the undone version', async () => {
    const { id, players, first, next } = await toFirstScout('tb-undo');
    const before = await seen(id, players);
    const token = players[next]!.token;
    const scout = (await read(id, token)).legalMoves.find((m: unknown) => type(m) === 'scout');
    clock.advance(3_000);
    const version = await move(id, scout, token);
    expect((await read(id, token)).canTakeBack).toBe(true);
    expect((await read(id, players[first]!.token)).canTakeBack).toBe(false);
    clock.advance(2_000);
    // Another seat's subscription hears of the take-back's version, and sees the seat to move again.
    const sub = subscribe(server.ws(players[first]!.token), 'subscription($id: ID!) { gameUpdated(gameId: $id) { version status { toMove } } }', { id });
    await sub.until(1);
    const r = await takeBack(id, token);
    expect(r.errors).toBeUndefined();
    expect(r.data.takeBack.game).toEqual({ version: version + 1, canTakeBack: false });
    const heard = await sub.until(2);
    expect(heard.at(-1)!.data.gameUpdated).toEqual({ version: version + 1, status: { toMove: [next] } });
    sub.dispose();
    // Views, legal moves, status and clocks of every seat: as before the move (the deadline too: the time since counts as the mover's).
    expect(await seen(id, players)).toEqual(before);
    for (const p of players) {
      const last = (await history(id, p.token)).at(-1)!;
      expect(last).toMatchObject({ version: version + 1, seat: next });
      // The take-back, then the clocks put back (public facts both).
      expect(last.events[0]).toEqual({ type: 'MoveTakenBack', seat: next, version });
      for (const e of last.events.slice(1)) expect(['ClockStopped', 'DeadlineSet']).toContain((e as { type: string }).type);
    }
    // Nothing left to take back.
    expect(reason(await takeBack(id, token))).toEqual(['TAKE_BACK_NOT_ALLOWED', 'NO_MOVE']);
  });

  it('given a seat scouted, when another seat asks to take it back, or the next player acted, then it is refused with the reason; REST answers 409 with the same code', async () => {
    const { id, players, first, next, third } = await toFirstScout('tb-refuse');
    const token = players[next]!.token;
    await move(id, (await read(id, token)).legalMoves.find((m: unknown) => type(m) === 'scout'), token);
    expect(reason(await takeBack(id, players[third]!.token))).toEqual(['TAKE_BACK_NOT_ALLOWED', 'NOT_YOUR_MOVE']);
    const rest = await server.rest('POST', `/v1/games/${id}/take-back`, undefined, players[first]!.token);
    expect(rest.status).toBe(409);
    expect(rest.body.error.code).toBe('TAKE_BACK_NOT_ALLOWED');
    // The scout's seat is still to act (a plain scout passes the turn on): the next player acts.
    const now = await read(id);
    const actor = now.status.toMove[0] as number;
    expect(actor).toBe(third);
    const theirs = await read(id, players[actor]!.token);
    await move(id, theirs.legalMoves[0], players[actor]!.token);
    expect(reason(await takeBack(id, token))).toEqual(['TAKE_BACK_NOT_ALLOWED', 'NEXT_PLAYER_ACTED']);
  });

  it('given the first show (it reveals hand cards), when its seat asks to take it back over REST, then it is refused as INFORMATION_REVEALED; a take-back that may be made answers the game', async () => {
    const { id, players, first, next } = await toFirstScout('tb-rest');
    const refused = await server.rest('POST', `/v1/games/${id}/take-back`, undefined, players[first]!.token);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: 'TAKE_BACK_NOT_ALLOWED', message: expect.stringMatching(/^INFORMATION_REVEALED/) });
    const token = players[next]!.token;
    const version = await move(id, (await read(id, token)).legalMoves.find((m: unknown) => type(m) === 'scout'), token);
    const ok = await server.rest('POST', `/v1/games/${id}/take-back`, undefined, token);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ version: version + 1, canTakeBack: false, takeBack: true });
    // The OpenAPI document has the door.
    const doc = await server.rest('GET', '/docs/json');
    expect(doc.body.paths['/v1/games/{id}/take-back'].post.summary).toMatch(/TAKE_BACK_NOT_ALLOWED/);
  });

  it('given a game created with takeBack false, when a seat asks, then it is refused as OPTION_OFF; a rated game has it off, and asking for it with rated is refused', async () => {
    const { id, players, next } = await toFirstScout('tb-off', { takeBack: false });
    expect((await read(id)).takeBack).toBe(false);
    const token = players[next]!.token;
    await move(id, (await read(id, token)).legalMoves.find((m: unknown) => type(m) === 'scout'), token);
    expect((await read(id, token)).canTakeBack).toBe(false);
    expect(reason(await takeBack(id, token))).toEqual(['TAKE_BACK_NOT_ALLOWED', 'OPTION_OFF']);

    const ann = await registerPlayer(server, 'Rated Ann');
    const rated = await server.gql('mutation($i: CreateGameInput!) { createGame(input: $i) { game { takeBack } } }', { i: { game: 'scout', seats: 2, rated: true } }, ann.token);
    expect(rated.errors).toBeUndefined();
    expect(rated.data.createGame.game.takeBack).toBe(false);
    const both = await server.gql('mutation($i: CreateGameInput!) { createGame(input: $i) { game { id } } }', { i: { game: 'scout', seats: 2, rated: true, takeBack: true } }, ann.token);
    expect(both.errors?.[0]?.extensions?.code).toBe('BAD_INPUT');
    const casual = await server.gql('mutation($i: CreateGameInput!) { createGame(input: $i) { game { takeBack } } }', { i: { game: 'scout', seats: 2 } }, ann.token);
    expect(casual.data.createGame.game.takeBack).toBe(true);
  });

  it('given a game with a take-back in it, when it is played to the end, then its published record verifies', async () => {
    const { id, players, next } = await toFirstScout('tb-record');
    const token = players[next]!.token;
    await move(id, (await read(id, token)).legalMoves.find((m: unknown) => type(m) === 'scout'), token);
    expect((await takeBack(id, token)).errors).toBeUndefined();
    for (let step = 0; step < 2000; step++) {
      const g = await read(id);
      if (g.status.over) break;
      const seat = g.status.toMove[0] as number;
      const legal = (await read(id, players[seat]!.token)).legalMoves;
      await server.service.move({ gameId: id, token: { player: players[seat]!.id }, move: legal[step % legal.length] });
    }
    const record = (await server.gql('query($id: ID!) { gameRecord(id: $id) }', { id })).data.gameRecord;
    expect(record.commits.some((c: { events: { type: string }[] }) => c.events.some((e) => e.type === 'MoveTakenBack'))).toBe(true);
    expect(verifyRecord(record)).toMatchObject({ ok: true });
  });
});
