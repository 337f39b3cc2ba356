/** Draws built on an `Rng`: shuffles, picks, coin flips. */
import type { Rng } from './rng.js';

/** A new array with the items in uniformly random order (Fisher–Yates). */
export function shuffle<T>(items: readonly T[], rng: Rng): T[] {
  const out = items.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

export function pick<T>(items: readonly T[], rng: Rng): T {
  if (items.length === 0) throw new RangeError('pick from an empty list');
  return items[rng.int(items.length)]!;
}

export function coin(rng: Rng): boolean {
  return rng.int(2) === 1;
}

/** Splits `items` into `hands` consecutive hands of `size` (dealt in order); returns the hands and the rest. */
export function deal<T>(items: readonly T[], hands: number, size: number): { hands: T[][]; rest: T[] } {
  const out: T[][] = [];
  for (let h = 0; h < hands; h++) out.push(items.slice(h * size, (h + 1) * size));
  return { hands: out, rest: items.slice(hands * size) };
}
