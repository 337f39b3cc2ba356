/** The environment's laws (laws.ts) for every game it offers, at its smallest and largest tables. */
import { describe, expect, it } from 'vitest';
import { checkLaws, type LawRun } from './laws.js';

const RUNS: LawRun[] = [
  { game: 'scout', seats: 2, games: 3, every: 9 },
  { game: 'scout', seats: 5, options: { roundActionLimit: 60 }, games: 1, every: 40 },
  { game: 'scout', seats: 3, options: { twoPlayerAllowPass: false, simultaneousRotation: false, hideScoutInsertPosition: true }, games: 1, every: 17 },
  { game: 'sea-salt-and-paper', seats: 2, games: 2, every: 7 },
  { game: 'sea-salt-and-paper', seats: 4, games: 1, every: 11 },
  { game: 'seledyne', seats: 3, games: 1, every: 12 },
  { game: 'seledyne', seats: 6, options: { stages: 1 }, games: 1, every: 15 },
  { game: 'seledyne', seats: 2, options: { stages: 1, cardValues: [1, 1, 2, 3, 5, 5, 8, 13, 20, 20] }, games: 1, every: 11 },
  { game: 'silver', seats: 2, games: 1, every: 25 },
  { game: 'silver', seats: 4, options: { edition: 'dagger' }, games: 1, every: 15, maxSteps: 200 },
  { game: 'silver', seats: 3, options: { edition: 'coin' }, games: 1, every: 15, maxSteps: 200 },
];

describe('the research environment keeps its laws', () => {
  for (const run of RUNS)
    it(`${run.game} at ${run.seats} seats${run.options ? ` ${JSON.stringify(run.options)}` : ''}`, () => {
      const { decisions, terminals } = checkLaws(run);
      expect(decisions).toBeGreaterThan(20);
      if (run.maxSteps === undefined) expect(terminals).toBeGreaterThan(0);
    });
});
