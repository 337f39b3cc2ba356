/**
 * The law of sampleWorld for Sea Salt & Paper: at positions of random and greedy play, at 2, 3
 * and 4 seats and under option sets that change what is hidden (when hands are revealed,
 * whether the caller's hand can be robbed, the empty-pile rules), a world sampled from a seat's
 * view looks the same to that seat, keeps every invariant of the game, and can be played on.
 */
import { describe, expect, it } from 'vitest';
import { fastRng } from '../../../services/engine/core/index.js';
import { checkSampleWorld } from '../../kit/sample-world.js';
import { greedySeaSaltAndPaper } from '../../../services/bots/greedy/sea-salt-and-paper.js';
import type { State } from '../../../services/engine/games/sea-salt-and-paper/state.js';
import { act, fold, game, id, position, setup } from './helpers.js';
import { checkState, OPTION_SETS } from './invariants.js';

const check = (s: unknown) => checkState(s as State);

describe('sampleWorld: a world the seat cannot tell from the real one', () => {
  let total = 0;
  it.each([2, 3, 4])('%i seats, every option set, random play', (seats) => {
    for (const [i, options] of OPTION_SETS.entries()) total += checkSampleWorld(game, { seats, options: { ...options, targetScore: 4 }, games: 3, every: 3, playOn: 4, check, seed: `random:${seats}:${i}` });
  });
  it.each([2, 3, 4])('%i seats, every option set, greedy play', (seats) => {
    for (const [i, options] of OPTION_SETS.entries())
      total += checkSampleWorld(game, { seats, options: { ...options, targetScore: 12 }, games: 2, every: 3, playOn: 4, bot: greedySeaSaltAndPaper, check, seed: `greedy:${seats}:${i}` });
  });
  it('checks at least 5,000 (position, seat) pairs in all', () => {
    console.log(`sampleWorld law: ${total} (position, seat) pairs`);
    expect(total).toBeGreaterThanOrEqual(5000);
  });
});

describe('sampleWorld deals what the seat does not know from the rng, and keeps what it knows', () => {
  // Seat 1 takes the shell from pile 0 in view of all, then ends its turn; seat 0 is to draw.
  const shell = id('shell', 'black');
  const events = act(2, position({ seats: 2, active: 1, hands: [[id('captain')], [id('octopus')]], discards: [[id('lighthouse'), shell], [id('shoalOfFish')]] }), [
    [1, { type: 'takeDiscard', pile: 0 }],
    [1, { type: 'endTurn' }],
  ]);
  const view = game.view(fold(2, events), 0);
  const worlds = Array.from({ length: 300 }, (_, i) => game.sampleWorld!(view, 0, fastRng(i), setup(2)));

  it('the card seen taken into a hidden hand is in that hand in every world', () => {
    for (const w of worlds) expect(w.hands[1]).toContain(shell);
  });

  it('every card never seen face up can be dealt to the hidden hand, and the draw pile order changes with the rng', () => {
    const faceUp = new Set([...view.myHand!.map((c) => c.id), ...view.discards.flatMap((d) => d.seen.map((c) => c.id))]);
    const possible = Array.from({ length: 58 }, (_, c) => c).filter((c) => !faceUp.has(c));
    const dealt = new Set(worlds.flatMap((w) => w.hands[1]!.filter((c) => c !== shell)));
    expect([...dealt].sort((a, b) => a - b)).toEqual(possible);
    expect(new Set(worlds.map((w) => w.deck.join(','))).size).toBe(worlds.length);
  });
});
