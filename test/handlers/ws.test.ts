/**
 * The ws and stream handlers end to end without AWS: hand-made WebSocket route events and
 * DynamoDB Streams events built from the real commit items, the embedded DynamoDB, and a
 * local stand-in for API Gateway's management endpoint that records every frame.
 */
import './env.js';
import { describe, expect, it } from 'vitest';
import { ParlorService } from '../../services/app/service.js';
import { replay } from '../../services/handlers/stream.js';
import { topic } from '../../services/api/graphql/resolvers.js';
import { highCard } from '../kit/high-card.js';
import { createAndSeat } from '../kit/seat.js';
import { gql, newGame, useAws, wsEvent, expectOnlyGrantedActions } from './kit.js';

// Room for a selection whose update is over API Gateway's 128 KB (2,000 aliases): the query limits are the default otherwise.
const world = useAws({ limits: { maxAliases: 2000, maxCost: 5000, maxQueryChars: 40_000, maxQueryTokens: 10_000 } });
const VIEW = 'id version seat status { toMove over } view { ... on HighCardView { hand chosen revealed } } legalMoves';
const SUB = `subscription($id: ID!) { gameUpdated(gameId: $id) { ${VIEW} } }`;
const MOVE = `mutation($id: ID!, $move: JSON!) { submitMove(gameId: $id, move: $move) { game { version } } }`;
const swap = { type: 'choose', swap: true };
let connections = 0;

/** $connect, then connection_init; returns the connection id and what it was sent. */
async function connect(token?: string) {
  const id = `c${++connections}`;
  const connected = await world.ws(wsEvent('$connect', id, undefined, { 'Sec-WebSocket-Protocol': 'graphql-transport-ws' }));
  expect(connected).toEqual({ statusCode: 200, headers: { 'Sec-WebSocket-Protocol': 'graphql-transport-ws' } });
  await world.ws(wsEvent('$default', id, { type: 'connection_init', payload: token ? { authorization: `Bearer ${token}` } : {} }));
  return id;
}
const frames = (id: string) => world.gateway.messages(id);
const send = (id: string, message: unknown) => world.ws(wsEvent('$default', id, message));
const versionsSent = (id: string) => frames(id).flatMap((m) => (m.type === 'next' ? [m.payload.data.gameUpdated.version] : []));
/** The management API client's attempts per post (the SDK's standard retry mode: 3). */
const POST_ATTEMPTS = 3;
const subscribe = (id: string, gameId: string, subId = 'g', query = SUB) => send(id, { id: subId, type: 'subscribe', payload: { query, variables: { id: gameId } } });

describe('$connect', () => {
  it('echoes the graphql-transport-ws subprotocol, accepts none, refuses only others', async () => {
    expect(await world.ws(wsEvent('$connect', 'p1', undefined, { 'sec-websocket-protocol': 'graphql-ws, graphql-transport-ws' }))).toMatchObject({
      statusCode: 200,
      headers: { 'Sec-WebSocket-Protocol': 'graphql-transport-ws' },
    });
    expect(await world.ws(wsEvent('$connect', 'p2'))).toEqual({ statusCode: 200 });
    expect((await world.ws(wsEvent('$connect', 'p3', undefined, { 'Sec-WebSocket-Protocol': 'graphql-ws' }))).statusCode).toBe(400);
  });
});

describe('connection_init', () => {
  it('acknowledges a seat token and a spectator', async () => {
    const { tokens } = await newGame(world);
    expect(frames(await connect(tokens[0]))).toEqual([{ type: 'connection_ack' }]);
    expect(frames(await connect())).toEqual([{ type: 'connection_ack' }]);
  });

  it('refuses a bad token: a protocol error, then the socket is closed', async () => {
    const { id } = await newGame(world);
    for (const bad of [`${id}.0.forged`, 'garbage', 'no-such-game.0.x', `${id}.7.x`]) {
      const c = await connect(bad);
      expect(frames(c)).toEqual([{ type: 'connection_error', payload: { message: 'invalid seat token', extensions: { code: 'UNAUTHENTICATED', closeCode: 4403 } } }]);
      expect(world.gateway.closed.has(c)).toBe(true);
      // Nothing was kept for it: a subscribe on the (closed) connection is not served.
      expect(await world.connections.get(c)).toBeNull();
    }
  });

  it('closes on a second connection_init', async () => {
    const c = await connect();
    await send(c, { type: 'connection_init' });
    expect(world.gateway.closed.has(c)).toBe(true);
  });
});

describe('messages', () => {
  it('answers ping with pong', async () => {
    const c = await connect();
    await send(c, { type: 'ping' });
    expect(frames(c).at(-1)).toEqual({ type: 'pong' });
  });

  it('closes on frames that break the protocol', async () => {
    const { id } = await newGame(world);
    for (const bad of ['not json', { type: 'dance' }, { type: 'subscribe', id: 'x' }, { type: 'complete' }]) {
      const c = await connect();
      await send(c, bad);
      expect(world.gateway.closed.has(c), JSON.stringify(bad)).toBe(true);
    }
    // subscribe before connection_ack
    await world.ws(wsEvent('$connect', 'early'));
    await subscribe('early', id);
    expect(world.gateway.closed.has('early')).toBe(true);
    expect(frames('early')).toEqual([{ type: 'connection_error', payload: { message: 'Unauthorized', extensions: { code: 'UNAUTHENTICATED', closeCode: 4401 } } }]);
  });

  it('answers a bad operation with an error message carrying its code, and keeps the connection', async () => {
    const { id, tokens } = await newGame(world);
    const other = await newGame(world);
    const c = await connect(tokens[0]);
    await subscribe(c, id, 'a', '{ nope }');
    await subscribe(c, id, 'b', 'subscription { gameUpdated(gameId: 1, extra: 2) { id } }');
    await subscribe(c, id, 'c', `query($id: ID!) { game(id: $id) { id } }`);
    await subscribe(c, other.id, 'd');
    await subscribe(c, 'no-such-game', 'e');
    const errors = frames(c).slice(1);
    expect(errors.map((m) => [m.type, m.id, m.payload[0].extensions.code])).toEqual([
      ['error', 'a', 'BAD_INPUT'],
      ['error', 'b', 'BAD_INPUT'],
      ['error', 'c', 'BAD_INPUT'],
      ['error', 'd', 'FORBIDDEN'],
      ['error', 'e', 'NOT_FOUND'],
    ]);
    expect(world.gateway.closed.has(c)).toBe(false);
  });

  it('closes on a second subscribe with an id in use', async () => {
    const { id } = await newGame(world);
    const c = await connect();
    await subscribe(c, id, 'same');
    await subscribe(c, id, 'same');
    expect(world.gateway.closed.has(c)).toBe(true);
  });
});

describe('subscriptions through DynamoDB Streams', () => {
  it('each subscriber gets the game now, then every change, as only its own seat sees it', async () => {
    const { id, tokens } = await newGame(world);
    const seats = [await connect(tokens[0]), await connect(tokens[1]), await connect()];
    for (const c of seats) await subscribe(c, id);
    const first = seats.map((c) => frames(c)[1]);
    expect(first.map((m) => [m.type, m.id, m.payload.data.gameUpdated.seat, m.payload.data.gameUpdated.version])).toEqual([
      ['next', 'g', 0, 3],
      ['next', 'g', 1, 3],
      ['next', 'g', null, 3],
    ]);

    expect((await gql(world, MOVE, { id, move: swap }, tokens[0])).errors).toBeUndefined();
    expect(await world.stream(await world.streamEvent(id, 3))).toEqual({ batchItemFailures: [] });

    const updates = seats.map((c) => frames(c)[2]);
    expect(updates.map((m) => m.payload.data.gameUpdated.version)).toEqual([4, 4, 4]);
    // Each payload is exactly what that seat (or a spectator) reads over HTTP with the same selection.
    for (const [i, token] of [tokens[0], tokens[1], undefined].entries()) {
      const read = await gql(world, `query($id: ID!) { game(id: $id) { ${VIEW} } }`, { id }, token);
      expect(updates[i].payload.data.gameUpdated).toEqual(read.data.game);
    }
    const [mine, theirs, spectator] = updates.map((m) => m.payload.data.gameUpdated);
    expect(mine.view.hand).toBeTypeOf('number');
    expect(theirs.view.hand).toBeTypeOf('number');
    expect(spectator.view.hand).toBeNull();
    expect(mine.legalMoves).toEqual([]); // seat 0 has chosen
    expect(theirs.legalMoves).toHaveLength(2);
    expect(spectator.legalMoves).toEqual([]);
    // No frame to seat 0 shows seat 1's hidden card (the deck's cards are distinct).
    const handsShownToSeat0 = frames(seats[0]!).flatMap((m) => (m.type === 'next' ? [m.payload.data.gameUpdated.view.hand] : []));
    expect(handsShownToSeat0).toEqual([mine.view.hand, mine.view.hand]);
    expect(handsShownToSeat0).not.toContain(theirs.view.hand);
  });

  it('runs the projections (the lobby) and sends nothing twice when Lambda retries a batch', async () => {
    const created = await world.parlor.service.create({ game: 'high-card', seats: 2 });
    const id = created.id;
    const event1 = await world.streamEvent(id);
    await world.stream(event1);
    expect((await world.parlor.service.openGames()).find((g) => g.gameId === id)).toMatchObject({ taken: 0 });
    const { token } = await world.parlor.service.join(id, 'ann');
    await world.parlor.service.join(id, 'bob');
    const c = await connect(token);
    await subscribe(c, id);
    const all = await world.streamEvent(id);
    await world.stream(all);
    await world.stream(all); // the same records again
    expect((await world.parlor.service.openGames()).find((g) => g.gameId === id)).toBeUndefined();
    expect(frames(c).map((m) => m.type)).toEqual(['connection_ack', 'next']); // version 3 was sent on subscribe
    await world.parlor.service.move({ gameId: id, token, move: swap });
    const later = await world.streamEvent(id);
    await world.stream(later);
    await world.stream(later);
    expect(frames(c).map((m) => m.payload?.data?.gameUpdated.version)).toEqual([undefined, 3, 4]);
  });

  it('drops a connection API Gateway answers 410 Gone for, and still serves the others', async () => {
    const { id, tokens } = await newGame(world);
    const stale = await connect(tokens[0]);
    const live = await connect(tokens[1]);
    await subscribe(stale, id);
    await subscribe(live, id);
    world.gateway.gone.add(stale);
    await world.parlor.service.move({ gameId: id, token: tokens[1], move: swap });
    expect(await world.stream(await world.streamEvent(id, 3))).toEqual({ batchItemFailures: [] });
    expect(frames(live).at(-1).payload.data.gameUpdated.version).toBe(4);
    expect((await world.connections.subscribers(topic(id))).map((s) => s.connectionId)).toEqual([live]);
    expect(await world.connections.get(stale)).toBeNull();
  });

  it('gives a claim back when API Gateway fails a send (500), so the retried batch sends that version', async () => {
    const { id, tokens } = await newGame(world);
    const c = await connect(tokens[0]);
    await subscribe(c, id);
    await world.parlor.service.move({ gameId: id, token: tokens[0], move: swap });
    const event = await world.streamEvent(id, 3);
    world.gateway.failing = POST_ATTEMPTS; // every attempt the SDK makes for this post
    expect((await world.stream(event)).batchItemFailures).toHaveLength(1);
    expect(world.gateway.failing, 'the SDK tried as often as expected').toBe(0);
    expect(versionsSent(c)).toEqual([3]);
    expect(await world.stream(event)).toEqual({ batchItemFailures: [] });
    expect(versionsSent(c)).toEqual([3, 4]);
  });

  it('stops sending after complete, and forgets everything on $disconnect', async () => {
    const { id, tokens } = await newGame(world);
    const c = await connect(tokens[0]);
    await subscribe(c, id, 'one');
    await subscribe(c, id, 'two');
    await send(c, { type: 'complete', id: 'one' });
    await world.parlor.service.move({ gameId: id, token: tokens[0], move: swap });
    await world.stream(await world.streamEvent(id, 3));
    expect(frames(c).filter((m) => m.type === 'next').map((m) => [m.id, m.payload.data.gameUpdated.version])).toEqual([
      ['one', 3],
      ['two', 3],
      ['two', 4],
    ]);
    await world.ws(wsEvent('$disconnect', c));
    expect(await world.connections.subscribers(topic(id))).toEqual([]);
    expect(await world.connections.get(c)).toBeNull();
  });

  it('keeps each frame under API Gateway’s 128 KB: an oversized update becomes an error result', async () => {
    const { id } = await newGame(world);
    const c = await connect();
    const huge = `subscription($id: ID!) { gameUpdated(gameId: $id) { ${Array.from({ length: 2000 }, (_, i) => `s${i}: seedHash`).join(' ')} } }`;
    await subscribe(c, id, 'big', huge);
    const [, next] = frames(c);
    expect(next.type).toBe('next');
    expect(next.payload.errors[0]).toMatchObject({ extensions: { code: 'BAD_INPUT' } });
    expect(next.payload.errors[0].message).toMatch(/131072-byte/);
  });

  it('reports a failed game as a batch item failure and retries it from that record', async () => {
    const { id } = await newGame(world);
    const event = await world.streamEvent(id);
    // A commit whose game type this deployment does not know cannot be replayed.
    const bad = structuredClone(event.Records[0]!);
    bad.dynamodb!.NewImage!.pk = { S: 'GAME#unknown-game' } as any;
    bad.dynamodb!.SequenceNumber = '1';
    const r = await world.stream({ Records: [bad, ...event.Records] });
    expect(r.batchItemFailures).toEqual([{ itemIdentifier: '1' }]);
  });
});

describe('replay (the game right after each streamed commit)', () => {
  it('folds from the snapshot, or from the whole history when the snapshot is past the first version', async () => {
    const service = new ParlorService({ store: world.parlor.store, games: [highCard], snapshotEvery: 2 });
    const created = await createAndSeat(service, { game: 'high-card', seats: 3 });
    for (const token of created.tokens) await service.move({ gameId: created.id, token, move: swap });
    const lookup = () => highCard;
    const versions = (aggs: { version: number }[]) => aggs.map((a) => a.version);
    const last = await service.load(created.id);
    expect(last.version).toBe(7);
    const late = await replay(world.parlor.store, created.id, [6, 7], lookup);
    const early = await replay(world.parlor.store, created.id, [2, 3, 5], lookup);
    expect(versions(late)).toEqual([6, 7]);
    expect(versions(early)).toEqual([2, 3, 5]);
    expect(late[1]!.state).toEqual(last.state);
    expect(early[1]!.state.players).toHaveLength(2);
  });
});

describe('least privilege', () => {
  it('each handler, driven through a whole game, calls only DynamoDB actions its role grants', () => expectOnlyGrantedActions(world));
});
