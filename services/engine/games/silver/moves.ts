/**
 * The moves legal lists hold, as values: each is built once, frozen and shared (as SCOUT's and
 * Sea Salt & Paper's), so a legal list allocates only itself, and the lab writes each move's text
 * once (analytics/plays.ts keeps the text of a frozen move). Keys in the order the lists always
 * gave them (a move's JSON is recorded). Every number here comes from a state (a position in a
 * village, an index in a pile or hand, a seat, a card number), never from a client, so the tables
 * stay small.
 */
import type { Command } from './commands.js';

type Of<T extends Command['type']> = Extract<Command, { type: T }>;

const freeze = <C extends Command>(c: C): C => Object.freeze(c) as C;

/** One frozen move per number, made on first use. */
function byNumber<C extends Command>(make: (n: number) => C): (n: number) => C {
  const made: C[] = [];
  return (n) => (made[n] ??= freeze(make(n)));
}

/** One frozen move per pair of numbers, made on first use. */
function byPair<C extends Command>(make: (a: number, b: number) => C): (a: number, b: number) => C {
  const made: C[][] = [];
  return (a, b) => ((made[a] ??= [])[b] ??= freeze(make(a, b)));
}

export const DRAW: Of<'draw'> = freeze({ type: 'draw' });
export const TAKE: Of<'take'> = freeze({ type: 'take' });
export const CALL: Of<'call'> = freeze({ type: 'call' });
export const END: Of<'end'> = freeze({ type: 'end' });
export const TOKEN: Of<'token'> = freeze({ type: 'token' });
export const DISCARD: Of<'discard'> = freeze({ type: 'discard' });
export const POWER: Of<'power'> = freeze({ type: 'power' });
export const CONFIRM: Of<'confirm'> = freeze({ type: 'confirm' });
export const SKIP: Of<'skip'> = freeze({ type: 'skip' });
/** The exchange of the marked (slid) cards. */
export const EXCHANGE_MARKED: Of<'exchange'> = freeze({ type: 'exchange' });
/** A held card added at the left or right end (an index into ENDS). */
export const PLACE_AT_END: readonly Of<'place'>[] = [freeze({ type: 'place', end: 'left' }), freeze({ type: 'place', end: 'right' })];

export const drawDisplay = byNumber((display): Of<'draw'> => ({ type: 'draw', display }));
export const slide = byNumber((position): Of<'slide'> => ({ type: 'slide', position }));
export const unslide = byNumber((position): Of<'unslide'> => ({ type: 'unslide', position }));
export const exchangeOne = byNumber((p): Of<'exchange'> => ({ type: 'exchange', positions: Object.freeze([p]) as number[] }));
export const placeAt = byNumber((position): Of<'place'> => ({ type: 'place', position }));
export const keep = byNumber((index): Of<'keep'> => ({ type: 'keep', index }));
export const seatMove = byNumber((seat): Of<'seat'> => ({ type: 'seat', seat }));
export const numberMove = byNumber((value): Of<'number'> => ({ type: 'number', value }));
export const pile = byNumber((index): Of<'pile'> => ({ type: 'pile', index }));
export const peek = byPair((a, b): Of<'peek'> => ({ type: 'peek', positions: Object.freeze([a, b]) as number[] }));
export const activate = byPair((position, option): Of<'activate'> => ({ type: 'activate', position, option }));
export const guard = byPair((bodyguard, position): Of<'guard'> => ({ type: 'guard', bodyguard, position }));
export const target = byPair((seat, position): Of<'target'> => ({ type: 'target', seat, position }));
/** A Zombie given away: `end` 0 is the left end, 1 the right. */
export const give = byPair((position, end): Of<'give'> => ({ type: 'give', position, end: end === 0 ? 'left' : 'right' }));
