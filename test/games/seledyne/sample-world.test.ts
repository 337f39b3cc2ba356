/**
 * The sampleWorld law (test/kit/sample-world.ts) for Seledyne: at positions of random and greedy
 * play, every seat count and the option sets that change what is hidden (random draws, optional
 * draws, Six Rule in turn order or without a reserve card, exchanges that need a gift, hidden
 * unplayed lists, low cards that reach the last round), a world drawn from one seat's view looks
 * the same to it, keeps every card in one place with Seledyne's invariants, and can be played on.
 * Sections (§) and option ids (A0–A30) cite docs/rules/seledyne.md.
 */
import { describe, expect, it } from 'vitest';
import { fastRng } from '../../../services/engine/core/index.js';
import { tributeThenGiveMost } from '../../../services/bots/greedy/seledyne.js';
import { seledyne } from '../../../services/engine/games/seledyne/index.js';
import type { State } from '../../../services/engine/games/seledyne/state.js';
import { checkSampleWorld } from '../../kit/sample-world.js';
import { stateInvariants } from './invariants.js';
import { tableGame } from './helpers.js';

const check = (s: unknown) => stateInvariants(s as State);
const SHORT = { stages: 1, maxRoundsPerStage: 3 };
const LOW = { cardValues: [1, 1, 2, 2, 3, 3, 4, 4, 5, 5] };

const VARIANTS: Record<string, object> = {
  defaults: SHORT,
  'random reserve draws (A5)': { ...SHORT, ownerSeesReserve: false },
  'random exchange card (A5)': { ...SHORT, exchangeReserveCard: 'RANDOM' },
  'optional round draw (A7)': { ...SHORT, roundDrawMandatory: false },
  'Six Rule in turn order, no reserve card needed (A8, A9)': { ...SHORT, sixRuleDecisionMode: 'TURN_ORDER', sixRuleRequiresReserveCard: false },
  'Sum Rule at each gift, cumulative Six-Multiple (A11, A13)': { ...SHORT, sumRuleCheckTiming: 'PER_GIFT_SEQUENTIAL', sixMultipleMode: 'CUMULATIVE' },
  'an exchange needs a gift, boost and draws mandatory (A10, A12, A16)': { ...SHORT, exchangeWithoutGiftAllowed: false, tributeBoostMode: 'MANDATORY', sixMultipleDrawsOptional: false },
  'unplayed lists hidden, final clamp (A19, A26)': { ...SHORT, exposeDerivedUnplayed: false, scoreFloorMode: 'FINAL_CLAMP' },
  'low cards: the last round and its continuation': { ...LOW, stages: 1, initialHandSize: 3 },
};

describe('sampleWorld: a world drawn from a seat’s view is one it cannot tell from the real one', () => {
  let total = 0;
  for (const [name, options] of Object.entries(VARIANTS))
    it.each([2, 3, 4, 5, 6])(`${name}, %i seats, random and greedy play`, (seats) => {
      const law = { seats, options, games: 1, every: 6, playOn: 4, check, seed: `${name}:${seats}` };
      const n = checkSampleWorld(seledyne, law) + checkSampleWorld(seledyne, { ...law, bot: tributeThenGiveMost, every: 3 });
      expect(n).toBeGreaterThan(0);
      total += n;
    });

  it('checks at least 5,000 (position, seat) pairs in all', () => {
    console.log(`seledyne sampleWorld law: ${total} (position, seat) pairs`);
    expect(total).toBeGreaterThanOrEqual(5_000);
  });
});

describe('sampleWorld deals without bias', () => {
  it('at the start of a stage each unplayed card of another seat is in its hand as often as its share (5 of 10)', () => {
    const g = tableGame(3, {}, 'uniform');
    const s = g.state.play as State;
    const view = seledyne.view(s, 0);
    const rng = fastRng(11);
    const inHand = new Map<string, number>();
    const worlds = 2_000;
    for (let k = 0; k < worlds; k++) for (const c of seledyne.sampleWorld!(view, 0, rng, { seats: 3, options: s.options }).players[1]!.hand) inHand.set(c.id, (inHand.get(c.id) ?? 0) + 1);
    expect(inHand.size).toBe(10);
    for (const n of inHand.values()) expect(Math.abs(n / worlds - 0.5)).toBeLessThan(0.05);
  });
});
