/**
 * Replays (Game.at, GET /v1/games/{id}/at/{version}): a finished game reads at every version from
 * any seat and face-up; a running one only back through what the caller's seat has seen.
 */
import { describe, expect, it } from 'vitest';
import { fastRng, randomBot } from '../../services/engine/core/index.js';
import type { Aggregate } from '../../services/app/aggregate.js';
import { createAndSeat } from '../kit/seat.js';
import { useServer } from '../kit/server.js';

const server = useServer();
const json = (v: unknown) => JSON.parse(JSON.stringify(v));

/** What each seat and a spectator saw live at each version: the views and redacted histories the service served then. */
interface Seen {
  views: Record<string, unknown>;
  histories: Record<string, unknown>;
}

/** A 2-seat SCOUT game played with random legal moves through the service, recording what every seat saw at each version. */
async function playScout(maxMoves = Infinity): Promise<{ id: string; tokens: string[]; agg: Aggregate; seen: Map<number, Seen> }> {
  const { id, tokens } = await createAndSeat(server.service, { game: 'scout', seats: 2, seed: 'replay' });
  const rng = fastRng(7);
  const seen = new Map<number, Seen>();
  const record = async (agg: Aggregate) => {
    const views: Record<string, unknown> = {};
    const histories: Record<string, unknown> = {};
    for (const viewer of [0, 1, null]) {
      views[String(viewer)] = json(agg.table.view(agg.state, viewer));
      histories[String(viewer)] = json(await server.service.history(agg, viewer));
    }
    seen.set(agg.version, { views, histories });
  };
  let agg = await server.service.load(id);
  await record(agg);
  for (let moves = 0; !agg.state.ended && moves < maxMoves; moves++) {
    const seat = agg.table.status(agg.state).toMove[0]!;
    const move = randomBot(agg.table.view(agg.state, seat), agg.table.legalMoves(agg.state, seat), rng);
    agg = await server.service.move({ gameId: id, token: tokens[seat], move: json(move) });
    await record(agg);
  }
  return { id, tokens, agg, seen };
}

/**
 * The seeded game and its moves are the same at every play: the tests that only read a finished game share one play
 * of it, as do those of a game stopped at the same move (each recording three seats' views and histories per version
 * cost most of the file's CPU, played once per test).
 */
const plays = new Map<number, ReturnType<typeof playScout>>();
const playedScout = (maxMoves = Infinity) => plays.get(maxMoves) ?? plays.set(maxMoves, playScout(maxMoves)).get(maxMoves)!;

const at = (id: string, version: number | string, query = '', token?: string) => server.rest('GET', `/v1/games/${id}/at/${version}${query}`, undefined, token);

describe('replays of a finished game', () => {
  it('every version reads from each seat as that seat saw it live, face-up shows every hand, and at(final) is the live view', async () => {
    const { id, agg, seen } = await playedScout();
    expect(agg.state.ended).toBe(true);
    for (let v = 1; v <= agg.version; v++) {
      const live = seen.get(v);
      for (const seat of [0, 1]) {
        const r = await at(id, v, `?seat=${seat}`);
        if (r.status !== 200) throw new Error(JSON.stringify(r.body));
        expect(r.status, `version ${v} seat ${seat}`).toBe(200);
        if (live) expect(r.body.view, `version ${v} seat ${seat}`).toEqual(live.views[String(seat)]);
        if (live) expect(r.body.history, `version ${v} seat ${seat}`).toEqual(live.histories[String(seat)]);
        expect(r.body.seat).toBe(seat);
      }
      const faceUp = await at(id, v);
      expect(faceUp.status).toBe(200);
      expect(faceUp.body.seat).toBeNull();
      if (live) expect(faceUp.body.views).toEqual([live.views['0'], live.views['1']]);
      if (live) expect(faceUp.body.view).toEqual(live.views['null']);
    }
    const final = await server.rest('GET', `/v1/games/${id}`);
    for (const seat of [0, 1]) expect((await at(id, agg.version, `?seat=${seat}`)).body.view).toEqual(json(agg.table.view(agg.state, seat)));
    expect((await at(id, agg.version)).body.view).toEqual(final.body.view);
  });

  it('face-up, seat 1’s hand is in the views and the history shows every deal, where seat 0 sees only its own', async () => {
    const { id } = await playedScout();
    const q = `query($id: ID!) { game(id: $id) { at(version: 4) {
      version status { phase }
      mine: view(seat: 0) { ... on ScoutView { hand { id } } }
      spectator: view { ... on ScoutView { hand { id } } }
      views { ... on ScoutView { seat hand { id } } }
      history(seat: 0) { version events }
      all: history { version events }
    } } }`;
    const r = await server.gql(q, { id });
    expect(r.errors).toBeUndefined();
    const a = r.data.game.at;
    expect(a.views.map((v: any) => v.seat)).toEqual([0, 1]);
    expect(a.views[0].hand).toEqual(a.mine.hand);
    expect(a.views[1].hand.length).toBeGreaterThan(0);
    expect(a.spectator.hand).toBeNull();
    const dealt = (h: any[]) => h.flatMap((c) => c.events).find((e: any) => e.type === 'Dealt' || Array.isArray(e.hands));
    expect(dealt(a.all).hands.every((hand: unknown) => Array.isArray(hand))).toBe(true);
    expect(dealt(a.history).hands[1]).toBeNull();
  });

  it('a version outside 0..final is VERSION_OUT_OF_RANGE (404), a seat past the last BAD_INPUT', async () => {
    const { id, agg } = await playedScout();
    expect((await at(id, agg.version + 1)).body.error.code).toBe('VERSION_OUT_OF_RANGE');
    expect((await at(id, agg.version + 1)).status).toBe(404);
    expect((await at(id, -1)).body.error.code).toBe('VERSION_OUT_OF_RANGE');
    expect((await at(id, 'x')).body.error.code).toBe('BAD_INPUT');
    expect((await at(id, 3, '?seat=2')).body.error.code).toBe('BAD_INPUT');
    const r = await server.gql('query($id: ID!) { game(id: $id) { at(version: 100000) { version } } }', { id });
    expect(r.errors?.[0]?.extensions?.code).toBe('VERSION_OUT_OF_RANGE');
    // Each version read is a history read and a fold: a document asking for many at once is refused before it runs.
    const many = Array.from({ length: 20 }, (_, i) => `v${i}: at(version: ${i + 1}) { version }`).join(' ');
    const costly = await server.gql(`query($id: ID!) { game(id: $id) { ${many} } }`, { id });
    expect(costly.errors?.[0]?.message).toMatch(/cost/);
    const zero = await at(id, 0);
    expect(zero.body).toMatchObject({ version: 0, status: null, view: null, views: [], legalMoves: [], history: [] });
  });
});

describe('stepping back during a game', () => {
  it('a seat reads every earlier version exactly as it saw it then (view and history), and a spectator as spectators did', async () => {
    const { id, tokens, agg, seen } = await playedScout(30);
    expect(agg.state.ended).toBe(false);
    for (let v = Math.min(...seen.keys()); v <= agg.version; v++) {
      for (const seat of [0, 1]) {
        const own = await at(id, v, '', tokens[seat]);
        expect(own.body.view, `version ${v} seat ${seat}`).toEqual(seen.get(v)!.views[String(seat)]);
        expect(own.body.history, `version ${v} seat ${seat}`).toEqual(seen.get(v)!.histories[String(seat)]);
        expect(own.body.views).toBeNull();
        expect((await at(id, v, `?seat=${seat}`, tokens[seat])).body.view).toEqual(own.body.view);
        expect((await at(id, v, `?seat=${1 - seat}`, tokens[seat])).body.error.code, `version ${v}: seat ${seat} asks for the other`).toBe('SEAT_NOT_YOURS');
      }
      const spectator = await at(id, v);
      expect(spectator.body.view).toEqual(seen.get(v)!.views['null']);
      expect(spectator.body.history).toEqual(seen.get(v)!.histories['null']);
    }
  });

  it('another seat’s point of view is SEAT_NOT_YOURS, every seat face-up GAME_NOT_OVER, a version to come VERSION_OUT_OF_RANGE', async () => {
    const { id, tokens, agg } = await playedScout(10);
    expect((await at(id, 5, '?seat=1', tokens[0])).body.error.code).toBe('SEAT_NOT_YOURS');
    expect((await at(id, 5, '?seat=1', tokens[0])).status).toBe(403);
    expect((await at(id, 5, '?seat=0')).body.error.code).toBe('SEAT_NOT_YOURS');
    expect((await at(id, agg.version + 1, '', tokens[0])).body.error.code).toBe('VERSION_OUT_OF_RANGE');
    const views = await server.gql('query($id: ID!) { game(id: $id) { at(version: 5) { views { __typename } } } }', { id }, tokens[0]);
    expect(views.errors?.[0]?.extensions?.code).toBe('GAME_NOT_OVER');
    const other = await server.gql('query($id: ID!) { game(id: $id) { at(version: 5) { history(seat: 1) { version } } } }', { id }, tokens[0]);
    expect(other.errors?.[0]?.extensions?.code).toBe('SEAT_NOT_YOURS');
    const moves = await server.gql('query($id: ID!) { game(id: $id) { at(version: 5) { legalMoves(seat: 1) } } }', { id });
    expect(moves.errors?.[0]?.extensions?.code).toBe('SEAT_NOT_YOURS');
  });

  it('a player token steps back through the seats its player holds, and no other', async () => {
    const { player, token } = await server.play.players.register('Ann');
    const created = await server.service.create({ game: 'scout', seats: 2, seed: 'replay-player' });
    await server.service.joinAsPlayer(created.id, 'Ann', player.id);
    const bob = await server.service.join(created.id, 'Bob');
    const live = await server.service.load(created.id);
    const own = await at(created.id, live.version, '?seat=0', token);
    expect(own.status).toBe(200);
    expect(own.body.view).toEqual(json(live.table.view(live.state, 0)));
    expect((await at(created.id, live.version, '', token)).body.seat).toBe(0);
    expect((await at(created.id, live.version, '?seat=1', token)).body.error.code).toBe('SEAT_NOT_YOURS');
    expect((await at(created.id, live.version, '?seat=1', bob.token)).status).toBe(200);
  });
});
