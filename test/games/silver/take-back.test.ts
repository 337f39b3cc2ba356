/** Silver: which moves can be taken back (docs/rules/silver.md, "Taking a move back"), and the law (test/kit/take-back.ts). */
import { describe, expect, it } from 'vitest';
import { silver } from '../../../services/engine/games/silver/index.js';
import { greedySilver } from '../../../services/bots/greedy/silver.js';
import { checkTakeBack, makeMove, refusal } from '../../kit/take-back.js';

const type = (m: unknown) => (m as { type: string }).type;
const options = { rounds: 1 };

describe('Silver: taking a move back', () => {
  it('given a seat marked a card for a multi-card exchange, then it can be taken back', () => {
    const m = makeMove(silver, { seats: 3, options }, (move) => type(move) === 'slide');
    expect(refusal(m.last, m.seat)).toBeNull();
  });

  it('given a seat named the card its Bodyguard protects, then it can be taken back', () => {
    const m = makeMove(silver, { seats: 3, options, games: 60 }, (move) => type(move) === 'guard');
    expect(refusal(m.last, m.seat)).toBeNull();
  });

  it('given a seat drew the top card of the deck, when it asks to take that back, then it is refused: it saw the card', () => {
    const m = makeMove(silver, { seats: 3, options }, (move) => type(move) === 'draw');
    expect(refusal(m.last, m.seat)).toBe('INFORMATION_REVEALED');
  });

  it('given a seat looked at two of its cards at the round start, when it asks to take that back, then it is refused', () => {
    const m = makeMove(silver, { seats: 3, options }, (move) => type(move) === 'peek');
    expect(refusal(m.last, m.seat)).not.toBeNull();
  });

  it('given a seat placed a held card into its village face down, when it asks to take that back, then it is refused: the others learn whether it knew the card', () => {
    const m = makeMove(silver, { seats: 3, options }, (move) => type(move) === 'place');
    expect(refusal(m.last, m.seat)).toBe('INFORMATION_REVEALED');
  });

  it('law: every move that can be taken back tells no seat anything, and only its mover may take it back', () => {
    const seen = new Set<string>();
    for (const seats of [2, 3]) {
      for (const k of Object.keys(checkTakeBack(silver, { seats, options, games: 1, maxMoves: 150, seed: `law-${seats}` }).allowed)) seen.add(k);
      for (const k of Object.keys(checkTakeBack(silver, { seats, options, games: 1, maxMoves: 150, bot: greedySilver, seed: `greedy-${seats}` }).allowed)) seen.add(k);
    }
    for (const k of ['slide', 'guard']) expect(seen).toContain(k);
    for (const k of seen) expect(['slide', 'unslide', 'guard', 'target', 'seat', 'number', 'call', 'token', 'end', 'skip', 'confirm', 'activate']).toContain(k);
  });
});
