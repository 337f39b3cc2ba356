/**
 * Each game's greedy bot: one ply from the game's own scoring, a few dozen lines named after
 * what it prefers. A game without one here plays `random` when asked for `greedy`.
 */
import type { Bot } from '../../engine/core/index.js';
import { playoutView } from '../../engine/games/silver/view.js';
import type { State as SilverState } from '../../engine/games/silver/state.js';
import { playoutView as seledynePlayoutView } from '../../engine/games/seledyne/view.js';
import type { State as SeledyneState } from '../../engine/games/seledyne/state.js';
import { greedyScout } from './scout.js';
import { greedySeaSaltAndPaper } from './sea-salt-and-paper.js';
import { tributeThenGiveMost } from './seledyne.js';
import { greedySilver } from './silver.js';

export const GREEDY: Record<string, Bot> = {
  scout: greedyScout,
  'sea-salt-and-paper': greedySeaSaltAndPaper,
  seledyne: tributeThenGiveMost,
  silver: greedySilver,
};

/**
 * Per game whose greedy bot reads only part of its view, the engine's builder of that part (its
 * type is the bot's view type, so the bot cannot read a field it is not given): a search's
 * playouts (search/rollout.ts) build it instead of the whole view at every move.
 */
export const GREEDY_VIEW: Record<string, (state: unknown, seat: number) => unknown> = {
  seledyne: (state, seat) => seledynePlayoutView(state as SeledyneState, seat),
  silver: (state, seat) => playoutView(state as SilverState, seat),
};
