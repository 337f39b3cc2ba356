/**
 * The `search` bot. It sees the view, the legal moves and the public setup, and calls the game's
 * functions on worlds it sampled itself (`game.sampleWorld(view, …)`) only. Per game (tuning.ts) it
 * searches a tree (SO-ISMCTS, ismcts.ts) or compares the root moves by paired playouts (paired.ts).
 * The budget is a number of iterations, so the move is a pure function of what it is given.
 */
import { fastRng, randomBot, type Bot, type BotContext, type Rng } from '../../engine/core/index.js';
import { treeSearch, type TreeResult } from './ismcts.js';
import { pairedSearch, type PairedResult } from './paired.js';
import type { Root } from './root.js';
import { policyFor } from './rollout.js';
import { searchLevel, tuningOf, type SearchTuning } from './tuning.js';
import { seatRelative } from '../seat-order.js';

export interface SearchOptions extends Partial<Omit<SearchTuning, 'levels'>> {
  iterations: number;
  /** Moves a rollout plays at most (a guard against endless play). */
  maxMoves?: number;
}

export { searchLevel };

/** What a decision found, by how it was made: one move (nothing to search), a tree, or paired playouts. */
export type SearchResult = { mode: 'single'; move: unknown } | ({ mode: 'tree' } & TreeResult) | ({ mode: 'paired' } & PairedResult);

export function search(view: unknown, legalMoves: readonly unknown[], given: Rng, context: BotContext, o: SearchOptions): SearchResult {
  const { game } = context;
  if (!game.sampleWorld || legalMoves.length <= 1) return { mode: 'single', move: randomBot(view, legalMoves, given) };
  const rng = fastRng(given.int(2 ** 32)); // the given rng is SHA-256 based: too slow for thousands of draws
  const { sampleWorld } = game;
  const root: Root = {
    view, legalMoves, rng, context,
    keys: legalMoves.map((m) => JSON.stringify(m)),
    policy: policyFor(game),
    sampleWorld: () => sampleWorld(view, context.seat, rng, context.setup),
  };
  const { c, switchZ, opponents, leadScale, paired, halvingFrom } = { ...tuningOf(game.id), ...o };
  const { iterations } = o;
  const maxMoves = o.maxMoves ?? 2000;
  return paired
    ? { mode: 'paired', ...pairedSearch(root, { iterations, switchZ, leadScale, maxMoves, halving: halvingFrom !== null && context.setup.seats >= halvingFrom }) }
    : { mode: 'tree', ...treeSearch(root, { iterations, c, opponents, leadScale, maxMoves }) };
}

/** The search bot of a game at a level (its iteration budget); its root moves in the seat-relative order (ties and the tree's edges favour no seat number). */
export function searchBot(game: string, level: number, o: Partial<SearchOptions> = {}): Bot {
  const iterations = searchLevel(game, level);
  return seatRelative((view, legalMoves, rng, context) => search(view, legalMoves, rng, context, { iterations, ...o }).move);
}
