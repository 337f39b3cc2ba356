/**
 * Every kind of finished game — seat tokens, registered players with entropy, bots seated at
 * creation and after a join, per-move and bank clocks, timeouts, forfeit, resign, rematch,
 * a take-back, cancel, expiry, a duplicate tournament's tables — played through the GraphQL API has a record that `Query.gameRecord` serves
 * and that verifies, and is in the export; `Query.stats` counts exactly the export's finished games.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Ajv } from 'ajv';
import { eventSchemas, sharedEventSchemas } from '../../services/analytics/event-schemas.js';
import { exportGames } from '../../services/analytics/export.js';
import type { GameRecord } from '../../services/analytics/record.js';
import { verifyRecord } from '../../services/analytics/verify.js';
import { fastRng } from '../../services/engine/core/index.js';
import { findGame } from '../../services/engine/registry.js';
import { DynamoEventStore } from '../../services/store/index.js';
import { ManualClock } from '../kit/manual-clock.js';
import { registerPlayer } from '../kit/players.js';
import { useServer, type GraphQLResponse } from '../kit/server.js';

const clock = new ManualClock();
const server = useServer({ clock });
const played = new Map<string, string>(); // game id → kind

const STATUS = 'query($id: ID!) { game(id: $id) { seat status { toMove over } legalMoves } }';
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- GraphQL answers are checked by the assertions
const ok = (r: GraphQLResponse): any => {
  if (r.errors) throw new Error(JSON.stringify(r.errors));
  return r.data;
};

interface Kind {
  input: Record<string, unknown>;
  /** Who joins, in seat order among the humans: a registered player's name, or a seat token's. */
  humans: { name: string; registered: boolean; entropy?: string }[];
  /** A human seat that never moves: its clock runs out, `advanceMs` at a time. */
  idle?: { seat: number; advanceMs: number };
  /** What happens after the joins (resign, cancel …) as that seat's holder. */
  then?: (id: string, tokens: Map<number, string>) => Promise<void>;
}

async function createAndSeat(kind: Kind): Promise<{ id: string; tokens: Map<number, string> }> {
  const creator = kind.humans[0]!.registered ? await registerPlayer(server, kind.humans[0]!.name) : undefined;
  const id = ok(await server.gql('mutation($i: CreateGameInput!) { createGame(input: $i) { game { id } } }', { i: kind.input }, creator?.token)).createGame.game.id as string;
  const tokens = new Map<number, string>();
  for (const [i, h] of kind.humans.entries()) {
    const auth = h.registered ? (i === 0 ? creator! : await registerPlayer(server, h.name)).token : undefined;
    const joined = ok(await server.gql('mutation($id: ID!, $n: String!, $e: String) { joinGame(gameId: $id, name: $n, entropy: $e) { seat token } }', { id, n: h.name, e: h.entropy }, auth)).joinGame;
    tokens.set(joined.seat, auth ?? joined.token);
  }
  return { id, tokens };
}

/**
 * Random legal moves for the humans (the server plays the bots) until the game is over. A seat's
 * own read of the game gives the public status and its legal moves: the seat likeliest to move is
 * read first, and another only when the draw picks another (the moves drawn are the same as when
 * the status was read apart: one request a move fewer).
 */
async function playOut(id: string, tokens: Map<number, string>, idle?: Kind['idle'], seed = 1): Promise<void> {
  const rng = fastRng(seed);
  const movers = [...tokens.keys()].filter((s) => s !== idle?.seat);
  let ask = movers[0] ?? [...tokens.keys()][0]!;
  for (let step = 0; step < 5000; step++) {
    await server.play.settle();
    let g = ok(await server.gql(STATUS, { id }, tokens.get(ask))).game;
    if (g.status.over) return;
    const humans = (g.status.toMove as number[]).filter((s) => tokens.has(s) && s !== idle?.seat);
    if (humans.length === 0) {
      if (!idle) throw new Error('no one can move');
      clock.advance(idle.advanceMs);
      continue;
    }
    const seat = humans[rng.int(humans.length)]!;
    if (g.seat !== seat) g = ok(await server.gql(STATUS, { id }, tokens.get(seat))).game;
    ok(await server.gql('mutation($id: ID!, $m: JSON!) { submitMove(gameId: $id, move: $m) { game { version } } }', { id, m: g.legalMoves[rng.int(g.legalMoves.length)] }, tokens.get(seat)));
    ask = movers.find((s) => s !== seat) ?? seat; // turn by turn, the other seat moves next
  }
  throw new Error('the game did not end');
}

async function recordOf(id: string): Promise<GameRecord> {
  return ok(await server.gql('query($id: ID!) { gameRecord(id: $id) }', { id })).gameRecord as GameRecord;
}

const two = (a: string, b: string, registered = true) => [
  { name: a, registered },
  { name: b, registered },
];
const resign = (seat: number) => async (id: string, tokens: Map<number, string>) => void ok(await server.gql('mutation($id: ID!) { resign(gameId: $id) { version } }', { id }, tokens.get(seat)));

/**
 * SCOUT's rounds end after this many actions (the option `roundActionLimit`, scored by the rules):
 * a game of random moves played out through the API takes a few dozen requests, not a few hundred.
 * The record verifies whatever the options; the first kind keeps the defaults.
 */
const SHORT = { roundActionLimit: 6 };

/**
 * Where a bot takes a seat over (a timeout, a forfeit, a resignation) it is the random bot: the
 * record verifies whoever chose the moves, and the default (search:1) cost a sixth of the file's CPU.
 */
const KINDS: Record<string, Kind & { expect: Partial<GameRecord> }> = {
  'seat tokens': { input: { game: 'scout', seats: 2 }, humans: two('Ann', 'Bob', false), expect: { endReason: 'finished', botSeats: [] } },
  'registered players with entropy': {
    input: { game: 'scout', seats: 2, options: SHORT },
    humans: [{ name: 'Ann', registered: true }, { name: 'Bob', registered: true, entropy: 'dice 3-5-2' }],
    expect: { endReason: 'finished' },
  },
  'bots seated at creation and right after a join': {
    input: { game: 'scout', seats: 3, options: SHORT, bots: [{ seat: 0, kind: 'random' }, { seat: 2, kind: 'random' }] },
    humans: [{ name: 'Ann', registered: true }],
    expect: { endReason: 'finished', botSeats: [0, 2] },
  },
  'a per-move clock': { input: { game: 'scout', seats: 2, options: SHORT, timeControl: { perMove: 'P1D' } }, humans: two('Ann', 'Bob'), expect: { endReason: 'finished', timedOut: [] } },
  'a bank clock': { input: { game: 'scout', seats: 2, options: SHORT, timeControl: { bank: 'PT1H', increment: 'PT1M' } }, humans: two('Ann', 'Bob'), expect: { endReason: 'finished' } },
  'timeouts played by a bot': {
    input: { game: 'scout', seats: 2, options: SHORT, timeControl: { perMove: 'PT5S' }, timeoutBot: 'random' },
    humans: two('Ann', 'Bob'),
    idle: { seat: 1, advanceMs: 5_000 },
    expect: { endReason: 'finished', timedOut: [1], forfeited: [], botSeats: [] }, // a timeout's move: the seat stays its player's
  },
  'a forfeit on time': {
    input: { game: 'scout', seats: 2, options: SHORT, timeControl: { perMove: 'PT1M' }, onTimeout: 'FORFEIT', timeoutBot: 'random' },
    humans: two('Ann', 'Bob'),
    idle: { seat: 1, advanceMs: 60_000 },
    expect: { endReason: 'forfeit', forfeited: [1], botSeats: [1] },
  },
  'a resignation': { input: { game: 'scout', seats: 2, options: SHORT, autoAdvance: true, timeoutBot: 'random' }, humans: two('Ann', 'Bob'), then: resign(1), expect: { endReason: 'finished', resigned: [1], botSeats: [1] } },
  'messages, a mute and a vacation': {
    input: { game: 'scout', seats: 2, options: SHORT, timeControl: { perMove: 'P1D' }, spectatorChat: true },
    humans: two('Ann', 'Bob'),
    then: async (id, tokens) => {
      await server.play.settle();
      ok(await server.gql('mutation($id: ID!) { sendMessage(gameId: $id, text: "good luck") { id } }', { id }, tokens.get(0)));
      ok(await server.gql('mutation($id: ID!) { muteInGame(gameId: $id, seat: 0) { id } }', { id }, tokens.get(1)));
      ok(await server.gql('mutation { startVacation { vacationDaysLeft } }', {}, tokens.get(0)));
      clock.advance(3_600_000);
      ok(await server.gql('mutation { endVacation { vacationDaysLeft } }', {}, tokens.get(0)));
    },
    expect: { endReason: 'finished' },
  },
  'claim or wait (onTimeout ASK): the late seat moves once, is waited for, then the game is ended by claim': {
    input: { game: 'scout', seats: 2, options: SHORT, timeControl: { perMove: 'PT1M' }, onTimeout: 'ASK' },
    humans: two('Ann', 'Bob'),
    then: async (id, tokens) => {
      const game = async (seat?: number) => (await server.play.settle(), ok(await server.gql(STATUS, { id }, seat === undefined ? undefined : tokens.get(seat))).game);
      const move = async (seat: number) => void ok(await server.gql('mutation($id: ID!, $m: JSON!) { submitMove(gameId: $id, move: $m) { game { version } } }', { id, m: (await game(seat)).legalMoves[0] }, tokens.get(seat)));
      const claim = async (choice: string) => (await server.play.settle(), void ok(await server.gql('mutation($id: ID!, $c: TimeoutClaim!) { claimTimeout(gameId: $id, choice: $c) { version } }', { id, c: choice }, tokens.get(0))));
      const bobToMove = async () => {
        for (let g = await game(); !(g.status.toMove as number[]).includes(1) || (g.status.toMove as number[]).includes(0); g = await game()) await move(0);
      };
      await bobToMove();
      clock.advance(60_000); // TimeoutClaimOpened
      await move(1); // TimeoutClaimClosed
      await bobToMove();
      clock.advance(60_000);
      await claim('WAIT'); // TimeoutClaimed WAIT: a fresh minute
      clock.advance(60_000);
      await claim('END');
    },
    expect: { endReason: 'forfeit', forfeited: [1], timedOut: [1], botSeats: [] }, // ended by claim: no bot played it
  },
  'a take-back (a Scout undone, with a bank clock)': {
    input: { game: 'scout', seats: 2, options: SHORT, timeControl: { bank: 'PT1H', increment: 'PT1M' } },
    humans: two('Ann', 'Bob'),
    then: async (id, tokens) => {
      for (let step = 0; step < 200; step++) {
        await server.play.settle();
        const seat = (ok(await server.gql(STATUS, { id })).game.status.toMove as number[])[0]!;
        const legal = ok(await server.gql(STATUS, { id }, tokens.get(seat))).game.legalMoves as { type: string }[];
        ok(await server.gql('mutation($id: ID!, $m: JSON!) { submitMove(gameId: $id, move: $m) { game { version } } }', { id, m: legal.find((m) => m.type === 'scout') ?? legal[0] }, tokens.get(seat)));
        if (ok(await server.gql('query($id: ID!) { game(id: $id) { canTakeBack } }', { id }, tokens.get(seat))).game.canTakeBack) {
          ok(await server.gql('mutation($id: ID!) { takeBack(gameId: $id) { game { version } } }', { id }, tokens.get(seat)));
          return;
        }
      }
      throw new Error('no move could be taken back');
    },
    expect: { endReason: 'finished' },
  },
  'a cancelled game': {
    input: { game: 'scout', seats: 3 },
    humans: [{ name: 'Ann', registered: true }],
    then: async (id, tokens) => void ok(await server.gql('mutation($id: ID!) { cancelGame(gameId: $id) { version } }', { id }, tokens.get(0))),
    expect: { endReason: 'cancelled', result: null },
  },
  'an expired game': {
    input: { game: 'scout', seats: 3, expiresIn: 'PT1H' },
    humans: [{ name: 'Ann', registered: true }],
    then: async () => {
      clock.advance(3_600_000);
      await server.play.settle();
    },
    expect: { endReason: 'expired', result: null },
  },
};

describe('every kind of finished game has a record that verifies', () => {
  it.each(Object.keys(KINDS))('%s', async (name) => {
    const kind = KINDS[name]!;
    const { id, tokens } = await createAndSeat(kind);
    await kind.then?.(id, tokens);
    await playOut(id, tokens, kind.idle);
    const record = await recordOf(id);
    expect(record).toMatchObject(kind.expect);
    expect(verifyRecord(record)).toEqual({ ok: true, versions: record.commits.length });
    played.set(id, name);
  });

  it('a rematched game (and its rematch, seats rotated) verifies; registered players’ ids are in the header', async () => {
    const { id, tokens } = await createAndSeat({ input: { game: 'scout', seats: 2, options: SHORT, timeControl: { perMove: 'P1D' } }, humans: two('Ann', 'Bob') });
    await playOut(id, tokens);
    // A rematch is an offer: it starts when every former player has accepted.
    ok(await server.gql('mutation($id: ID!) { offerRematch(gameId: $id) { id } }', { id }, tokens.get(0)));
    const rematch = ok(await server.gql('mutation($id: ID!) { answerRematch(gameId: $id, accept: true) { rematch } }', { id }, tokens.get(1))).answerRematch.rematch as string;
    const record = await recordOf(id);
    expect(record.commits.flatMap((c) => c.events.map((e) => e.type)).filter((t) => t.startsWith('Rematch'))).toEqual(['RematchOffered', 'RematchAnswered', 'RematchCreated']);
    expect(record.players.every((p) => typeof p.playerId === 'string')).toBe(true);
    expect(verifyRecord(record)).toMatchObject({ ok: true });
    await playOut(rematch, new Map([...tokens].map(([seat, token]) => [(seat + 1) % 2, token])));
    expect(verifyRecord(await recordOf(rematch))).toMatchObject({ ok: true });
    played.set(id, 'rematched').set(rematch, 'rematch');
  });

  it('the games of a duplicate tournament (bot entrants) verify, each once its board has ended (DealRevealed)', async () => {
    const creator = await registerPlayer(server, 'Tia');
    // A tournament needs a registered player among its entrants: Tia plays her first legal move until her games end.
    const id = ok(await server.gql('mutation { createTournament(input: { game: "scout", seats: 2, rounds: 1, bots: ["random", "greedy", "random"] }) { id } }', {}, creator.token)).createTournament.id;
    ok(await server.gql('mutation($id: ID!) { joinTournament(id: $id) { id } }', { id }, creator.token));
    ok(await server.gql('mutation($id: ID!) { startTournament(id: $id) { status } }', { id }, creator.token));
    for (let moved = true; moved; ) {
      await server.play.settle();
      moved = false;
      const games = ok(await server.gql('query($id: ID!) { tournament(id: $id) { rounds { boards { games { id ended } } } } }', { id })).tournament.rounds[0].boards.flatMap((b: any) => b.games);
      for (const g of games.filter((x: any) => !x.ended)) {
        const mine = (await server.gql('query($id: ID!) { game(id: $id) { version legalMoves } }', { id: g.id }, creator.token)).data?.game;
        if (!mine?.legalMoves?.length) continue;
        moved = !(await server.gql('mutation($id: ID!, $m: JSON!, $v: Int) { submitMove(gameId: $id, move: $m, expectedVersion: $v) { game { version } } }', { id: g.id, m: mine.legalMoves[0], v: mine.version }, creator.token)).errors || moved;
      }
    }
    const t = ok(await server.gql('query($id: ID!) { tournament(id: $id) { status rounds { boards { games { id } } } } }', { id })).tournament;
    expect(t.status).toBe('FINISHED');
    for (const { id: gameId } of t.rounds[0].boards.flatMap((b: { games: { id: string }[] }) => b.games)) {
      const record = await recordOf(gameId);
      expect(record.commits.at(-1)!.events.map((e) => e.type)).toEqual(['DealRevealed']);
      expect(verifyRecord(record)).toMatchObject({ ok: true });
      played.set(gameId, 'tournament');
    }
  });

  it('a record with another name or entropy in its header fails', async () => {
    const [id] = [...played].find(([, kind]) => kind === 'registered players with entropy')!;
    const record = await recordOf(id);
    const renamed = structuredClone(record);
    renamed.players[0]!.name = 'Eve';
    expect(verifyRecord(renamed)).toMatchObject({ ok: false, version: 2 });
    const reseeded = structuredClone(record);
    reseeded.players[1]!.entropy = 'dice 1-1-1';
    expect(verifyRecord(reseeded)).toMatchObject({ ok: false, version: 3 });
  });
});

describe('the export holds every finished game, and Query.stats counts the same ones', () => {
  let dir = '';
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('every game played above is exported; the finished ones are what Query.stats counts', async () => {
    dir = await mkdtemp(join(tmpdir(), 'parlor-every-kind-'));
    await exportGames(new DynamoEventStore({ client: server.client, tableName: 'parlor' }), { out: dir, parquet: false });
    const rows = (await readFile(join(dir, 'games.ndjson'), 'utf8')).trim().split('\n').map((l) => JSON.parse(l));
    expect(rows.map((r) => r.id).sort()).toEqual([...played.keys()].sort());
    // Query.stats splits line-ups as the export does: a game where a bot held a seat (seated, resigned, forfeited) is never all human.
    for (const seats of [2, 3]) {
      const entries = ok(await server.gql('query($s: Int) { stats(game: "scout", seats: $s) { games lineup } }', { s: seats })).stats as { games: number; lineup: string }[];
      for (const lineup of ['ALL_HUMAN', 'WITH_BOTS']) {
        const exported = rows.filter((r) => r.seats === seats && r.result !== null && (r.botSeats.length === 0) === (lineup === 'ALL_HUMAN')).length;
        expect(entries.filter((e) => e.lineup === lineup).reduce((n, e) => n + e.games, 0), `${seats} seats, ${lineup}`).toBe(exported);
      }
    }
    const bots = rows.find((r) => played.get(r.id) === 'bots seated at creation and right after a join')!;
    expect(bots.players.map((p: { bot?: unknown }) => p.bot ?? null)).toEqual([{ kind: 'random' }, null, { kind: 'random' }]);
    // The moves table says who played each move: a seat's holder, its bot, or a timeout's bot.
    const moves = (await readFile(join(dir, 'moves.ndjson'), 'utf8')).trim().split('\n').map((l) => JSON.parse(l));
    const by = (kind: string) => new Set(moves.filter((m) => played.get(m.gameId) === kind && m.kind === 'move').map((m) => `${m.seat}:${m.by}`));
    expect(by('bots seated at creation and right after a join')).toEqual(new Set(['0:bot', '1:seat', '2:bot']));
    // Seat 1 never moves: its moves are timeouts, or formalities the server plays for it (autoAdvance).
    const timeouts = by('timeouts played by a bot');
    expect([...timeouts].filter((s) => s !== '1:seat').sort()).toEqual(['0:seat', '1:timeout']);
    expect(moves.filter((m) => m.kind === 'move').every((m) => m.command !== null)).toBe(true);
    // A game's moves are its move commands: a resignation (a seat's commit of the app's events only) is not one.
    for (const r of rows) expect(r.moves, played.get(r.id)).toBe(moves.filter((m) => m.gameId === r.id && m.kind === 'move').length);
    const resigned = rows.find((r) => played.get(r.id) === 'a resignation')!;
    expect(moves.some((m) => m.gameId === resigned.id && m.kind === null && m.seat === 1)).toBe(true);
  });

  it('every exported event of a type with a published schema matches it (the table’s and the app’s: all of them)', async () => {
    const ajv = new Ajv({ strict: false });
    const schemas = eventSchemas(findGame('scout')!);
    const validators = new Map(Object.entries(schemas).map(([type, s]) => [type, ajv.compile(s)]));
    const events = (await readFile(join(dir, 'events.ndjson'), 'utf8')).trim().split('\n').map((l) => JSON.parse(l));
    const checked = new Set<string>();
    for (const { type, event } of events) {
      const validate = validators.get(type);
      if (!validate) continue;
      expect(validate(event), `${type}: ${ajv.errorsText(validate.errors)}`).toBe(true);
      checked.add(type);
    }
    // An offer that lapses unanswered (RematchExpired) is raised in test/play/rematch-offer.e2e.test.ts, not here.
    const raisedHere = Object.keys(sharedEventSchemas()).filter((t) => t !== 'RematchExpired');
    expect([...checked].filter((t) => t in sharedEventSchemas()).sort()).toEqual(raisedHere.sort());
    // A schema that can fail: an event with a field of the wrong type, or one it does not define.
    expect(validators.get('SeatTaken')!({ type: 'SeatTaken', seat: 'one', name: 'Ann' })).toBe(false);
    expect(validators.get('SeatTaken')!({ type: 'SeatTaken', seat: 0, name: 'Ann', tokenHash: 'x' })).toBe(false);
  });
});
