/**
 * What every game's `sampleWorld` shares: the cards a seat has not seen, and dealing them into
 * the places it does not know. A game lists its whole deck, removes what the view shows (its
 * hand, face-up cards, cards it knows to be in a given place), and deals the rest.
 */
import { shuffle } from './random.js';
import type { Rng } from './rng.js';

/**
 * The cards of `all` that are not in `seen`, matched by `key` and counted (a deck may hold
 * several equal cards: each seen copy removes one). Throws when `seen` holds a card that `all`
 * does not have left: the view and the deck disagree, a bug worth hearing about.
 */
export function unseen<T>(all: readonly T[], seen: Iterable<T>, key: (card: T) => string | number = (c) => c as unknown as string | number): T[] {
  const left = new Map<string | number, number>();
  for (const c of all) left.set(key(c), (left.get(key(c)) ?? 0) + 1);
  for (const c of seen) {
    const k = key(c);
    const n = left.get(k) ?? 0;
    if (n === 0) throw new Error(`sampleWorld: card ${String(k)} is seen more often than the deck holds it`);
    left.set(k, n - 1);
  }
  const out: T[] = [];
  for (const c of all) {
    const k = key(c);
    const n = left.get(k)!;
    if (n > 0) {
      out.push(c);
      left.set(k, n - 1);
    }
  }
  return out;
}

/**
 * `pool` shuffled and dealt into places of the given sizes, in order; what is left over comes
 * back as `rest` (in shuffled order: e.g. a draw pile). Throws when the pool is too small.
 */
export function dealUnseen<T>(pool: readonly T[], sizes: readonly number[], rng: Rng): { places: T[][]; rest: T[] } {
  const need = sizes.reduce((a, b) => a + b, 0);
  if (need > pool.length) throw new Error(`sampleWorld: ${need} unknown places but only ${pool.length} unseen cards`);
  const cards = shuffle(pool, rng);
  const places: T[][] = [];
  let at = 0;
  for (const size of sizes) {
    places.push(cards.slice(at, at + size));
    at += size;
  }
  return { places, rest: cards.slice(at) };
}
