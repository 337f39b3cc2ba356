/**
 * The sampleWorld law for Silver (test/kit/sample-world.ts): at positions of random and of greedy
 * play, 2–4 seats, every edition, mixes and the options that change what is hidden or public, a
 * world sampled from one seat's view looks the same to that seat, conserves the 52 cards and
 * plays on.
 */
import { describe, expect, it } from 'vitest';
import { greedySilver } from '../../../services/bots/greedy/silver.js';
import { silver } from '../../../services/engine/games/silver/index.js';
import type { State } from '../../../services/engine/games/silver/state.js';
import { checkSampleWorld } from '../../kit/sample-world.js';
import { cardsConserved } from './helpers.js';

/** Silver's own invariants: every card once, the box holds the unused rows, per-card arrays whole. */
function check(state: unknown) {
  const s = state as State;
  cardsConserved(s);
  expect(s.box.length).toBe(5 * (4 - s.seats));
  expect([s.up.length, s.rot.length, s.known.length]).toEqual([52, 52, 52]);
}

const MIXES: Record<string, unknown>[] = [
  { edition: 'dagger' },
  { edition: 'coin' },
  { edition: 'amulet' },
  { edition: 'amulet', token: 'coin', rascalExtra: 'returnTop', squireDisplay: 'one', simultaneousPeek: false },
  { edition: 'dagger', mix: { '0': 'promo', '3': 'promo', '5': 'promo', '12': 'promo' }, token: 'bullet' },
  { edition: 'coin', mix: { '1': 'amulet', '3': 'amulet', '4': 'amulet', '9': 'amulet', '11': 'amulet' }, discardTakeDisablesFU: true, coinGenerousGuess: true, coinAssassinGuess: true, token: 'amulet' },
  { edition: 'amulet', mix: { '4': 'dagger', '1': 'bullet', '5': 'dagger', '12': 'dagger' }, masterTake: 'add', masterThiefLooks: true, token: 'dagger' },
];

let total = 0;
describe('sampleWorld: the seat cannot tell the sampled world from the real one', () => {
  for (const seats of [2, 3, 4])
    for (const [i, options] of MIXES.entries()) {
      it(`${seats} seats, option set ${i} (${JSON.stringify(options)}), random play`, () => {
        total += checkSampleWorld(silver, { seats, options: { rounds: 2, ...options }, games: 1, every: 3, check, seed: `random-${i}` });
      });
      it(`${seats} seats, option set ${i}, greedy play`, () => {
        total += checkSampleWorld(silver, { seats, options: { rounds: 2, ...options }, games: 1, every: 2, bot: greedySilver, check, seed: `greedy-${i}` });
      });
    }
  it('checked at least 5,000 (position, seat) pairs', () => {
    console.log(`sampleWorld law: ${total} (position, seat) pairs`);
    expect(total).toBeGreaterThanOrEqual(5000);
  });
});
