/**
 * Dealing unseen cards when a public fact constrains how they split: e.g. a player who began a
 * move that the rules allow only with certain cards in hand. Random splits are tried first (each
 * accepted with the chance the constraint leaves it: the posterior given the fact); if none
 * passes within `tries`, every split is walked in an order drawn from the rng, so a split that
 * exists is always found (the real one does).
 */
import { shuffle } from './random.js';
import type { Rng } from './rng.js';

export interface Split<T> {
  hand: T[];
  rest: T[];
}

/** `pool` split into a hand of `size` and the rest, such that `ok` holds; throws when no split does. */
export function splitWhere<T>(pool: readonly T[], size: number, rng: Rng, ok: (split: Split<T>) => boolean, tries = 32): Split<T> {
  if (size > pool.length) throw new Error(`sampleWorld: a hand of ${size} from ${pool.length} unseen cards`);
  for (let i = 0; i < tries; i++) {
    const cards = shuffle(pool, rng);
    const split = { hand: cards.slice(0, size), rest: cards.slice(size) };
    if (ok(split)) return split;
  }
  const cards = shuffle(pool, rng);
  const chosen: number[] = Array.from({ length: size }, (_, i) => i);
  for (;;) {
    const split: Split<T> = { hand: [], rest: [] };
    for (let i = 0, k = 0; i < cards.length; i++) (chosen[k] === i ? (k++, split.hand) : split.rest).push(cards[i]!);
    if (ok(split)) return split;
    // the next combination of `size` indices, in lexicographic order
    let j = size - 1;
    while (j >= 0 && chosen[j] === cards.length - size + j) j--;
    if (j < 0) throw new Error('sampleWorld: no split of the unseen cards fits what is public');
    chosen[j]!++;
    for (let k = j + 1; k < size; k++) chosen[k] = chosen[k - 1]! + 1;
  }
}
