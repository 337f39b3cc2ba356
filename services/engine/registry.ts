/**
 * The catalog: every game the server offers. Adding a game is one import and one entry.
 */
import type { AnyGame } from './core/index.js';
import { scout } from './games/scout/index.js';
import { silver } from './games/silver/index.js';
import { seledyne } from './games/seledyne/index.js';
import { seaSaltAndPaper } from './games/sea-salt-and-paper/index.js';

export const games: readonly AnyGame[] = [
  scout,
  silver,
  seledyne,
  seaSaltAndPaper,
];

export function findGame(id: string): AnyGame | undefined {
  return games.find((g) => g.id === id);
}

// Each game's view type, for readers of views outside the engine (the research environment's
// tensors): read from here, a view field renamed or dropped breaks them at compile time.
export type { ScoutView } from './games/scout/view.js';
export type { View as SeaSaltAndPaperView } from './games/sea-salt-and-paper/view.js';
export type { SeledyneView } from './games/seledyne/view.js';
export type { SilverView } from './games/silver/view.js';
