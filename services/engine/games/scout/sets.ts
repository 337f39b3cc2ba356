/**
 * Legal sets (§3.1) and set strength (§3.2), on active values, as pure functions.
 */

export type SetKind = 'single' | 'match' | 'run';

export interface SetShape {
  size: number;
  kind: SetKind;
  /** The lowest value in the set. */
  min: number;
}

/** The shape of a slice of values, or null when it is not a legal set (§3.1). */
export function shapeOf(values: readonly number[]): SetShape | null {
  const found: SetShape[] = [];
  forEachSetFrom(values, 0, (j, shape) => {
    if (j === values.length - 1) found.push(shape);
  });
  return found[0] ?? null;
}

/** Active values of cards, left to right. */
export const valuesOf = (cards: readonly { up: number }[]) => cards.map((c) => c.up);

/** §3.2 rank: a matching set beats a run of the same size; singles only meet singles. */
const rank = (kind: SetKind) => (kind === 'match' ? 1 : 0);

/** §3.2: whether `s` is strictly stronger than `t`. */
export function stronger(s: SetShape, t: SetShape): boolean {
  if (s.size !== t.size) return s.size > t.size;
  if (rank(s.kind) !== rank(t.kind)) return rank(s.kind) > rank(t.kind);
  return s.min > t.min;
}

/**
 * Calls `visit(j, shape)` for every legal set `values[i..j]` starting at `i`, j ascending,
 * until the slice stops being a set or `visit` returns true (then returns true).
 */
export function forEachSetFrom(values: readonly number[], i: number, visit: (j: number, shape: SetShape) => boolean | void): boolean {
  const n = values.length;
  if (i >= n) return false;
  let min = values[i]!;
  if (visit(i, { size: 1, kind: 'single', min })) return true;
  if (i + 1 >= n) return false;
  const step = values[i + 1]! - values[i]!;
  if (step !== 0 && step !== 1 && step !== -1) return false;
  const kind: SetKind = step === 0 ? 'match' : 'run';
  for (let j = i + 1; j < n && values[j]! - values[j - 1]! === step; j++) {
    if (values[j]! < min) min = values[j]!;
    if (visit(j, { size: j - i + 1, kind, min })) return true;
  }
  return false;
}

/** Every legal set `[from, to]` of `values` that beats `target` (any set when `target` is null). */
export function setsBeating(values: readonly number[], target: SetShape | null): [number, number][] {
  const out: [number, number][] = [];
  for (let i = 0; i < values.length; i++)
    forEachSetFrom(values, i, (j, shape) => {
      if (!target || stronger(shape, target)) out.push([i, j]);
    });
  return out;
}

/** Whether some legal set of `values` beats `target` (always, with cards, when `target` is null). */
export function canBeat(values: readonly number[], target: SetShape | null): boolean {
  if (!target) return values.length > 0;
  // Only a set at least as large can beat it: start from slices of that size.
  for (let i = 0; i + target.size <= values.length; i++) if (forEachSetFrom(values, i, (_, shape) => stronger(shape, target))) return true;
  return false;
}
