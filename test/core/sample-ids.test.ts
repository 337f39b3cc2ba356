/** unseenIds is `unseen` for integer ids: the same answer, the same refusal. */
import { describe, expect, it } from 'vitest';
import { fastRng, unseen, unseenIds } from '../../services/engine/core/index.js';

describe('unseenIds', () => {
  it('gives what unseen gives, in deck order, for decks with repeated ids and any seen subset', () => {
    const rng = fastRng(5);
    for (let k = 0; k < 200; k++) {
      const all = Array.from({ length: 1 + rng.int(60) }, () => rng.int(30));
      const seen = all.filter(() => rng.int(3) === 0);
      expect(unseenIds(all, seen)).toEqual(unseen(all, seen));
    }
  });

  it('refuses a card seen more often than the deck holds it, or not in the deck', () => {
    expect(() => unseenIds([1, 2, 2], [2, 2, 2])).toThrow(/card 2 is seen more often/);
    expect(() => unseenIds([1, 2], [7])).toThrow(/card 7/);
    expect(() => unseenIds([1, 2], [-1])).toThrow(/card -1/);
  });
});
