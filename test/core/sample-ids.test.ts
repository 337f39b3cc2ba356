/** PlacedIds: the cards a sampled world has placed, for decks of distinct cards named 0..n-1. */
import { describe, expect, it } from 'vitest';
import { PlacedIds } from '../../services/engine/core/index.js';

describe('PlacedIds', () => {
  it('the cards not placed are every other id, in id order', () => {
    const placed = new PlacedIds(6).add([4, 1]).add([]);
    expect(placed.rest()).toEqual([0, 2, 3, 5]);
    expect([placed.has(1), placed.has(2)]).toEqual([true, false]);
  });

  it('the cards of a given list not placed, in that list order (a deck with cards left out)', () => {
    expect(new PlacedIds(10).add([7, 2]).rest([9, 7, 5, 2, 0])).toEqual([9, 5, 0]);
  });

  it('refuses a card placed twice: the view and the deck disagree', () => {
    expect(() => new PlacedIds(6).add([3]).add([3])).toThrow(/card 3 is placed twice/);
  });
});
