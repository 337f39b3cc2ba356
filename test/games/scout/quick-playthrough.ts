/**
 * A lean random playthrough for volume: the same invariants as test/kit/playthrough.ts
 * (someone must act and has a legal move, nobody else has one, the bot's move is accepted
 * after a JSON round trip, refolding the events gives the live state, states and views are
 * plain JSON) but asserted with plain `if`s. vitest's `expect` costs ~20 µs a call and the
 * kit makes seats + 1 of them per command, which is most of a SCOUT command's cost. Every
 * `deepEvery` commands it also feeds a spread of every seat's legal moves to decide.
 */
import { fastRng, randomBot, table, type AnyGame, type TableEvent } from '../../../services/engine/core/index.js';
import type { PlaythroughOptions } from '../../kit/playthrough.js';
import { seated } from './history.js';

function fail(message: string): never {
  throw new Error(`playthrough: ${message}`);
}

/** Only null, booleans, finite numbers, strings, arrays and plain objects, no undefined anywhere. */
export function assertPlainJson(x: unknown, path = '$'): void {
  if (x === null || typeof x === 'string' || typeof x === 'boolean') return;
  if (typeof x === 'number') {
    if (!Number.isFinite(x)) fail(`${path} is ${x}`);
    return;
  }
  if (Array.isArray(x)) return x.forEach((v, i) => assertPlainJson(v, `${path}[${i}]`));
  if (typeof x === 'object' && Object.getPrototypeOf(x) === Object.prototype) {
    for (const [k, v] of Object.entries(x)) assertPlainJson(v, `${path}.${k}`);
    return;
  }
  fail(`${path} is not plain JSON (${typeof x})`);
}

const json = (x: unknown) => JSON.stringify(x);

/** Options as for the kit's randomPlaythrough; `deepEvery` defaults to 50. */
export function quickPlaythrough(game: AnyGame, o: PlaythroughOptions) {
  const t = table(game);
  const rng = fastRng(o.botSeed ?? 1);
  const bot = o.bot ?? randomBot;
  const deepEvery = o.deepEvery ?? 50;
  const start = seated(t, o.seats, o.options ?? {}, o.seed ?? 'seed');
  const events: TableEvent[] = start.events;
  let state = start.state;

  const deep = () => {
    if (json(t.fold(JSON.parse(json(events)))) !== json(state)) fail('refolding the events does not give the live state');
    assertPlainJson(state);
    for (const viewer of [...Array.from({ length: o.seats }, (_, s) => s), null]) {
      assertPlainJson(t.view(state, viewer));
      if (viewer === null) continue;
      const moves = t.legalMoves(state, viewer);
      // A spread of at most ~16 of them (every one would dominate the run time).
      const step = Math.ceil(moves.length / 16);
      for (let i = 0; i < moves.length; i += step) t.decide(state, { type: 'move', seat: viewer, move: JSON.parse(json(moves[i])) });
    }
  };

  let commands = 0;
  while (!state.ended) {
    const { toMove, phase } = t.status(state);
    if (toMove.length === 0) fail(`nobody is to move (phase ${phase})`);
    const legal = Array.from({ length: o.seats }, (_, seat) => t.legalMoves(state, seat));
    legal.forEach((moves, seat) => {
      if (toMove.includes(seat) !== moves.length > 0) fail(`seat ${seat} ${moves.length ? 'has moves but is not to move' : 'must act but has no legal move'}`);
    });
    const seat = toMove[rng.int(toMove.length)]!;
    const move = bot(t.view(state, seat), legal[seat]!, rng);
    const produced = t.decide(state, { type: 'move', seat, move: JSON.parse(json(move)) });
    events.push(...produced);
    state = t.fold(produced, state);
    if (++commands > (o.maxCommands ?? 20_000)) fail(`no end after ${commands} commands`);
    o.check?.(state, events);
    if (commands % deepEvery === 0) deep();
  }
  deep();
  if (!t.status(state).over || events.at(-1)?.type !== 'GameEnded') fail('the game did not end with GameEnded');
  return { state, events, commands };
}
