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
    expect(status.toMove.length, `someone must act (phase ${status.phase})`).toBeGreaterThan(0);
    for (let seat = 0; seat < o.seats; seat++) {
      const legal = t.legalMoves(state, seat);
      if (status.toMove.includes(seat)) expect(legal.length, `seat ${seat} must act but has no legal move`).toBeGreaterThan(0);
      else expect(legal, `seat ${seat} is not to move`).toEqual([]);
    }
    const seat = status.toMove[rng.int(status.toMove.length)]!;
    const legal = t.legalMoves(state, seat);
    const move = bot(t.view(state, seat), legal, rng);
    state = apply(state, t.decide(state, { type: 'move', seat, move: roundTrip(move) }));
    commands++;
    if (commands > max) throw new Error(`no end after ${max} commands`);
    o.check?.(state, events);
    if (commands % deepEvery === 0) deepCheck(t, state, events, o.seats);
  }
  deepCheck(t, state, events, o.seats);
  expect(t.status(state).over).toBe(true);
  expect(events.at(-1)?.type).toBe('GameEnded');
  return { state, events, commands };
}

function deepCheck(t: ReturnType<typeof table>, state: TableState, events: readonly TableEvent[], seats: number) {
  expect(t.fold(roundTrip(events))).toEqual(state);
  expect(roundTrip(state), 'the state must be plain JSON (it is stored as a snapshot)').toStrictEqual(state);
  for (let seat = 0; seat < seats; seat++) {
    const view = t.view(state, seat);
    expect(roundTrip(view)).toEqual(view);
    const legal = t.legalMoves(state, seat);
    expect(roundTrip(legal)).toEqual(legal);
  }
  const spectator = t.view(state, null);
  expect(roundTrip(spectator)).toEqual(spectator);
}

/** What `seat` can observe: its view, its legal moves and its redacted history. */
export function observe(game: AnyGame, events: readonly TableEvent[], seat: number | null) {
  const t = table(game);
  const state = t.fold(events);
  return {
    view: t.view(state, seat),
    legalMoves: seat === null ? [] : t.legalMoves(state, seat),
    status: t.status(state),
    history: events.map((e) => t.redact(e, seat)),
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
