/**
 * sampleWorld's fallback for a seat that must Show (2p out of chips, or a Scout & Show waiting for
 * its Show) where random deals rarely give it one, e.g. facing a long set: a set that beats the
 * Active Set is drawn from the unseen cards and planted in a stretch of its unknown positions.
 */
import { shuffle, type Rng } from '../../core/index.js';
import { DECK, type PlacedCard } from './cards.js';
import { stronger, type SetShape } from './sets.js';
import type { KnownCard } from './view.js';

export interface Planted {
  /** Where the set starts in the hand. */
  at: number;
  cards: PlacedCard[];
}

/** One distinct card of `pool` per value, turned to show it; null when the pool lacks one. */
function cardsShowing(pool: readonly number[], values: readonly number[], rng: Rng): PlacedCard[] | null {
  const free = shuffle(pool, rng);
  const out: PlacedCard[] = [];
  for (const up of values) {
    const i = free.findIndex((id) => DECK[id]!.lo === up || DECK[id]!.hi === up);
    if (i < 0) return null;
    const { lo, hi } = DECK[free[i]!]!;
    out.push({ id: free[i]!, lo, hi, up });
    free.splice(i, 1);
  }
  return out;
}

/** Starts of the stretches of `size` positions of a hand of `count` that no known card holds. */
function freeStretches(count: number, known: readonly KnownCard[], size: number): number[] {
  const held = new Set(known.map((k) => k.index));
  const starts: number[] = [];
  for (let at = 0, run = 0; at < count; at++) {
    run = held.has(at) ? 0 : run + 1;
    if (run >= size) starts.push(at - size + 1);
  }
  return starts;
}

/** A set stronger than `target` from `pool`, and where it starts in the hand (clear of known positions); null if none fits. */
export function plantShow(count: number, known: readonly KnownCard[], pool: readonly number[], target: SetShape | null, rng: Rng): Planted | null {
  // Positions hidden (index null): known cards go anywhere, so only the unknown count limits the size.
  const positioned = known.filter((k) => k.index !== null);
  const room = count - known.length;
  const shapes: number[][] = [];
  for (let size = target?.size ?? 1; size <= room; size++)
    for (let min = 1; min <= 10; min++) {
      const match = Array.from({ length: size }, () => min);
      const run = Array.from({ length: size }, (_, i) => min + i);
      if (!target || stronger({ size, kind: size === 1 ? 'single' : 'match', min }, target)) shapes.push(match);
      if (size > 1 && min + size - 1 <= 10 && (!target || stronger({ size, kind: 'run', min }, target))) shapes.push(rng.int(2) ? run : run.reverse());
    }
  for (const values of shuffle(shapes, rng)) {
    const starts = freeStretches(count, positioned, values.length);
    if (starts.length === 0) continue;
    const cards = cardsShowing(pool, values, rng);
    if (cards) return { at: starts[rng.int(starts.length)]!, cards };
  }
  return null;
}
