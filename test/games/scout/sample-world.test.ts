/**
 * The sampleWorld law for SCOUT (test/kit/sample-world.ts): at positions of random and greedy
 * play, at every seat count and with the options that change what is hidden, a world drawn from
 * a seat's view looks the same to it, keeps every card once (checkScout) and can be played on.
 */
import { describe, expect, it } from 'vitest';
import type { TableState } from '../../../services/engine/core/index.js';
import { greedyScout } from '../../../services/bots/greedy/scout.js';
import { checkSampleWorld } from '../../kit/sample-world.js';
import { scout } from './fixtures.js';
import { checkScout } from './invariants.js';

const check = (state: unknown) => checkScout({ play: state } as TableState);

const optionSets = [
  { name: 'default options', options: {} },
  { name: 'hidden insert positions, sequential rotation', options: { hideScoutInsertPosition: true, simultaneousRotation: false } },
  { name: 'emptied set loses its Owner, Scout & Show any time, 2p pass', options: { ownerPersistsWhenSetEmptied: false, scoutShowOnlyWhenShowFollows: false, twoPlayerAllowPass: true } },
];

/** Games are short with few seats and long with many: over a thousand pairs per seat count. */
const reach: Record<number, { games: number; every: number }> = { 2: { games: 3, every: 1 }, 3: { games: 2, every: 2 }, 4: { games: 1, every: 4 }, 5: { games: 1, every: 8 } };

const cases = [2, 3, 4, 5].flatMap((seats) =>
  optionSets.flatMap(({ name, options }) => [
    { seats, name, options, player: 'random', bot: undefined },
    { seats, name, options, player: 'greedy', bot: greedyScout },
  ]),
);

describe('sampleWorld: a world the seat cannot tell from the real one', () => {
  let total = 0;
  it.each(cases.map((c) => [`${c.seats} seats, ${c.name}, ${c.player} play`, c] as const))('%s', (_, { seats, options, bot }) => {
    const { games, every } = reach[seats]!;
    const checked = checkSampleWorld(scout, { seats, options, games, bot, every, playOn: 6, check, seed: `sample-${seats}` });
    total += checked;
    expect(checked).toBeGreaterThan(100);
  });
  it('checks at least 5,000 (position, seat) pairs in all', () => {
    expect(total).toBeGreaterThanOrEqual(5000);
  });
});
