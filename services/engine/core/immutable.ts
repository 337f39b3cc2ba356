/** Small copy-on-write helpers for `evolve` functions. */

/** A copy of `items` with `items[i] = value`. */
export function setAt<T>(items: readonly T[], i: number, value: T): T[] {
  const out = items.slice();
  out[i] = value;
  return out;
}

/**
 * `xs` with `x` added at the end, as a new array: a copy by index, several times faster in V8 than
 * `xs.concat(x)` (which asks each argument whether to spread it) on the short lists of a turn.
 */
export function append<T>(xs: readonly T[], x: T): T[] {
  const out = new Array<T>(xs.length + 1);
  for (let i = 0; i < xs.length; i++) out[i] = xs[i]!;
  out[xs.length] = x;
  return out;
}

/** `xs` then `ys`, as a new array (see `append`). */
export function appendAll<T>(xs: readonly T[], ys: readonly T[]): T[] {
  const out = new Array<T>(xs.length + ys.length);
  for (let i = 0; i < xs.length; i++) out[i] = xs[i]!;
  for (let i = 0; i < ys.length; i++) out[xs.length + i] = ys[i]!;
  return out;
}

/** `xs` with `x` inserted at `at` (as `splice(at, 0, x)` on a copy; a negative `at` counts from the end), built in one pass. */
export function insertAt<T>(xs: readonly T[], at: number, x: T): T[] {
  const n = xs.length;
  const i = at < 0 ? Math.max(n + at, 0) : Math.min(at, n);
  const out: T[] = [];
  for (let k = 0; k < i; k++) out.push(xs[k]!);
  out.push(x);
  for (let k = i; k < n; k++) out.push(xs[k]!);
  return out;
}
