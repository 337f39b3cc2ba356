/**
 * The law of sampleWorld for Sea Salt & Paper: at positions of random and greedy play, at 2, 3
 * and 4 seats and under option sets that change what is hidden (when hands are revealed,
 * whether the caller's hand can be robbed, the empty-pile rules), a world sampled from a seat's
 * view looks the same to that seat, keeps every invariant of the game, and can be played on.
 */
import { describe, expect, it } from 'vitest';
import { checkSampleWorld } from '../../kit/sample-world.js';
import { greedySeaSaltAndPaper } from '../../../services/bots/greedy/sea-salt-and-paper.js';
import type { State } from '../../../services/engine/games/sea-salt-and-paper/state.js';
import { game } from './helpers.js';
import { checkState, OPTION_SETS } from './invariants.js';

const check = (s: unknown) => checkState(s as State);

describe('sampleWorld: a world the seat cannot tell from the real one', () => {
  let total = 0;
  it.each([2, 3, 4])('%i seats, every option set, random play', (seats) => {
    for (const [i, options] of OPTION_SETS.entries()) total += checkSampleWorld(game, { seats, options: { ...options, targetScore: 8 }, games: 2, every: 3, playOn: 6, check, seed: `random:${seats}:${i}` });
  });
  it.each([2, 3, 4])('%i seats, every option set, greedy play', (seats) => {
    for (const [i, options] of OPTION_SETS.entries())
      total += checkSampleWorld(game, { seats, options: { ...options, targetScore: 12 }, games: 2, every: 2, playOn: 6, bot: greedySeaSaltAndPaper, check, seed: `greedy:${seats}:${i}` });
  });
  it('checks at least 5,000 (position, seat) pairs in all', () => {
    console.log(`sampleWorld law: ${total} (position, seat) pairs`);
    expect(total).toBeGreaterThanOrEqual(5000);
  });
});
