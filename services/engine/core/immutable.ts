/** Small copy-on-write helpers for `evolve` functions. */

/** A copy of `items` with `items[i] = value`. */
export function setAt<T>(items: readonly T[], i: number, value: T): T[] {
  const out = items.slice();
  out[i] = value;
  return out;
}
