/**
 * The public contract through real HTTP and a real graphql-ws client, on the toy game
 * (every game's own end-to-end playthrough is in games.e2e.test.ts, its refusals in refusals.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { highCard } from '../kit/high-card.js';
import { createAndSeat } from '../kit/seat.js';
import { subscribe, useServer } from '../kit/server.js';

const server = useServer({ games: [highCard] });

const GAME = /* GraphQL */ `
  fragment G on Game {
    id type version seats seat seedHash seedFixed seed
    players { seat name }
    status { phase toMove over result { scores winners } }
    view { ... on HighCardView { hand chosen revealed } }
    legalMoves
  }`;
const CREATE = `mutation($input: CreateGameInput!) { createGame(input: $input) { game { ...G } } } ${GAME}`;
const JOIN = `mutation($id: ID!, $name: String!) { joinGame(gameId: $id, name: $name) { seat token game { ...G } } } ${GAME}`;
const MOVE = `mutation($id: ID!, $move: JSON!, $v: Int, $c: ID) { submitMove(gameId: $id, move: $move, expectedVersion: $v, commandId: $c) { game { ...G } } } ${GAME}`;
const GET = `query($id: ID!) { game(id: $id) { ...G history { version seat events } } } ${GAME}`;

const newGame = (seats = 2, seed?: string) => createAndSeat(server.gql, { game: 'high-card', seats, seed });
const code = (r: { errors?: { extensions?: { code?: string } }[] }) => r.errors?.[0]?.extensions?.code;

describe('GraphQL contract', () => {
  it('lists the catalog with options and their defaults', async () => {
    const r = await server.gql('{ gameTypes { id names { en fa } seats { min max } viewType options { name default description } } }');
    expect(r.data.gameTypes).toEqual([
      { id: 'high-card', names: { en: 'High Card', fa: 'کارت بالا' }, seats: { min: 2, max: 4 }, viewType: 'HighCardView', options: [{ name: 'cards', default: 10, description: 'Cards in the deck, numbered 1..cards' }] },
    ]);
  });

  it('creates, joins every seat, plays to the end; the seed is revealed at the end', async () => {
    const { id, tokens } = await newGame(2);
    let g = (await server.gql(GET, { id }, tokens[0])).data.game;
    expect(g).toMatchObject({ seat: 0, version: 3, seedFixed: false, seed: null, status: { phase: 'choose', toMove: [0, 1], over: false } });
    expect(g.view.hand).toBeTypeOf('number');
    for (const [seat, token] of tokens.entries()) {
      const legal = (await server.gql(GET, { id }, token)).data.game.legalMoves;
      g = (await server.gql(MOVE, { id, move: legal[seat % legal.length] }, token)).data.submitMove.game;
    }
    expect(g.status.over).toBe(true);
    expect(g.seed).toMatch(/^[0-9a-f]{64}$/);
    const { createHash } = await import('node:crypto');
    expect(createHash('sha256').update(g.seed).digest('hex')).toBe(g.seedHash);
  });

  it('a spectator sees no hand and no legal moves; history is redacted per viewer', async () => {
    const { id, tokens } = await newGame(2, 'fixed-seed');
    const spectator = (await server.gql(GET, { id })).data.game;
    expect(spectator).toMatchObject({ seat: null, legalMoves: [], seedFixed: true, view: { hand: null } });
    const me = (await server.gql(GET, { id }, tokens[0])).data.game;
    const dealt = me.history.flatMap((h: any) => h.events).find((e: any) => e.type === 'Dealt');
    expect(dealt.hands[0]).toBe(me.view.hand);
    expect(dealt.hands[1]).toBeNull();
    expect(dealt.deck).toEqual([]);
    const created = spectator.history[0].events[0];
    expect(created).not.toHaveProperty('seed');
    expect(JSON.stringify(spectator.history)).not.toContain('tokenHash');
  });

  it('every refusal has its code and changes nothing', async () => {
    const { id, tokens } = await newGame(2);
    const other = await newGame(2);
    const versionOf = async () => (await server.gql(GET, { id }, tokens[0])).data.game.version;
    const before = await versionOf();
    const move = { type: 'choose', swap: true };

    expect(code(await server.gql('{ game(id: '))).toBe('BAD_INPUT'); // malformed query
    expect(code(await server.gql('{ nope }'))).toBe('BAD_INPUT'); // unknown field
    expect(code(await server.gql(CREATE, { input: { game: 'high-card', seats: 'two' } }))).toBe('BAD_INPUT');
    expect(code(await server.gql(CREATE, { input: { game: 'chess', seats: 2 } }))).toBe('BAD_INPUT');
    expect(code(await server.gql(CREATE, { input: { game: 'high-card', seats: 7 } }))).toBe('BAD_INPUT');
    expect(code(await server.gql(MOVE, { id, move: { type: 'dance' } }, tokens[0]))).toBe('BAD_INPUT');
    expect(code(await server.gql(MOVE, { id, move }))).toBe('UNAUTHENTICATED');
    expect(code(await server.gql(MOVE, { id, move }, `${id}.0.forged`))).toBe('UNAUTHENTICATED');
    expect(code(await server.gql(GET, { id }, 'garbage'))).toBe('UNAUTHENTICATED');
    expect(code(await server.gql(MOVE, { id, move }, other.tokens[0]))).toBe('FORBIDDEN');
    expect(code(await server.gql(JOIN, { id, name: 'late' }))).toBe('FORBIDDEN');
    expect(code(await server.gql(GET, { id: 'no-such-game' }))).toBe('NOT_FOUND');
    expect(code(await server.gql(MOVE, { id: 'no-such-game', move }, tokens[0]))).toBe('NOT_FOUND');
    expect(code(await server.gql(MOVE, { id, move: { type: 'pass' } }, tokens[0]))).toBe('ILLEGAL_MOVE');
    expect(code(await server.gql(MOVE, { id, move, v: before - 1 }, tokens[0]))).toBe('VERSION_CONFLICT');
    expect(await versionOf()).toBe(before);

    await server.gql(MOVE, { id, move, v: before }, tokens[0]);
    expect(code(await server.gql(MOVE, { id, move }, tokens[0]))).toBe('NOT_YOUR_TURN');
    await server.gql(MOVE, { id, move }, tokens[1]);
    const after = await versionOf();
    expect(code(await server.gql(MOVE, { id, move }, tokens[1]))).toBe('GAME_OVER');
    expect(await versionOf()).toBe(after);
  });

  it('a retried commandId returns the first result and writes nothing', async () => {
    const { id, tokens } = await newGame(3);
    const first = await server.gql(MOVE, { id, move: { type: 'choose', swap: false }, c: 'cmd-1' }, tokens[0]);
    const retry = await server.gql(MOVE, { id, move: { type: 'choose', swap: false }, c: 'cmd-1' }, tokens[0]);
    expect(retry.errors).toBeUndefined();
    expect(retry.data.submitMove.game.version).toBe(first.data.submitMove.game.version);
    const history = (await server.gql(GET, { id }, tokens[0])).data.game.history;
    expect(history.filter((h: any) => h.seat === 0)).toHaveLength(1);
  });

  it('simultaneous choices submitted at the same moment all land (the server re-decides)', async () => {
    const { id, tokens } = await newGame(4);
    const results = await Promise.all(tokens.map((t) => server.gql(MOVE, { id, move: { type: 'choose', swap: true } }, t)));
    expect(results.map((r) => r.errors)).toEqual([undefined, undefined, undefined, undefined]);
    const g = (await server.gql(GET, { id }, tokens[0])).data.game;
    expect(g.status.over).toBe(true);
    expect(g.version).toBe(1 + 4 + 4);
  });

  it('a subscriber sees the game now, then every change, as its own seat', async () => {
    const { id, tokens } = await newGame(2);
    const sub = subscribe(server.ws(tokens[1]), `subscription($id: ID!) { gameUpdated(gameId: $id) { ...G } } ${GAME}`, { id });
    const [now] = await sub.until(1);
    expect(now!.data.gameUpdated).toMatchObject({ seat: 1, version: 3 });
    await server.gql(MOVE, { id, move: { type: 'choose', swap: false } }, tokens[0]);
    const [, second] = await sub.until(2);
    expect(second!.data.gameUpdated).toMatchObject({ seat: 1, version: 4, view: { chosen: [true, false] } });
    expect(second!.data.gameUpdated.legalMoves).toHaveLength(2);
    sub.dispose();
  });

  it('a subscription with a bad token is refused', async () => {
    const { id } = await newGame(2);
    const sub = subscribe(server.ws('not-a-token'), `subscription($id: ID!) { gameUpdated(gameId: $id) { id } }`, { id });
    await sub.until(1).catch(() => undefined);
    const errors = (sub.failure as any[]) ?? sub.messages[0]?.errors;
    expect(errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('lobby (a projection run after each commit)', () => {
  it('lists a game while it waits for players and drops it when it starts', async () => {
    const created = await server.gql(CREATE, { input: { game: 'high-card', seats: 2 } });
    const id = created.data.createGame.game.id;
    const open = async () => (await server.gql('{ openGames(type: "high-card") { gameId type seats taken createdAt } }')).data.openGames as any[];
    expect((await open()).find((g) => g.gameId === id)).toMatchObject({ type: 'high-card', seats: 2, taken: 0 });
    await server.gql(JOIN, { id, name: 'a' });
    expect((await open()).find((g) => g.gameId === id)).toMatchObject({ taken: 1 });
    await server.gql(JOIN, { id, name: 'b' });
    expect((await open()).find((g) => g.gameId === id)).toBeUndefined();
  });
});
