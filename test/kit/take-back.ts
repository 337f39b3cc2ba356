/**
 * The engine's law of taking a move back (services/engine/core/take-back.ts), for every game,
 * at the positions of fuzzed games played through the table. For each move the game lets its
 * seat take back, nobody gained information by it: for every seat, in worlds that seat cannot
 * tell from the real one (`sampleWorld`, with another random stream), the same move leaves the
 * seat the same view and shows it the same events — a draw, a reveal or a roll would differ
 * somewhere. Only the mover may take it back. (That a take-back restores the state, views and
 * clocks through the service, and that its event shows nothing, is test/app/take-back.test.ts.)
 */
import { expect } from 'vitest';
import { fastRng, lastMoveOf, randomBot, seatedTable, table, takeBackRefusal, type AnyGame, type Bot, type LastMove, type Rng, type Seat, type SetupContext, type Table, type TableState } from '../../services/engine/core/index.js';
import { expectMoversCanMove } from './playthrough.js';

export interface TakeBackLaw {
  seats: number;
  options?: unknown;
  games: number;
  /** Who plays (default random). */
  bot?: Bot;
  /** Worlds sampled per seat for each take-backable move (default 2). */
  worlds?: number;
  /** Stop a game after this many moves (default: play to the end). */
  maxMoves?: number;
  seed?: string;
}

const json = (x: unknown) => JSON.stringify(x);
const plain = <T>(x: T): T => JSON.parse(JSON.stringify(x));

/** Checks the law; returns how many moves could be taken back, by the move's type, and how many could not. */
export function checkTakeBack(game: AnyGame, law: TakeBackLaw): { allowed: Record<string, number>; refused: number } {
  const rng = fastRng(11);
  const t = table(game);
  const bot = law.bot ?? randomBot;
  const allowed: Record<string, number> = {};
  let refused = 0;
  for (let g = 0; g < law.games; g++) {
    let state = seatedTable(t, { seats: law.seats, options: law.options ?? {}, seed: `${law.seed ?? 'take-back'}:${g}` });
    const setup = { seats: law.seats, options: state.options };
    let last: LastMove | null = null;
    for (let moves = 0; !state.ended && moves < (law.maxMoves ?? Infinity); moves++) {
      const toMove = t.status(state).toMove;
      expectMoversCanMove(toMove, law.seats, (x) => t.legalMoves(state, x));
      const seat = toMove[rng.int(toMove.length)]!;
      const move = plain(bot(t.view(state, seat), t.legalMoves(state, seat), rng, { game, seat, setup }));
      const events = t.decide(state, { type: 'move', seat, move });
      const after = t.fold(events, state);
      last = lastMoveOf(t, state, events, after, last);
      if (last && !last.refused) {
        const type = (move as { type: string }).type;
        allowed[type] = (allowed[type] ?? 0) + 1;
        expect(last.seat).toBe(seat);
        for (let other = 0; other < law.seats; other++) {
          if (other !== seat) expect(takeBackRefusal(last, other, false), 'only the mover takes back').toMatch(/NOT_YOUR_MOVE|NEXT_PLAYER_ACTED/);
        }
        checkNothingLearned(game, state.play, after.play, seat, move, setup, rng, law.worlds ?? 2);
      } else {
        refused++;
        expect(takeBackRefusal(last, seat, after.ended), 'a move the game keeps is refused with a reason').not.toBeNull();
      }
      state = after;
    }
  }
  return { allowed, refused };
}

/**
 * Nobody learned anything: for each seat, in worlds it cannot tell from the real one, the same
 * move (decided with another random stream) leaves it the same view and the same events as it
 * sees them. Worlds where the move is not legal say nothing and are skipped.
 */
function checkNothingLearned(game: AnyGame, before: unknown, after: unknown, mover: Seat, move: unknown, setup: SetupContext<unknown>, rng: Rng, worlds: number): void {
  const real = game.decide(before, game.command.parse(move), mover, fastRng(rng.int(1 << 30)));
  for (let viewer = 0; viewer < setup.seats; viewer++) {
    const seen = json(game.view(after, viewer));
    const seenEvents = json(real.map((e) => game.redact(e, viewer)));
    for (let k = 0; k < worlds; k++) {
      const world = game.sampleWorld!(plain(game.view(before, viewer)), viewer, rng, setup);
      let events: unknown[];
      try {
        events = game.decide(world, game.command.parse(move), mover, fastRng(rng.int(1 << 30)));
      } catch {
        continue;
      }
      const there = events.reduce((s, e) => game.evolve(s, e), world);
      const what = `seat ${viewer} learns something from seat ${mover}'s ${json(move)}, which the game lets it take back`;
      if (json(events.map((e) => game.redact(e as never, viewer))) !== seenEvents) expect(events.map((e) => game.redact(e as never, viewer)), what).toEqual(JSON.parse(seenEvents));
      if (json(game.view(there, viewer)) !== seen) expect(game.view(there, viewer), what).toEqual(game.view(after, viewer));
    }
  }
}

/** A move made at a position of a fuzzed game: the state before, its seat, the move and the state after. */
export interface MadeMove {
  t: Table;
  before: TableState;
  seat: Seat;
  move: unknown;
  after: TableState;
  /** The move as a take-back sees it. */
  last: LastMove | null;
}

/**
 * Plays random games until `seat` may make a legal move `wanted` picks (the first found), and
 * makes it: the "given … when" of a rule test about one kind of move.
 */
export function makeMove(game: AnyGame, o: { seats: number; options?: unknown; seed?: string; games?: number }, wanted: (move: unknown, state: TableState, seat: Seat, toMove: readonly Seat[]) => boolean): MadeMove {
  const t = table(game);
  const rng = fastRng(5);
  for (let g = 0; g < (o.games ?? 20); g++) {
    let state = seatedTable(t, { seats: o.seats, options: o.options ?? {}, seed: `${o.seed ?? 'rule'}:${g}` });
    let last: LastMove | null = null;
    while (!state.ended) {
      const toMove = t.status(state).toMove;
      const seat = toMove[rng.int(toMove.length)]!;
      const legal = t.legalMoves(state, seat);
      const found = legal.find((m) => wanted(m, state, seat, toMove));
      const move = plain(found ?? legal[rng.int(legal.length)]);
      const events = t.decide(state, { type: 'move', seat, move });
      const after = t.fold(events, state);
      last = lastMoveOf(t, state, events, after, last);
      if (found !== undefined) return { t, before: state, seat, move, after, last };
      state = after;
    }
  }
  throw new Error('no such move came up');
}

/** The next move of the game after `m` by whoever is to act (random): its seat and the move as a take-back sees it. */
export function playOn(m: MadeMove, rng: Rng = fastRng(9)): { seat: Seat; last: LastMove | null } {
  const toMove = m.t.status(m.after).toMove;
  const seat = toMove[rng.int(toMove.length)]!;
  const legal = m.t.legalMoves(m.after, seat);
  const events = m.t.decide(m.after, { type: 'move', seat, move: plain(legal[rng.int(legal.length)]) });
  return { seat, last: lastMoveOf(m.t, m.after, events, m.t.fold(events, m.after), m.last) };
}

/** Why `seat` may not take back `last` (null: it may), the game over or not. */
export const refusal = (last: LastMove | null, seat: Seat, over = false) => takeBackRefusal(last, seat, over);
