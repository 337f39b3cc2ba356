/** Volume runs: many random games of one seat count through the kit's playthrough. */
import { expect, it } from 'vitest';
import { scout } from '../../../services/engine/games/scout/index.js';
import { scoutChecker } from './invariants.js';
import { gameSetup, scaled } from './playthrough-setup.js';
import { randomPlaythrough } from '../../kit/playthrough.js';

export interface BulkReport {
  games: number;
  commands: number;
  ms: number;
  reasons: Record<string, number>;
}

export function bulk(seats: number, games: number, deepEvery = 100): BulkReport {
  const reasons: Record<string, number> = {};
  const started = performance.now();
  let commands = 0;
  for (let g = 0; g < games; g++) {
    const { options, bot } = gameSetup(g);
    const run = randomPlaythrough(scout, { seats, options, bot, seed: `bulk-${seats}-${g}`, botSeed: g, deepEvery, legalSpread: 16, check: scoutChecker(seats) });
    commands += run.commands;
    for (const e of run.events) if (e.type === 'RoundEnded') reasons[(e as unknown as { reason: string }).reason] = (reasons[(e as unknown as { reason: string }).reason] ?? 0) + 1;
  }
  return { games, commands, ms: performance.now() - started, reasons };
}

/**
 * The volume is a soak: `npm test` plays a twentieth of it (the same checks on fewer games),
 * `npm run test:soak` (PARLOR_SOAK=1) all of it; SCOUT_GAMES_SCALE multiplies either.
 */
const SOAK_SHARE = process.env.PARLOR_SOAK === '1' ? 1 : 1 / 20;

/** One test per [seats, games]: the games end with every invariant; prints games per second. */
export function bulkTests(runs: [seats: number, games: number][]) {
  it.each(runs.map(([seats, games]) => [seats, scaled(games * SOAK_SHARE)]))('%i seats: %i random games end with every invariant', (seats, games) => {
    const report = bulk(seats, games);
    console.log(`SCOUT ${seats} seats: ${games} games, ${report.commands} commands, ${Math.round((games * 1000) / report.ms)} games/s`, report.reasons);
    expect(Object.keys(report.reasons).length).toBeGreaterThan(0);
  }, 600_000);
}
