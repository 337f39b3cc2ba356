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

/** Active values of cards, left to right. */
export const valuesOf = (cards: readonly { up: number }[]) => cards.map((c) => c.up);

/**
 * The shape of a row of cards by their active values, or null when it is not a legal set (§3.1).
 * Allocates only the shape: the rules ask it of the Active Set several times a move.
 */
export function shapeOf(cards: readonly { up: number }[]): SetShape | null {
  const n = cards.length;
  if (n === 0) return null;
  if (n === 1) return { size: 1, kind: 'single', min: cards[0]!.up };
  const step = cards[1]!.up - cards[0]!.up;
  if (step !== 0 && step !== 1 && step !== -1) return null;
  for (let j = 2; j < n; j++) if (cards[j]!.up - cards[j - 1]!.up !== step) return null;
  // A match's values are equal; a run's lowest is at the end it climbs from.
  return { size: n, kind: step === 0 ? 'match' : 'run', min: step === -1 ? cards[n - 1]!.up : cards[0]!.up };
}

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

/**
 * Whether the set of `size` values, of kind match (or run/single) and lowest value `min`, is
 * strictly stronger than `t` (§3.2): `stronger` without building the shape (the legal lists ask
 * it of every slice of a hand on every turn).
 */
function beats(size: number, match: boolean, min: number, t: SetShape): boolean {
  if (size !== t.size) return size > t.size;
  const tMatch = t.kind === 'match';
  if (match !== tMatch) return match;
  return min > t.min;
}

/**
 * Calls `found(from, to)` for every legal set `values[from..to]` that beats `target` (any set when
 * `target` is null), from ascending, then to ascending: `forEachSetFrom`'s order, with no shape built.
 * `found` returning true stops the search; the result says whether it was stopped.
 */
export function eachSetBeating(values: readonly number[], target: SetShape | null, found: (from: number, to: number) => boolean | void): boolean {
  const n = values.length;
  // Only a set at least as large as the target can beat it: no start nearer the end than that.
  for (let i = 0; i + (target?.size ?? 1) <= n; i++) {
    let min = values[i]!;
    if ((!target || beats(1, false, min, target)) && found(i, i)) return true;
    if (i + 1 >= n) continue;
    const step = values[i + 1]! - values[i]!;
    if (step !== 0 && step !== 1 && step !== -1) continue;
    const match = step === 0;
    for (let j = i + 1; j < n && values[j]! - values[j - 1]! === step; j++) {
      if (values[j]! < min) min = values[j]!;
      if ((!target || beats(j - i + 1, match, min, target)) && found(i, j)) return true;
    }
  }
  return false;
}

/** Every legal set `[from, to]` of `values` that beats `target` (any set when `target` is null). */
export function setsBeating(values: readonly number[], target: SetShape | null): [number, number][] {
  const out: [number, number][] = [];
  eachSetBeating(values, target, (from, to) => void out.push([from, to]));
  return out;
}

/** Whether some legal set of `values` beats `target` (always, with cards, when `target` is null). */
export function canBeat(values: readonly number[], target: SetShape | null): boolean {
  return target ? eachSetBeating(values, target, () => true) : values.length > 0;
}
