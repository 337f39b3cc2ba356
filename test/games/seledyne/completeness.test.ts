/** Legal-move lists are complete (test/kit/completeness.ts): offered iff accepted, every seat count. */
import { describe, expect, it } from 'vitest';
import { seledyne } from '../../../services/engine/games/seledyne/index.js';
import { expectCompleteLegalMoves } from '../../kit/completeness.js';
import { seledyneSpace } from './command-space.js';

/** Low card values make gifts easy, so games reach the Sum Rule, tributes and the last round. */
const VARIANTS = [
  {},
  { cardValues: [1, 1, 2, 2, 3, 3, 4, 4, 5, 5], exchangeLimit: 'ONCE_PER_EXCHANGE_CARD', sumRuleCheckTiming: 'PER_GIFT_SEQUENTIAL' },
  { roundDrawMandatory: false, sixRuleDecisionMode: 'TURN_ORDER', sixMultipleMode: 'CUMULATIVE', tributeBoostMode: 'MANDATORY' },
  // Random reserve draws and exchanges: the commands carry no card.
  { ownerSeesReserve: false, exchangeReserveCard: 'RANDOM', sixMultipleDrawsOptional: false, sixRuleRequiresReserveCard: false },
];

describe('legalCommands lists every move decide accepts, and only those', () => {
  it.each([2, 3, 4, 5, 6])('%i seats, four option variants', (seats) => {
    let checked = 0;
    for (const [g, options] of VARIANTS.entries()) {
      checked += expectCompleteLegalMoves(seledyne, seledyneSpace, { seats, options: { stages: 1, maxRoundsPerStage: 4, ...options }, seed: `complete-${seats}-${g}`, botSeed: g, deepEvery: 1000, every: 8 });
    }
    expect(checked).toBeGreaterThan(10);
  });
});
