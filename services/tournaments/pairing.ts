/**
 * Who sits with whom in a round. Swiss: entrants in standings order, each table filled from the
 * top with the next entrants none of its members has met (depth-first, backtracking within a
 * bounded number of steps, then repeats allowed). Round robin (two seats): the circle method.
 */

/** Pairs of entrants who have shared a table, as "a|b" with a < b. */
export type Met = ReadonlySet<string>;
export const metKey = (a: number, b: number) => (a < b ? `${a}|${b}` : `${b}|${a}`);

/** How many placements the Swiss search may try before it allows repeat opponents. */
const SEARCH_STEPS = 20_000;

/** Tables of `seats` entrants from `order` (best first), no two at a table having met if that can be done. */
export function swissTables(order: readonly number[], seats: number, met: Met): number[][] {
  let steps = 0;
  const fresh = (group: number[], e: number) => group.every((g) => !met.has(metKey(g, e)));
  const place = (left: number[]): number[][] | null => {
    if (left.length === 0) return [];
    const [top, ...rest] = left;
    const fill = (group: number[], from: number, pool: number[]): number[][] | null => {
      if (group.length === seats) {
        const after = place(pool);
        return after && [group, ...after];
      }
      for (let i = from; i < pool.length; i++) {
        if (++steps > SEARCH_STEPS) return null;
        if (!fresh(group, pool[i]!)) continue;
        const found = fill([...group, pool[i]!], i, [...pool.slice(0, i), ...pool.slice(i + 1)]);
        if (found) return found;
      }
      return null;
    };
    return fill([top!], 0, rest);
  };
  return place([...order]) ?? chunks(order, seats);
}

/** Round `round` (1-based) of a round robin of `n` entrants (n even): the circle method, entrant 0 fixed. */
export function circleTables(n: number, round: number): number[][] {
  const others = Array.from({ length: n - 1 }, (_, i) => i + 1);
  const shift = (round - 1) % (n - 1);
  const ring = [0, ...others.slice(shift), ...others.slice(0, shift)];
  return Array.from({ length: n / 2 }, (_, i) => [ring[i]!, ring[n - 1 - i]!]);
}

function chunks(order: readonly number[], size: number): number[][] {
  return Array.from({ length: order.length / size }, (_, i) => order.slice(i * size, i * size + size));
}
