/**
 * Each game's greedy bot: one ply from the game's own scoring, a few dozen lines named after
 * what it prefers. A game without one here plays `random` when asked for `greedy`.
 */
import type { Bot } from '../../engine/core/index.js';
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
