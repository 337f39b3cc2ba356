/**
 * Typed moves (services/api/graphql/typed-moves.ts): what a client reads in typedLegalMoves and
 * sends back as typedMove is the very move legalMoves lists, for every listed move of random games
 * of every game; one of move or typedMove, never both or neither; a typed move takes the JSON
 * move's door (listed only, its game only) and a refusal changes nothing.
 */
import { buildSchema, coerceInputValue, execute, getNamedType, isInputObjectType, isObjectType, isUnionType, parse, validate, type GraphQLInputObjectType, type GraphQLObjectType, type GraphQLSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import { buildParlorSchema, composeSchema } from '../../services/api/graphql/schema.js';
import { costOf } from '../../services/api/limits/documents.js';
import { moveFromTyped, typedMoves } from '../../services/api/graphql/typed-moves.js';
import { MODULES } from '../../services/modules/index.js';
import { sameMove } from '../../services/engine/core/listed.js';
import { fastRng, table, type AnyGame } from '../../services/engine/core/index.js';
import { games } from '../../services/engine/registry.js';
import { randomPlaythrough } from '../kit/playthrough.js';
import { createAndSeat } from '../kit/seat.js';
import { useServer } from '../kit/server.js';

const schema = buildSchema(composeSchema(games, MODULES));

/** A selection of every field of every Move member, as a client generated from schema.graphql asks for them. */
function everyMoveField(s: GraphQLSchema): string {
  const union = s.getType('Move');
  if (!isUnionType(union)) throw new Error('no Move union');
  const fields = (t: GraphQLObjectType): string =>
    Object.values(t.getFields())
      .map((f) => {
        const inner = getNamedType(f.type);
        return isObjectType(inner) ? `${f.name} { ${fields(inner)} }` : f.name;
      })
      .join(' ');
  return `{ __typename ${union
    .getTypes()
    .map((t) => `... on ${t.name} { ${fields(t)} }`)
    .join(' ')} }`;
}
const SELECTION = everyMoveField(schema);

type Typed = { __typename: string } & Record<string, unknown>;

/** What a client does with a typed legal move to play it: drops __typename; the rest is the MoveInput. */
function asInput(typed: Typed): Record<string, unknown> {
  const { __typename: _name, ...input } = typed;
  return input;
}

/** The moves as GraphQL hands them out: through the schema's own execution (nulls, enums, __typename). */
function throughGraphql(game: AnyGame, moves: readonly unknown[]): Typed[] {
  const result = execute({ schema, document: LEGAL, rootValue: { game: { typedLegalMoves: typedMoves(game, moves) } } }) as { data?: { game: { typedLegalMoves: Typed[] } }; errors?: unknown[] };
  if (result.errors?.length) throw new Error(JSON.stringify(result.errors));
  return result.data!.game.typedLegalMoves;
}

const moveInput = schema.getType('MoveInput') as GraphQLInputObjectType;
const LEGAL = parse(`{ game(id: "x") { typedLegalMoves ${SELECTION} } }`);

describe('every listed move, typed, is the same move', () => {
  it('MoveInput is a @oneOf input; each Move member holds one MoveInput field, with the same fields', () => {
    expect(moveInput.isOneOf).toBe(true);
    const union = schema.getType('Move');
    if (!isUnionType(union)) throw new Error('no Move union');
    expect(union.getTypes().length).toBe(games.reduce((n, g) => n + (g.command as unknown as { options: unknown[] }).options.length, 0));
    expect(union.getTypes().length).toBe(Object.keys(moveInput.getFields()).length);
    for (const member of union.getTypes()) {
      const [field, ...more] = Object.values(member.getFields());
      expect(more, member.name).toEqual([]);
      const input = moveInput.getFields()[field!.name];
      expect(input, `${member.name}.${field!.name} in MoveInput`).toBeDefined();
      const out = getNamedType(field!.type);
      const into = getNamedType(input!.type);
      expect(isObjectType(out) ? Object.keys(out.getFields()) : out.name).toEqual(isInputObjectType(into) ? Object.keys(into.getFields()) : into.name);
    }
  });

  it('a MoveInput sets one kind, true only for a kind without fields (the check behind GraphQL\'s own)', () => {
    expect(() => moveFromTyped(games, { scoutPass: true, silverEnd: true })).toThrow(/exactly one field/);
    expect(() => moveFromTyped(games, {})).toThrow(/exactly one field/);
    expect(() => moveFromTyped(games, { scoutPass: false })).toThrow(/send true/);
    expect(() => moveFromTyped(games, { chessMove: { from: 1 } })).toThrow(/no move kind/);
    expect(moveFromTyped(games, { silverPlace: { position: null, end: 'left' } })).toEqual({ game: 'silver', move: { type: 'place', end: 'left' } });
  });

  it('one selection may ask for every field of every member (no two clash)', () => {
    expect(validate(schema, LEGAL)).toEqual([]);
  });

  it('typed legal moves weigh what legalMoves weighs (both are worked out the same way)', () => {
    const served = buildParlorSchema(games, false, MODULES); // the server's graphql build, as the cost hooks see it
    const cost = (q: string) => costOf(served, parse(q));
    // The typed list's weight, plus its one selected field.
    expect(cost('{ game(id: "x") { typedLegalMoves { __typename } } }')).toBe(cost('{ game(id: "x") { legalMoves } }') + 1);
    expect(cost('{ game(id: "x") { at(version: 1) { typedLegalMoves { __typename } } } }')).toBe(cost('{ game(id: "x") { at(version: 1) { legalMoves } } }') + 1);
  });

  for (const game of games) {
    it.each([game.seats.min, game.seats.max])(`${game.id} at %i seats: typed out, typed in, the same move, accepted`, (seats) => {
      const t = table(game);
      let checked = 0;
      randomPlaythrough(game, {
        seats,
        botSeed: seats * 31 + game.id.length,
        deepEvery: 1_000_000,
        check: (state) => {
          for (const seat of t.status(state).toMove) {
            const listed = t.legalMoves(state, seat);
            const typed = throughGraphql(game, listed);
            expect(typed).toHaveLength(listed.length);
            listed.forEach((move, i) => {
              // The input as GraphQL coerces a variable: a wrong type or two fields set would throw here.
              const input = coerceInputValue(asInput(typed[i]!), moveInput) as Record<string, unknown>;
              const back = moveFromTyped(games, input);
              if (back.game !== game.id || !sameMove(back.move, move)) expect({ game: back.game, move: back.move }).toEqual({ game: game.id, move });
              t.decide(state, { type: 'move', seat, move: back.move }); // accepted: it throws on a refusal
              checked++;
            });
          }
        },
      });
      expect(checked).toBeGreaterThan(seats);
    });
  }
});

const server = useServer();
const code = (r: { errors?: { extensions?: { code?: string } }[] }) => r.errors?.[0]?.extensions?.code;

const TURN = `query($id: ID!) { game(id: $id) { version status { toMove over } legalMoves typedLegalMoves ${SELECTION} } }`;
const TYPED = 'mutation($id: ID!, $m: MoveInput!, $v: Int) { submitMove(gameId: $id, typedMove: $m, expectedVersion: $v) { game { version status { toMove over } } } }';

/**
 * Over HTTP one short game: the conversions are the ones checked on every listed move above, and the
 * generated client (generated-clients.test.ts) plays SCOUT with typed moves.
 */
const cases: { game: string; seats: number; options: Record<string, unknown> }[] = [{ game: 'seledyne', seats: 2, options: { stages: 1 } }];

describe('typed moves over HTTP', () => {
  it.each(cases.map((c) => [c.game, c] as const))('%s is played to the end with typedMove alone', async (_name, { game, seats, options }) => {
    const { id, tokens } = await createAndSeat(server.gql, { game, seats, options });
    const rng = fastRng(game.length);
    let toMove: number[] = (await server.gql(TURN, { id }, tokens[0])).data.game.status.toMove;
    let moves = 0;
    for (;;) {
      const seat = toMove[rng.int(toMove.length)]!;
      const g = (await server.gql(TURN, { id }, tokens[seat])).data.game;
      // The typed list is the JSON list, move for move.
      const back = (g.typedLegalMoves as Typed[]).map((m) => moveFromTyped(games, asInput(m)).move);
      expect(back.length).toBe(g.legalMoves.length);
      back.forEach((m, i) => expect(sameMove(m, g.legalMoves[i]), JSON.stringify([m, g.legalMoves[i]])).toBe(true));
      const r = await server.gql(TYPED, { id, m: asInput(g.typedLegalMoves[rng.int(g.typedLegalMoves.length)]), v: g.version }, tokens[seat]);
      expect(r.errors).toBeUndefined();
      moves++;
      if (r.data.submitMove.game.status.over) break;
      toMove = r.data.submitMove.game.status.toMove;
    }
    expect(moves).toBeGreaterThan(seats);
    // A replay's typed moves are its JSON ones too (the game is over: any seat may be read).
    const AT = `query($id: ID!, $v: Int!, $s: Int) { game(id: $id) { at(version: $v) { legalMoves(seat: $s) typedLegalMoves(seat: $s) ${SELECTION} } } }`;
    let listed = 0;
    for (const v of [seats + 2, seats + 5]) {
      for (let s = 0; s < seats; s++) {
        const at = (await server.gql(AT, { id, v, s }, tokens[0])).data.game.at;
        expect((at.typedLegalMoves as Typed[]).map((m) => moveFromTyped(games, asInput(m)).move)).toEqual(at.legalMoves);
        listed += at.legalMoves.length;
      }
    }
    expect(listed).toBeGreaterThan(0);
  });

  it('refuses both move and typedMove, neither, two kinds, a kind of another game: BAD_INPUT, nothing changes', async () => {
    const { id, tokens } = await createAndSeat(server.gql, { game: 'scout', seats: 2 });
    const before = (await server.gql(TURN, { id }, tokens[0])).data.game;
    const listed = before.legalMoves[0]; // round start: { type: 'rotate', rotate }
    const typed = asInput(before.typedLegalMoves[0]);
    const send = (query: string, variables: Record<string, unknown>) => server.gql(query, { id, ...variables }, tokens[0]);
    const refusals = {
      both: await send('mutation($id: ID!, $j: JSON, $m: MoveInput) { submitMove(gameId: $id, move: $j, typedMove: $m) { game { version } } }', { j: listed, m: typed }),
      neither: await send('mutation($id: ID!) { submitMove(gameId: $id) { game { version } } }', {}),
      twoKinds: await send(TYPED, { m: { scoutRotate: { rotate: true }, scoutPass: true } }),
      twoKindsInline: await send('mutation($id: ID!) { submitMove(gameId: $id, typedMove: { scoutRotate: { rotate: true }, scoutPass: true }) { game { version } } }', {}),
      noKind: await send(TYPED, { m: {} }),
      falseKind: await send(TYPED, { m: { scoutPass: false } }),
      otherGame: await send(TYPED, { m: { silverEnd: true } }),
      // Seledyne's pass is { type: 'pass' }, as SCOUT's is: still refused, as another game's.
      otherGamesTwin: await send(TYPED, { m: { seledynePass: true } }),
      notAnEnd: await send(TYPED, { m: { scoutScout: { end: 'middle', flip: false, at: 0 } } }),
    };
    for (const [what, r] of Object.entries(refusals)) expect(code(r), what).toBe('BAD_INPUT');
    expect(refusals.both.errors![0]!.message).toMatch(/exactly one of move/);
    expect(refusals.otherGame.errors![0]!.message).toMatch(/a move of silver/);
    // Two kinds are refused by graphql's own @oneOf checks, which mercurius runs: on variables and on literals.
    expect(refusals.twoKinds.errors![0]!.message).toMatch(/Exactly one key must be specified for OneOf type "MoveInput"/);
    expect(refusals.twoKindsInline.errors![0]!.message).toMatch(/OneOf Input Object "MoveInput" must specify exactly one key/);
    const after = (await server.gql(TURN, { id }, tokens[0])).data.game;
    expect(after.version).toBe(before.version);
    expect(after.legalMoves).toEqual(before.legalMoves);
  });

  it('takes a typed move only as listed (ILLEGAL_MOVE otherwise), as it does a JSON move', async () => {
    const { id, tokens } = await createAndSeat(server.gql, { game: 'scout', seats: 2 });
    const before = (await server.gql(TURN, { id }, tokens[0])).data.game;
    // A show at round start: well-formed, not listed (the seats choose their rotation first).
    const typed = await server.gql(TYPED, { id, m: { scoutShow: { from: 0, to: 0 } } }, tokens[0]);
    const json = await server.gql('mutation($id: ID!, $j: JSON) { submitMove(gameId: $id, move: $j) { game { version } } }', { id, j: { type: 'show', from: 0, to: 0 } }, tokens[0]);
    expect(code(typed)).toBe(code(json));
    expect(code(typed)).not.toBe('BAD_INPUT');
    expect((await server.gql(TURN, { id }, tokens[0])).data.game.version).toBe(before.version);
  });

  it('names the move meant in the form the client sent: a typedMove client is told a typedMove, a JSON client JSON', async () => {
    const { id, tokens } = await createAndSeat(server.gql, { game: 'scout', seats: 2 });
    const play = (seat: number, j: unknown) => server.gql('mutation($id: ID!, $j: JSON) { submitMove(gameId: $id, move: $j) { game { status { toMove } } } }', { id, j }, tokens[seat]);
    for (const seat of [0, 1]) expect(code(await play(seat, { type: 'rotate', rotate: false }))).toBeUndefined();
    const first = (await server.gql(TURN, { id }, tokens[0])).data.game.status.toMove[0] as number;
    expect(code(await play(first, { type: 'show', from: 0, to: 0 }))).toBeUndefined();
    // A one-card Active Set is scouted as `left`: `right` is the same move, not as listed.
    const other = 1 - first;
    const typed = await server.gql(TYPED, { id, m: { scoutScout: { end: 'right', flip: false, at: 0 } } }, tokens[other]);
    const json = await play(other, { type: 'scout', end: 'right', flip: false, at: 0 });
    expect(code(typed)).toBe('ILLEGAL_MOVE');
    expect(typed.errors![0]!.message).toBe('not as typedLegalMoves spells it: send typedMove {"scoutScout":{"end":"left","flip":false,"at":0}}');
    expect(json.errors![0]!.message).toBe('not as legalMoves spells it: send {"type":"scout","end":"left","flip":false,"at":0}');
  });
});
