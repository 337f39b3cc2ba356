/** What random SCOUT games vary: the options (every assumption both ways) and the bot. */
import { randomBot, type Bot } from '../../../services/engine/core/index.js';
import { eagerBot, kindBot } from '../../../services/engine/games/scout/bot.js';
import type { Options } from '../../../services/engine/games/scout/options.js';

const VARIANTS: Partial<Options>[] = [
  {},
  { ownerPersistsWhenSetEmptied: false },
  { hideScoutInsertPosition: true, scoutShowOnlyWhenShowFollows: false },
  { simultaneousRotation: false },
  { twoPlayerAllowPass: true },
  { twoPlayerUnspentChipsScore: false, startSeat: 1 },
];
const BOTS: Bot[] = [kindBot, eagerBot, randomBot];

/** Game `g`'s options and bot: they cycle, so every option meets every bot. */
export function gameSetup(g: number): { options: Partial<Options>; bot: Bot } {
  return { options: VARIANTS[g % VARIANTS.length]!, bot: BOTS[Math.floor(g / VARIANTS.length) % BOTS.length]! };
}

/**
 * How many games a volume test plays: `base` times SCOUT_GAMES_SCALE (default 1), e.g.
 * `SCOUT_GAMES_SCALE=10 npx vitest run test/games/scout` for a long soak.
 */
export const scaled = (base: number) => Math.max(1, Math.round(base * Number(process.env.SCOUT_GAMES_SCALE ?? 1)));
