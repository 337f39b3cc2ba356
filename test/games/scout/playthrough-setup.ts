/** What random SCOUT games vary: the options (every assumption both ways) and the bot. */
import { randomBot, type Bot } from '../../../services/engine/core/index.js';
import { kindBot } from '../../../services/engine/games/scout/bot.js';
import type { Options } from '../../../services/engine/games/scout/options.js';

const VARIANTS: Partial<Options>[] = [
  {},
  { ownerPersistsWhenSetEmptied: false },
  { hideScoutInsertPosition: true },
  { simultaneousRotation: false },
  { twoPlayerAllowPass: true },
  { twoPlayerUnspentChipsScore: false, startSeat: 1 },
];

/** Game `g`'s options and bot: they cycle, so every option meets both bots. */
export function gameSetup(g: number): { options: Partial<Options>; bot: Bot } {
  return { options: VARIANTS[g % VARIANTS.length]!, bot: Math.floor(g / VARIANTS.length) % 2 ? randomBot : kindBot };
}
