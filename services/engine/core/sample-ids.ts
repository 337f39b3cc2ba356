/**
 * `unseen` for decks whose cards are small non-negative integer ids (SCOUT's 0..44): the same
 * contract, counted in a typed array instead of a Map, about 10× faster. A search bot draws a
 * world per iteration, so this runs thousands of times per decision.
 */

/** The ids of `all` that are not in `seen`, counted; throws when `seen` holds one `all` has not left. */
export function unseenIds(all: readonly number[], seen: Iterable<number>): number[] {
  let max = 0;
  for (const id of all) if (id > max) max = id;
  const left = new Uint16Array(max + 1);
  for (const id of all) left[id]!++;
  for (const id of seen) {
    if (!(id >= 0 && id <= max && left[id]! > 0)) throw new Error(`sampleWorld: card ${id} is seen more often than the deck holds it`);
    left[id]!--;
  }
  const out: number[] = [];
  for (const id of all)
    if (left[id]! > 0) {
      out.push(id);
      left[id]!--;
    }
  return out;
}
