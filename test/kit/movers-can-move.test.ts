/** The kit's invariant itself (test/kit/playthrough.ts): it must be able to fail both ways. */
import { describe, expect, it } from 'vitest';
import { expectMoversCanMove } from './playthrough.js';

describe('the kit invariant: a seat to move has a legal move, a seat not to move has none', () => {
  it('a seat that is to move with no legal move fails (a game stuck for ever)', () => {
    expect(() => expectMoversCanMove([0], 2, () => [])).toThrow(/seat 0 must act but has no legal move/);
  });

  it('a seat that is not to move with legal moves fails', () => {
    expect(() => expectMoversCanMove([0], 2, () => [{ type: 'pass' }])).toThrow(/seat 1 is not to move but has legal moves/);
  });

  it('holds when exactly the seats to move have moves (several at once too)', () => {
    expect(() => expectMoversCanMove([0, 2], 3, (seat) => (seat === 1 ? [] : [{ type: 'pass' }]))).not.toThrow();
  });
});
