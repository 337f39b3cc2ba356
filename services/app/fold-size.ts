/**
 * What a folded game costs the fold cache: its JSON size (strings once per character) times the
 * heap bytes V8 holds per JSON byte for that game, measured by `npx tsx bench/fold-cache-heap.ts`
 * (V8's heap before and after caching games of each type, at its fewest and most seats, in all
 * phases). Measured on a loaded machine: SCOUT 2.0–2.3× its JSON, Silver 0.6–1.2× (long strings of
 * card ids weigh what their text does), with a margin on top; Sea Salt & Paper and Seledyne take
 * SCOUT's until measured. The JSON now counts the application's state (players, bots, clocks) too.
 * A game type not listed takes the heaviest factor.
 */
import type { Aggregate } from './aggregate.js';

/** Heap bytes per JSON byte of a cached fold, by game type (bench/fold-cache-heap.ts). */
export const HEAP_PER_JSON_BYTE: Record<string, number> = { scout: 2.5, silver: 1.5, 'sea-salt-and-paper': 2.5, seledyne: 2.5 };
const HEAVIEST = Math.max(...Object.values(HEAP_PER_JSON_BYTE));

/** The fold's JSON size: the table state, the remembered commandIds and the application's state (players, bots, clocks). */
export function foldJsonBytes(agg: Aggregate): number {
  return JSON.stringify(agg.state).length + JSON.stringify(agg.commandIds).length + JSON.stringify(agg.app).length;
}

/**
 * A cached fold's heap bytes by estimate. Measuring is a full stringify, so a cached game is
 * re-measured every MEASURE_EVERY versions, not on every move: a state grows by a few events per
 * version, far below the budget's grain.
 */
const MEASURE_EVERY = 32;
export function foldBytes(agg: Aggregate, previous: number | undefined): number {
  if (previous !== undefined && agg.version % MEASURE_EVERY !== 0) return previous;
  return Math.round(foldJsonBytes(agg) * (HEAP_PER_JSON_BYTE[agg.table.game.id] ?? HEAVIEST));
}
