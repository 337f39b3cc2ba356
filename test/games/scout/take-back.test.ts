/** SCOUT: which moves can be taken back (docs/rules/scout.md, "Taking a move back"), and the law of take-backs (test/kit/take-back.ts). */
import { describe, expect, it } from 'vitest';
import { scout } from '../../../services/engine/games/scout/index.js';
import { checkTakeBack, makeMove, playOn, refusal } from '../../kit/take-back.js';

const type = (m: unknown) => (m as { type: string }).type;

describe('SCOUT: taking a move back', () => {
  it('given a seat scouted a card, then it can be taken back (the card was public; only its flip and place are the scout’s)', () => {
    const m = makeMove(scout, { seats: 3 }, (move) => type(move) === 'scout');
    expect(refusal(m.last, m.seat)).toBeNull();
    expect(m.t.status(m.before).toMove).toEqual([m.seat]);
  });

  it('given a seat paid its Scout & Show chip and scouted, then it can be taken back', () => {
    const m = makeMove(scout, { seats: 3 }, (move) => type(move) === 'scoutShow' && (move as { from?: number }).from === undefined);
    expect(refusal(m.last, m.seat)).toBeNull();
  });

  it('given a seat showed a set, when it asks to take it back, then it is refused: the shown cards came out of a hidden hand', () => {
    const m = makeMove(scout, { seats: 3 }, (move) => type(move) === 'show');
    expect(m.after.ended).toBe(false);
    expect(refusal(m.last, m.seat)).toBe('INFORMATION_REVEALED');
  });

  it('given the round-start rotation is being chosen by every seat at once, when a seat asks to take its choice back, then it is refused as simultaneous', () => {
    const m = makeMove(scout, { seats: 3 }, (move, _state, _seat, toMove) => type(move) === 'rotate' && toMove.length > 1);
    expect(refusal(m.last, m.seat)).toBe('SIMULTANEOUS');
  });

  it('given a seat scouted, when the next player acts, then the scout can no longer take it back', () => {
    const m = makeMove(scout, { seats: 3 }, (move) => type(move) === 'scout');
    expect(m.t.status(m.after).toMove).not.toContain(m.seat);
    const next = playOn(m);
    expect(refusal(next.last, m.seat)).toBe('NEXT_PLAYER_ACTED');
  });

  it('given a seat scouted, when another seat asks to take the move back, then it is refused: it is not theirs', () => {
    const m = makeMove(scout, { seats: 3 }, (move) => type(move) === 'scout');
    const other = m.t.status(m.after).toMove.find((s) => s !== m.seat) ?? (m.seat + 1) % 3;
    expect(refusal(m.last, other)).toBe('NOT_YOUR_MOVE');
  });

  it('law: every move that can be taken back tells no seat anything, and only its mover may take it back', () => {
    const seen: Record<string, number> = {};
    for (const seats of [2, 4]) {
      const { allowed } = checkTakeBack(scout, { seats, games: 2, maxMoves: 100, seed: `law-${seats}` });
      for (const [k, n] of Object.entries(allowed)) seen[k] = (seen[k] ?? 0) + n;
    }
    // Both kinds of take-backable move came up, and only those.
    expect(Object.keys(seen).sort()).toEqual(['scout', 'scoutShow']);
  });
});
