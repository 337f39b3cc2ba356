/**
 * The tournament decider, given → when → then: each rule of docs/tournaments.md on the pure
 * decide/evolve, no storage.
 */
import { describe, expect, it } from 'vitest';
import { decide, fold, nextRound, scoredGames, standingsOf, type TournamentCommand } from '../../services/tournaments/decider.js';
import type { TournamentEvent, TournamentSettings } from '../../services/tournaments/events.js';
import type { TournamentState } from '../../services/tournaments/state.js';
import { gamePoints } from '../../services/tournaments/scoring.js';
import { AppError } from '../../services/app/errors.js';

const settings = (over: Partial<TournamentSettings> = {}): TournamentSettings => ({ game: 'high-card', seats: 2, rounds: 3, format: 'SWISS', duplicate: true, options: {}, ...over });

/** A tournament after `events`, and `when(command)` on it. */
function given(...events: TournamentEvent[]) {
  const state = fold(events, 't1');
  return {
    state,
    when: (command: TournamentCommand) => decide(state, command),
    refused(command: TournamentCommand, code: string) {
      let error: unknown;
      try {
        decide(state, command);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe(code);
    },
  };
}

const created = (over: Partial<TournamentSettings> = {}): TournamentEvent => ({ type: 'TournamentCreated', creator: 'ann', ...settings(over) });
const entrants = (n: number): TournamentEvent[] => Array.from({ length: n }, (_, i) => ({ type: 'EntrantJoined', entrant: { bot: 'random', name: `bot ${i}` } }));

/** Plays out the due round: every game gets `scores(game)`; returns the events so far. */
function playRound(events: TournamentEvent[], scores: (seats: number[], board: number) => number[]): TournamentEvent[] {
  const state = fold(events, 't1');
  const plan = nextRound(state)!;
  const out = [...events, ...decide(state, { type: 'startRound', round: plan.round, seeds: Array.from({ length: plan.boards }, (_, b) => `seed-${plan.round}-${b}`), gameIds: plan.games.map((_, i) => `g${plan.round}-${i}`) })];
  for (const g of fold(out, 't1').rounds.at(-1)!.games) out.push(...decide(fold(out, 't1'), { type: 'score', gameId: g.gameId, scores: scores(g.seats, g.board) }));
  return out;
}

const running = (n: number, over: Partial<TournamentSettings> = {}) => [created(over), ...entrants(n), { type: 'TournamentStarted' } as TournamentEvent];

describe('creating, joining and starting', () => {
  it('a round robin pairs two seats only', () => {
    expect(() => decide(null, { type: 'create', id: 't1', creator: 'ann', settings: settings({ seats: 3, format: 'ROUND_ROBIN' }), bots: [] })).toThrow(/ROUND_ROBIN/);
  });
  it('rounds are bounded (1 to 15)', () => {
    expect(() => decide(null, { type: 'create', id: 't1', creator: 'ann', settings: settings({ rounds: 16 }), bots: [] })).toThrow(/rounds/);
  });
  it('joining twice changes nothing', () => {
    const t = given(created(), { type: 'EntrantJoined', entrant: { player: 'bob', name: 'Bob' } });
    expect(t.when({ type: 'join', entrant: { player: 'bob', name: 'Bob' } })).toEqual([]);
  });
  it('no one joins once the tournament has started', () => {
    given(...running(4)).refused({ type: 'join', entrant: { player: 'bob', name: 'Bob' } }, 'FORBIDDEN');
  });
  it('only the creator starts it', () => {
    given(created(), ...entrants(4)).refused({ type: 'start', by: 'bob' }, 'FORBIDDEN');
  });
  it('entrants must fill whole tables', () => {
    given(created(), ...entrants(5)).refused({ type: 'start', by: 'ann' }, 'FORBIDDEN');
  });
});

describe('duplicate boards', () => {
  const round = () => {
    const state = fold(running(8), 't1');
    return nextRound(state)!;
  };
  it('every table plays every board of the round: one board per seat, the same deal at each table', () => {
    const plan = round();
    expect(plan.boards).toBe(2);
    for (const board of [0, 1]) expect(plan.games.filter((g) => g.board === board).map((g) => g.table)).toEqual([0, 1, 2, 3]);
  });
  it('each entrant holds each seat once in a round', () => {
    const plan = round();
    for (let e = 0; e < 8; e++) expect(plan.games.flatMap((g) => g.seats.flatMap((x, seat) => (x === e ? [seat] : []))).sort()).toEqual([0, 1]);
  });
  it("a board's cards go to different entrants at neighbouring tables (seats rotated across the board's tables)", () => {
    const plan = round();
    const [t0, t1] = plan.games.filter((g) => g.board === 0);
    const position = (tables: number[][], table: number, entrant: number) => tables[table]!.indexOf(entrant);
    expect(position(plan.tables, 0, t0!.seats[0]!)).not.toBe(position(plan.tables, 1, t1!.seats[0]!));
  });
  it("the round's seeds are committed by hash when it starts, one per board", () => {
    const events = playRound(running(8), () => [1, 0]);
    const started = events.find((e) => e.type === 'RoundStarted') as Extract<TournamentEvent, { type: 'RoundStarted' }>;
    expect(started.boards).toHaveLength(2);
    expect(started.boards[0]!.seedHash).toMatch(/^[0-9a-f]{64}$/);
  });
  it('without duplicate every game is its own board', () => {
    const plan = nextRound(fold(running(8, { duplicate: false }), 't1'))!;
    expect(plan.boards).toBe(8);
    expect(new Set(plan.games.map((g) => g.board)).size).toBe(8);
  });
});

describe('scoring', () => {
  it("a board is complete when its last table has ended, a round when its last game has", () => {
    const start = running(4);
    const state = fold(start, 't1');
    const plan = nextRound(state)!;
    let events = [...start, ...decide(state, { type: 'startRound', round: 1, seeds: ['a', 'b'], gameIds: ['g0', 'g1', 'g2', 'g3'] })];
    const byBoard = plan.games.map((g, i) => ({ ...g, id: `g${i}` }));
    const board0 = byBoard.filter((g) => g.board === 0);
    const first = decide(fold(events, 't1'), { type: 'score', gameId: board0[0]!.id, scores: [3, 1] });
    expect(first.map((e) => e.type)).toEqual(['GameScored']);
    events = [...events, ...first];
    expect(decide(fold(events, 't1'), { type: 'score', gameId: board0[1]!.id, scores: [2, 2] }).map((e) => e.type)).toEqual(['GameScored', 'BoardCompleted']);
  });
  it('a game is scored once (a redelivered result changes nothing)', () => {
    const events = playRound(running(4, { rounds: 2 }), () => [1, 0]);
    const game = fold(events, 't1').rounds[0]!.games[0]!;
    expect(decide(fold(events, 't1'), { type: 'score', gameId: game.gameId, scores: [0, 9] })).toEqual([]);
  });
  it('no next round while a game of this one plays', () => {
    const start = running(4);
    const state = fold(start, 't1');
    const events = [...start, ...decide(state, { type: 'startRound', round: 1, seeds: ['a', 'b'], gameIds: ['g0', 'g1', 'g2', 'g3'] })];
    expect(nextRound(fold(events, 't1'))).toBeNull();
  });
  it('the last game of the last round finishes the tournament', () => {
    let events = running(4, { rounds: 2 });
    events = playRound(events, () => [1, 0]);
    events = playRound(events, () => [1, 0]);
    expect(events.at(-1)).toEqual({ type: 'TournamentFinished' });
    expect(fold(events, 't1').status).toBe('FINISHED');
  });
  it('matchpoints compare a score difference with those of the others who held the same cards on the board', () => {
    // Board 1:0, seat 0's cards: won by 4 at one table, by 1 at another, lost by 2 at a third.
    const games = [
      { board: '1:0', seats: [0, 1], scores: [5, 1] },
      { board: '1:0', seats: [2, 3], scores: [2, 1] },
      { board: '1:0', seats: [4, 5], scores: [0, 2] },
    ];
    const points = gamePoints(games, true);
    expect(points.filter((p) => [0, 2, 4].includes(p.entrant)).map((p) => p.points)).toEqual([1, 0.5, 0]);
    // Without duplicate, 0 and 2 both won their table.
    expect(gamePoints(games, false).filter((p) => [0, 2, 4].includes(p.entrant)).map((p) => p.points)).toEqual([1, 1, 0]);
  });
  it('a tie is worth ½: at the table, on a duplicate board scored alike at every table, and in the standings', () => {
    expect(gamePoints([{ board: '1:0', seats: [0, 1], scores: [5, 5] }], false).map((p) => p.points)).toEqual([0.5, 0.5]);
    // Three seats, two tied on top: ½ against each other, 1 against the third, over two opponents.
    expect(gamePoints([{ board: '1:0', seats: [0, 1, 2], scores: [5, 5, 1] }], false).map((p) => p.points)).toEqual([0.75, 0.75, 0]);
    const alike = [
      { board: '1:0', seats: [0, 1], scores: [7, 3] },
      { board: '1:0', seats: [2, 3], scores: [7, 3] },
    ];
    expect(gamePoints(alike, true).map((p) => p.points)).toEqual([0.5, 0.5, 0.5, 0.5]);
    // Every game of a duplicate round tied: every entrant has half a point per game.
    const events = playRound(running(4), () => [4, 4]);
    const rows = standingsOf(fold(events, 't1'));
    expect(rows.every((r) => r.games > 0 && r.points === r.games / 2)).toBe(true);
  });
  it('a seat that resigned or forfeited ranks below every seat that stayed, whatever its stand-in scored (table and board)', () => {
    expect(gamePoints([{ board: '1:0', seats: [0, 1], scores: [9, 2], left: [0] }], false).map((p) => p.points)).toEqual([0, 1]);
    // Both left: compared by score between themselves.
    expect(gamePoints([{ board: '1:0', seats: [0, 1], scores: [9, 2], left: [0, 1] }], false).map((p) => p.points)).toEqual([1, 0]);
    // Board 1:0: entrant 0 left (its bot won by 7), entrant 2 stayed and lost by 1 with the same cards.
    const board = [
      { board: '1:0', seats: [0, 1], scores: [9, 2], left: [0] },
      { board: '1:0', seats: [2, 3], scores: [2, 3] },
    ];
    expect(gamePoints(board, true).filter((p) => [0, 2].includes(p.entrant)).map((p) => p.points)).toEqual([0, 1]);
    // Through the decider: the score command's leavers are kept in GameScored and in the standings.
    let events = running(2, { duplicate: false, rounds: 1 });
    const state = fold(events, 't1');
    const plan = nextRound(state)!;
    events = [...events, ...decide(state, { type: 'startRound', round: 1, seeds: Array.from({ length: plan.boards }, (_, b) => `s${b}`), gameIds: plan.games.map((_, i) => `g${i}`) })];
    const scored = decide(fold(events, 't1'), { type: 'score', gameId: 'g0', scores: [9, 2], left: [0] });
    expect(scored[0]).toEqual({ type: 'GameScored', gameId: 'g0', scores: [9, 2], left: [0] });
    events = [...events, ...scored];
    for (const g of plan.games.slice(1).keys()) events = [...events, ...decide(fold(events, 't1'), { type: 'score', gameId: `g${g + 1}`, scores: [1, 1] })];
    const g0 = scoredGames(fold(events, 't1')).find((g) => g.board === '1:0')!;
    expect(g0.left).toEqual([0]);
    expect(gamePoints([g0], false).map((p) => p.points)).toEqual([0, 1]);
  });
  it("a board counts in the standings only once all its tables have ended (a finished table tells nothing early)", () => {
    const start = running(4);
    const state = fold(start, 't1');
    const plan = nextRound(state)!;
    let events = [...start, ...decide(state, { type: 'startRound', round: 1, seeds: ['a', 'b'], gameIds: plan.games.map((_, i) => `g${i}`) })];
    events = [...events, ...decide(fold(events, 't1'), { type: 'score', gameId: 'g0', scores: [3, 1] })];
    expect(standingsOf(fold(events, 't1')).every((r) => r.games === 0)).toBe(true);
  });
});

describe('pairings', () => {
  it('Swiss: round 2 sits winners with winners, and no one meets an opponent twice', () => {
    // Seat 0 always wins by 1: the entrant who held seat 0 more often (or better) leads.
    let events = running(8, { duplicate: false });
    events = playRound(events, (seats) => (seats[0]! < seats[1]! ? [2, 0] : [0, 2])); // the lower entrant number wins
    const state: TournamentState = fold(events, 't1');
    const plan = nextRound(state)!;
    const met = new Set(state.rounds[0]!.tables.map((t) => [...t].sort().join()));
    for (const t of plan.tables) expect(met.has([...t].sort().join())).toBe(false);
    const leaders = standingsOf(state).slice(0, 2).map((r) => r.entrant);
    expect(plan.tables.some((t) => leaders.every((l) => t.includes(l)))).toBe(true);
  });
  it('Swiss: three rounds of 8 entrants never repeat an opponent (even when everyone ties, so entry order would)', () => {
    let events = running(8);
    for (let r = 0; r < 3; r++) events = playRound(events, () => [1, 1]);
    const pairs = fold(events, 't1').rounds.flatMap((r) => r.tables.map((t) => [...t].sort().join()));
    expect(new Set(pairs).size).toBe(pairs.length);
  });
  it('round robin (circle method): over n − 1 rounds everyone meets everyone once', () => {
    let events = running(6, { format: 'ROUND_ROBIN', rounds: 5 });
    for (let r = 0; r < 5; r++) events = playRound(events, () => [1, 1]);
    const pairs = fold(events, 't1').rounds.flatMap((r) => r.tables.map((t) => [...t].sort().join()));
    expect(pairs).toHaveLength(15);
    expect(new Set(pairs).size).toBe(15);
  });
});
