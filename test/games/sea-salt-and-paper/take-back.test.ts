/** Sea Salt & Paper: which moves can be taken back (docs/rules/sea-salt-and-paper.md, "Taking a move back"), and the law (test/kit/take-back.ts). */
import { describe, expect, it } from 'vitest';
import { seaSaltAndPaper } from '../../../services/engine/games/sea-salt-and-paper/index.js';
import { checkTakeBack, makeMove, playOn, refusal } from '../../kit/take-back.js';

const type = (m: unknown) => (m as { type: string }).type;

describe('Sea Salt & Paper: taking a move back', () => {
  it('given a seat ended its turn without a call, then it can be taken back: the seat is in its turn again and may still call or play duos', () => {
    const m = makeMove(seaSaltAndPaper, { seats: 3 }, (move) => type(move) === 'endTurn');
    expect(refusal(m.last, m.seat)).toBeNull();
    expect(m.t.legalMoves(m.before, m.seat).some((x) => type(x) === 'stop' || type(x) === 'playDuo' || type(x) === 'lastChance' || type(x) === 'endTurn')).toBe(true);
  });

  it('given a seat drew two cards, when it asks to take that back, then it is refused: it saw the deck', () => {
    const m = makeMove(seaSaltAndPaper, { seats: 3 }, (move) => type(move) === 'draw');
    expect(refusal(m.last, m.seat)).toBe('INFORMATION_REVEALED');
  });

  it('given a seat took the top of a discard pile, when it asks to take that back, then it is refused: the card beneath came to the top', () => {
    const m = makeMove(seaSaltAndPaper, { seats: 3 }, (move) => type(move) === 'takeDiscard');
    expect(refusal(m.last, m.seat)).toBe('INFORMATION_REVEALED');
  });

  it('given a seat played a duo, when it asks to take that back, then it is refused: the cards came out of a hidden hand', () => {
    const m = makeMove(seaSaltAndPaper, { seats: 3 }, (move) => type(move) === 'playDuo');
    expect(refusal(m.last, m.seat)).toBe('INFORMATION_REVEALED');
  });

  it('given a seat ended its turn, when the next player draws, then the turn can no longer be taken back', () => {
    const m = makeMove(seaSaltAndPaper, { seats: 3 }, (move) => type(move) === 'endTurn');
    const next = playOn(m);
    expect(next.seat).not.toBe(m.seat);
    expect(refusal(next.last, m.seat)).toBe('NEXT_PLAYER_ACTED');
  });

  it('law: every move that can be taken back tells no seat anything, and only its mover may take it back', () => {
    const seen = new Set<string>();
    for (const seats of [2, 4]) for (const k of Object.keys(checkTakeBack(seaSaltAndPaper, { seats, games: 2, maxMoves: 100, seed: `law-${seats}` }).allowed)) seen.add(k);
    expect([...seen]).toEqual(['endTurn']);
  });
});
