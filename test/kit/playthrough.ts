/**
 * OpenSpiel-style random playthroughs through the table decider, checking the
 * foundation's invariants at every step:
 * - no exception; whoever must act has a legal move, and every seat not to move has none;
 * - the move the bot picks from the legal list is accepted unchanged;
 * - folding the stored events from scratch gives the live state;
 * - views, legal moves and events survive a JSON round trip.
 * A game adds its own invariants (cards conserved …) through `check`.
 */
import { expect } from 'vitest';
import { answers } from './command-spaces.js';
import { fastRng, randomBot, table, type AnyGame, type Bot, type TableEvent, type TableState } from '../../services/engine/core/index.js';

export interface PlaythroughOptions {
  seats: number;
  options?: unknown;
  /** The game's secret seed. */
  seed?: string;
  /** Seed for the bots' choices. */
  botSeed?: number;
  bot?: Bot;
  /** Called after every command with the live state and every event so far. */
  check?: (state: TableState, events: readonly TableEvent[]) => void;
  /** Stop with an error after this many commands (a game that never ends is a bug). */
  maxCommands?: number;
  /** Check the expensive invariants (full refold, JSON round trip) every N commands. */
  deepEvery?: number;
  /** At each deep check, also decide (and discard) up to this many of every seat's legal moves. */
  legalSpread?: number;
}

export interface Playthrough {
  state: TableState;
  events: TableEvent[];
  commands: number;
}

const roundTrip = (x: unknown) => JSON.parse(JSON.stringify(x));

export function randomPlaythrough(game: AnyGame, o: PlaythroughOptions): Playthrough {
  const t = table(game);
  const rng = fastRng(o.botSeed ?? 1);
  const bot = o.bot ?? randomBot;
  const deepEvery = o.deepEvery ?? 1;
  const events: TableEvent[] = [];
  const apply = (state: TableState | null, produced: TableEvent[]) => {
    events.push(...produced);
    return t.fold(produced, state);
  };

  let state = apply(null, t.decide(null, { type: 'create', game: game.id, seats: o.seats, options: o.options ?? {}, seed: o.seed ?? 'seed', seedFixed: true }));
  for (let s = 0; s < o.seats; s++) state = apply(state, t.decide(state, { type: 'join', name: `p${s}`, tokenHash: `h${s}` }));

  let commands = 0;
  const max = o.maxCommands ?? 20_000;
  while (!state.ended) {
    const status = t.status(state);
    // Plain checks on the hot path (vitest's expect is slow per move); expect explains failures.
    if (status.toMove.length === 0) expect.fail(`no one must act in phase ${status.phase}`);
    expectMoversCanMove(status.toMove, o.seats, (seat) => t.legalMoves(state, seat), ` (phase ${status.phase})`);
    const seat = status.toMove[rng.int(status.toMove.length)]!;
    const legal = t.legalMoves(state, seat);
    const move = bot(t.view(state, seat), legal, rng, { game, seat, setup: { seats: o.seats, options: state.options } });
    state = apply(state, t.decide(state, { type: 'move', seat, move: roundTrip(move) }));
    commands++;
    if (commands > max) throw new Error(`no end after ${max} commands`);
    o.check?.(state, events);
    if (commands % deepEvery === 0) deepCheck(t, state, events, o.seats, o.legalSpread ?? 0);
  }
  deepCheck(t, state, events, o.seats, o.legalSpread ?? 0);
  expect(t.status(state).over).toBe(true);
  expect(events.at(-1)?.type).toBe('GameEnded');
  return { state, events, commands };
}

/**
 * The kit's invariant at every position: a seat that is to move always has at least one legal
 * move (a game never gets stuck), and a seat that is not to move has none. Every playthrough
 * checks it, the kit's and any loop that drives a game by itself.
 */
export function expectMoversCanMove(toMove: readonly number[], seats: number, legalOf: (seat: number) => readonly unknown[], where = '') {
  for (let seat = 0; seat < seats; seat++) {
    const n = legalOf(seat).length;
    if (toMove.includes(seat) && n === 0) expect.fail(`seat ${seat} must act but has no legal move${where}`);
    if (!toMove.includes(seat) && n !== 0) expect.fail(`seat ${seat} is not to move but has legal moves${where}`);
  }
}

/**
 * Where a value would not survive JSON unchanged, or null if it would: plain objects and arrays
 * (no holes), strings, finite numbers, booleans, null. `undefined` object properties are tolerated
 * only where `looseProps` says so (a view may omit a field; a stored state may not). A round-trip
 * compare cannot see all of these: stringify drops or rewrites them on both sides alike.
 */
export function notPlainJson(x: unknown, looseProps = false, path = 'value'): string | null {
  if (x === null || typeof x === 'string' || typeof x === 'boolean') return null;
  if (typeof x === 'number') return Number.isFinite(x) ? null : `${path} is ${x}`;
  if (Array.isArray(x)) {
    for (let i = 0; i < x.length; i++) {
      if (!(i in x) || x[i] === undefined) return `${path}[${i}] is ${i in x ? 'undefined' : 'a hole'}`;
      const found = notPlainJson(x[i], looseProps, `${path}[${i}]`);
      if (found) return found;
    }
    return null;
  }
  if (typeof x !== 'object') return `${path} is ${typeof x}`;
  const proto = Object.getPrototypeOf(x);
  if (proto !== Object.prototype && proto !== null) return `${path} is ${x.constructor?.name ?? 'not a plain object'}`;
  for (const [key, v] of Object.entries(x)) {
    const found = v === undefined ? (looseProps ? null : `${path}.${key} is undefined`) : notPlainJson(v, looseProps, `${path}.${key}`);
    if (found) return found;
  }
  return null;
}

function deepCheck(t: ReturnType<typeof table>, state: TableState, events: readonly TableEvent[], seats: number, legalSpread: number) {
  const refolded = t.fold(roundTrip(events));
  if (JSON.stringify(refolded) !== JSON.stringify(state)) expect(refolded, 'folding the stored events gives the live state').toEqual(state);
  if (notPlainJson(state)) expect(roundTrip(state), 'the state must be plain JSON (it is stored as a snapshot)').toStrictEqual(state);
  for (const viewer of [...Array(seats).keys(), null]) {
    const view = t.view(state, viewer);
    if (notPlainJson(view, true)) expect(roundTrip(view), 'a view must be plain JSON').toEqual(view);
    if (viewer === null) continue;
    const legal = t.legalMoves(state, viewer);
    if (notPlainJson(legal)) expect(roundTrip(legal), 'legal moves must be plain JSON').toStrictEqual(legal);
    // Every listed move must be accepted, not only the ones the bot happens to pick.
    const step = Math.ceil(legal.length / Math.max(legalSpread, 1));
    if (legalSpread > 0) for (let i = 0; i < legal.length; i += step) t.decide(state, { type: 'move', seat: viewer, move: roundTrip(legal[i]) });
  }
}

/**
 * What `seat` can observe: its view, its legal moves, its redacted history, and how the table
 * answers each command of its space (test/kit/command-spaces.ts): accepted or refused, with
 * the refusal's message — a refusal must not tell a seat what it cannot see.
 */
export function observe(game: AnyGame, events: readonly TableEvent[], seat: number | null) {
  const t = table(game);
  const state = t.fold(events);
  return {
    view: t.view(state, seat),
    legalMoves: seat === null ? [] : t.legalMoves(state, seat),
    status: t.status(state),
    history: events.map((e) => t.redact(e, seat)),
    answers: seat === null ? {} : answers(t, state, seat),
  };
}

/**
 * Non-interference: two histories that differ only in what `seat` cannot know
 * must look identical to it.
 */
export function expectIndistinguishable(game: AnyGame, a: readonly TableEvent[], b: readonly TableEvent[], seat: number | null) {
  expect(a, 'the two histories must really differ').not.toEqual(b);
  expect(observe(game, b, seat)).toEqual(observe(game, a, seat));
}
