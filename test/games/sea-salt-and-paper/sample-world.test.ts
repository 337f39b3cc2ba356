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

describe('sampleWorld on an empty draw pile (positions random play rarely reaches)', () => {
  it('LAST CHANCE final turns after the draw pile ran out: the worlds look the same and play on', () => {
    const seven = [id('sailor', 'lightPink'), id('sailor', 'orange'), id('crab', 'yellow', 0), id('crab', 'yellow', 1), id('penguin', 'purple')];
    const given = position({ seats: 3, hands: [seven, [id('captain')], [id('octopus')]], deckCount: 1, overflow: [1, 2], phase: 'play' });
    const s = fold(3, act(3, given, [[0, { type: 'lastChance' }], [1, { type: 'draw' }], [1, { type: 'endTurn' }]]));
    expect([s.deck.length, s.active, s.call?.kind]).toEqual([0, 2, 'LAST_CHANCE']);
    for (let seat = 0; seat < 3; seat++) {
      for (let k = 0; k < 20; k++) {
        const view = game.view(s, seat);
        let w = game.sampleWorld!(structuredClone(view), seat, fastRng(k), setup(3));
        expect(game.view(w, seat)).toEqual(view);
        checkState(w);
        for (let i = 0; i < 4 && !game.status(w).over; i++) {
          const actor = game.status(w).toMove[0]!;
          const legal = game.legalCommands(w, actor);
          for (const e of game.decide(w, legal[(k + i) % legal.length]!, actor, fastRng(i))) w = game.evolve(w, e);
          checkState(w);
        }
      }
    }
  });
});
