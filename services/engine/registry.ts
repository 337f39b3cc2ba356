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
