/** Seledyne: which moves can be taken back (docs/rules/seledyne.md, "Taking a move back"), and the law (test/kit/take-back.ts). */
import { describe, expect, it } from 'vitest';
import { seledyne } from '../../../services/engine/games/seledyne/index.js';
import { checkTakeBack, makeMove, refusal } from '../../kit/take-back.js';

const type = (m: unknown) => (m as { type: string }).type;

describe('Seledyne: taking a move back', () => {
  it('given a seat added a counter card to its tribute, then it can be taken back (counter cards are public)', () => {
    const m = makeMove(seledyne, { seats: 3 }, (move) => type(move) === 'tribute');
    expect(refusal(m.last, m.seat)).toBeNull();
  });

  it('given a seat moved its tribute to Isthām, then it can be taken back', () => {
    const m = makeMove(seledyne, { seats: 3 }, (move) => type(move) === 'confirmTribute');
    expect(refusal(m.last, m.seat)).toBeNull();
  });

  it('given a seat passed, then it can be taken back', () => {
    const m = makeMove(seledyne, { seats: 3 }, (move, _state, _seat, toMove) => type(move) === 'pass' && toMove.length === 1);
    expect(refusal(m.last, m.seat)).toBeNull();
    expect(m.t.status(m.before).toMove).toEqual([m.seat]);
  });

  it('given a seat gave cards from its hand, when it asks to take the gift back, then it is refused: the cards were hidden in its hand', () => {
    const m = makeMove(seledyne, { seats: 3 }, (move) => type(move) === 'gift');
    expect(refusal(m.last, m.seat)).toBe('INFORMATION_REVEALED');
  });

  it('given every seat chooses its round draw at once, when a seat asks to take its choice back, then it is refused as simultaneous', () => {
    const m = makeMove(seledyne, { seats: 3 }, (move, _state, _seat, toMove) => (type(move) === 'roundDraw' || type(move) === 'skipRoundDraw') && toMove.length > 1);
    expect(refusal(m.last, m.seat)).toBe('SIMULTANEOUS');
  });

  it('law: every move that can be taken back tells no seat anything, and only its mover may take it back', () => {
    const seen = new Set<string>();
    for (const seats of [2, 4]) for (const k of Object.keys(checkTakeBack(seledyne, { seats, games: 2, maxMoves: 100, seed: `law-${seats}` }).allowed)) seen.add(k);
    expect([...seen].sort()).toEqual(['confirmTribute', 'endTurn', 'pass', 'tribute']);
  });
});

