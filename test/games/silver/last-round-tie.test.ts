/**
 * §6.7 through play: the game's tie is broken by the token holder during the last round or after
 * its assignment (finalTieHolder). decide emits the round's scores, then the new token, then the
 * game's end; its working copy changes with each (sim.ts), so the winners must come from the
 * state before the token moved.
 */
import { describe, expect, it } from 'vitest';
import type { Command } from '../../../services/engine/games/silver/commands.js';
import { round } from './helpers.js';

const draw: Command = { type: 'draw' };
const discard: Command = { type: 'discard' };

describe('the last round’s tie-break holder', () => {
  // Seat 0 holds the token (inactive) in the one round; seat 1 starts it. Both end on 5: the round's
  // tie goes to the start player (§6.5), so the token moves to seat 1 after the round.
  const played = (finalTieHolder: string) =>
    round({ seats: 2, villages: [[5], [5]], start: 1, token: { holder: 0, active: false }, deck: [7], options: { edition: 'amulet', rounds: 1, finalTieHolder } }).all(1, draw, discard).state;

  it('afterLastRound: the new holder wins the tie', () => {
    const s = played('afterLastRound');
    expect(s.phase).toBe('over');
    expect(s.scores).toEqual([5, 5]);
    expect(s.token.holder).toBe(1);
    expect(s.winners).toEqual([1]);
  });

  it('duringLastRound: the holder during the round wins it, though the token has moved', () => {
    const s = played('duringLastRound');
    expect(s.phase).toBe('over');
    expect(s.token.holder).toBe(1);
    expect(s.winners).toEqual([0]);
  });
});
