/** The action and observation space of each game the environment offers, by game id. */
import { scoutSpace } from './games/scout.js';
import { seaSaltAndPaperSpace } from './games/sea-salt-and-paper.js';
import { seledyneSpace } from './games/seledyne.js';
import { silverSpace } from './games/silver.js';
import type { GameSpace } from './space.js';

const SPACES: Record<string, GameSpace> = {
  scout: scoutSpace,
  'sea-salt-and-paper': seaSaltAndPaperSpace,
  seledyne: seledyneSpace,
  silver: silverSpace,
};

export const envGames = (): string[] => Object.keys(SPACES);

export function spaceFor(game: string): GameSpace {
  const space = SPACES[game];
  if (!space) {
    const err = new Error(`the environment does not offer "${game}" (it offers ${envGames().join(', ')})`) as Error & { code: string };
    err.code = 'ENV_UNKNOWN_GAME';
    throw err;
  }
  return space;
}
