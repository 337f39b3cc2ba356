/**
 * Random playthroughs through test/kit/playthrough.ts, every seat count, with SCOUT's own
 * invariants (cards conserved, whoever must act can Show or Scout, E9, redaction) after
 * every command. The volume runs are in bulk-*.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { scout } from '../../../services/engine/games/scout/index.js';
import { randomPlaythrough } from '../../kit/playthrough.js';
import { scoutChecker } from './invariants.js';
import { gameSetup, scaled } from './playthrough-setup.js';

describe('random playthroughs (test/kit/playthrough.ts)', () => {
  it.each([
    [2, 4],
    [3, 2],
    [4, 1],
    [5, 1],
  ])('%i seats: %i games with every check after every command', (seats, games) => {
    for (let g = 0; g < scaled(games); g++) {
      // From the eager bot's turn in the cycle: its games are the shortest (every check refolds all).
      const { options, bot } = gameSetup(6 + g);
      randomPlaythrough(scout, { seats, options, bot, seed: `every-${seats}-${g}`, botSeed: g, check: scoutChecker(seats) });
    }
  });

  it.each([
    [2, 20],
    [3, 12],
    [4, 6],
    [5, 4],
  ])('%i seats: %i games with deep checks every 50 commands', (seats, games) => {
    const reasons = new Set<string>();

    for (let g = 0; g < scaled(games); g++) {
      const { options, bot } = gameSetup(g);
      const { events } = randomPlaythrough(scout, { seats, options, bot, seed: `kit-${seats}-${g}`, botSeed: g, deepEvery: 50, check: scoutChecker(seats) });
      for (const e of events) if (e.type === 'RoundEnded') reasons.add((e as unknown as { reason: string }).reason);
    }
    expect(reasons.size).toBeGreaterThan(0);
  });
});
