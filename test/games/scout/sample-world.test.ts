/**
 * The sampleWorld law for SCOUT (test/kit/sample-world.ts): at positions of random and greedy
 * play, at every seat count and with the options that change what is hidden, a world drawn from
 * a seat's view looks the same to it, keeps every card once (checkScout) and can be played on.
 */
import { describe, expect, it } from 'vitest';
import { fastRng, table, type TableState } from '../../../services/engine/core/index.js';
import type { State } from '../../../services/engine/games/scout/state.js';
import { greedyScout } from '../../../services/bots/greedy/scout.js';
import { checkSampleWorld } from '../../kit/sample-world.js';
import { arranged, scout } from './fixtures.js';
import { seated } from './history.js';
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
    const checked = checkSampleWorld(scout, { seats, options, games, bot, every, playOn: 4, check, seed: `sample-${seats}` });
    total += checked;
    expect(checked).toBeGreaterThan(100);
  });
  it('checks at least 5,000 (position, seat) pairs in all', () => {
    expect(total).toBeGreaterThanOrEqual(5000);
  });
});

describe('sampleWorld keeps what the seat remembers', () => {
  it('2 seats, round 2: no card the seat saw in round 1 is dealt into the other hand (round 2 deals only the set-aside cards)', () => {
    const t = table(scout);
    const rng = fastRng(3);
    let worlds = 0;
    for (let g = 0; g < 3; g++) {
      let { state } = seated(t, 2, {}, `round-two-${g}`);
      const setup = { seats: 2, options: (state.play as State).options };
      while (!state.ended) {
        const real = state.play as State;
        if (real.round === 2)
          for (const seat of [0, 1]) {
            const saw = new Set(real.roundOneSeen![seat]);
            expect(saw.size).toBeGreaterThan(11);
            const world = scout.sampleWorld!(scout.view(real, seat), seat, rng, setup);
            const dealt = world.hands[1 - seat]!.filter((c) => saw.has(c.id)).map((c) => c.id);
            expect(dealt, `seat ${seat} saw these in round 1`).toEqual([]);
            worlds++;
          }
        const seat = t.status(state).toMove[0]!;
        const move = greedyScout(t.view(state, seat), t.legalMoves(state, seat), rng, { game: scout, seat, setup });
        state = t.fold(t.decide(state, { type: 'move', seat, move }), state);
      }
    }
    expect(worlds).toBeGreaterThan(50);
  });
});

describe('sampleWorld when the seat to act must Show', () => {
  it('2 seats, the opponent out of chips facing a run of five: its hand holds a stronger set (planted when deals rarely give one)', () => {
    for (const hide of [false, true]) {
      const p = arranged(2, { hands: ['1 2 3 4 5 9', '6 7 8 9 10 6 1 2'], captured: [15, 15], chips: [3, 0], turn: 0, options: { hideScoutInsertPosition: hide } }).play(0, { type: 'show', from: 0, to: 4 });
      const view = scout.view(p.state, 0);
      const rng = fastRng(4);
      for (let k = 0; k < 50; k++) {
        const world = scout.sampleWorld!(structuredClone(view), 0, rng, { seats: 2, options: p.options });
        expect(scout.view(world, 0)).toEqual(view);
        check(world);
        expect(scout.legalCommands(world, 1).length).toBeGreaterThan(0);
      }
    }
  });
});
