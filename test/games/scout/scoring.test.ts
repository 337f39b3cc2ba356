/**
 * §4.2 round scoring: the three worked examples of docs/rules/scout.md, as a pure function and through the
 * move that ends the round (with every card of the round accounted for).
 */
import { describe, expect, it } from 'vitest';
import type { RoundEnded } from '../../../services/engine/games/scout/events.js';
import { scoreRound, winners } from '../../../services/engine/games/scout/scoring.js';
import type { State } from '../../../services/engine/games/scout/state.js';
import { arranged, eventsOf, type Position } from './fixtures.js';

const cardCount = (s: State) => ({
  captured: s.captured.flat().length,
  hands: s.hands.flat().length,
  active: s.active.length,
});
const ended = (p: Position) => eventsOf(p.last, 'RoundEnded')[0] as RoundEnded;

describe('§4.2 round scoring', () => {
  it('§4.2 worked example 1 (4 players, condition 2, C exempt): 4, −5, 10, 0', () => {
    const scores = scoreRound(
      [
        { captured: 8, scoutChips: 2, handCards: 6 },
        { captured: 2, scoutChips: 1, handCards: 8 },
        { captured: 7, scoutChips: 3, handCards: 4 },
        { captured: 4, scoutChips: 0, handCards: 4 },
      ],
      2,
    );
    expect(scores.map((s) => s.score)).toEqual([4, -5, 10, 0]);
    expect(scores[2]).toEqual({ captured: 7, scoutChips: 3, handCards: 4, handPenalty: 0, score: 10 });
  });

  it('§4.2 worked example 1 through the third Scout: D, A and B scouted C\'s 4-card set', () => {
    // Before B's scout: C (seat 2) owns the 2 cards left; D and A have scouted.
    const before = arranged(4, {
      hands: ['1 3 5 7 9 2', '2 4 6 8 1 3 5', '3 5 7 9', '4 6 8 1'],
      active: '6 6',
      owner: 2,
      captured: [8, 2, 7, 4],
      chips: [2, 1, 2, 0],
      turn: 1,
      consecutiveScouts: 2,
    });
    const p = before.play(1, { type: 'scout', end: 'right', flip: false, at: 7 });
    const result = ended(p);
    expect(result).toMatchObject({ reason: 'scouted-around', exempt: 2 });
    expect(result.scores.map((s) => s.score)).toEqual([4, -5, 10, 0]);
    expect(result.totals).toEqual([4, -5, 10, 0]);
    // Cards: 21 captured + 22 in hands + 1 in the Active Set = 44.
    expect(cardCount(before.state)).toEqual({ captured: 21, hands: 21, active: 2 });
    expect(result.scores.reduce((n, s) => n + s.captured + s.handCards, 0) + 1).toBe(44);
  });

  it('§4.2 worked example 2 (3 players, condition 1): 10, 2, −4', () => {
    expect(
      scoreRound(
        [
          { captured: 9, scoutChips: 1, handCards: 0 },
          { captured: 4, scoutChips: 3, handCards: 5 },
          { captured: 6, scoutChips: 0, handCards: 10 },
        ],
        null,
      ).map((s) => s.score),
    ).toEqual([10, 2, -4]);
  });

  it('§4.2 worked example 2 through the Show: A shows its last two cards 8-8 over B\'s 6-6', () => {
    const before = arranged(3, {
      hands: ['8 8', '1 3 5 7 9', '2 4 6 8 1 3 5 7 9 2'],
      active: '6 6',
      owner: 1,
      captured: [7, 4, 6],
      chips: [1, 3, 0],
      turn: 0,
    });
    expect(cardCount(before.state)).toEqual({ captured: 17, hands: 17, active: 2 });
    const p = before.play(0, { type: 'show', from: 0, to: 1 });
    const result = ended(p);
    expect(result).toMatchObject({ reason: 'empty-hand', exempt: null });
    expect(result.scores.map((s) => [s.captured, s.scoutChips, s.handCards, s.score])).toEqual([
      [9, 1, 0, 10],
      [4, 3, 5, 2],
      [6, 0, 10, -4],
    ]);
    // Cards: 19 captured + 15 in hands + 2 in the Active Set (8-8) = 36.
    expect(result.scores.reduce((n, s) => n + s.captured + s.handCards, 0) + 2).toBe(36);
  });

  it('§4.2 worked example 3 (2 players, condition 2): P1 7, P2 −5', () => {
    expect(
      scoreRound(
        [
          { captured: 6, scoutChips: 1, handCards: 4 },
          { captured: 2, scoutChips: 0, handCards: 7 },
        ],
        0,
      ).map((s) => s.score),
    ).toEqual([7, -5]);
  });

  it('§4.2 worked example 3 through the Show: P1 shows 7-8-9; P2 has no chip and no stronger set', () => {
    // Round 2 (no set-aside cards): the round's 22 cards are all accounted for.
    const before = arranged(2, {
      round: 2,
      hands: ['7 8 9 1 2 3 4', '1 3 5 7 9 2 4'],
      active: '3 3',
      owner: 1,
      captured: [4, 2],
      chips: [1, 0],
      turn: 0,
    });
    const p = before.play(0, { type: 'show', from: 0, to: 2 });
    const result = ended(p);
    expect(result).toMatchObject({ reason: 'cannot-act', exempt: 0 });
    expect(result.scores.map((s) => [s.captured, s.scoutChips, s.handCards, s.score])).toEqual([
      [6, 1, 4, 7],
      [2, 0, 7, -5],
    ]);
    expect(cardCount(p.state)).toEqual({ captured: 8, hands: 11, active: 3 });
  });

  it('§4.2 the Active Set scores for nobody and Scout & Show chips score nothing', () => {
    const before = arranged(3, {
      hands: ['8 8', '1 3', '2 4'],
      active: '6 6',
      owner: 1,
      captured: [0, 0, 0],
      chips: [0, 0, 0],
      turn: 0,
    });
    const result = ended(before.play(0, { type: 'show', from: 0, to: 1 }));
    expect(result.scores.map((s) => s.score)).toEqual([2, -2, -2]);
  });

  it('E13 round scores and totals may be negative', () => {
    expect(scoreRound([{ captured: 0, scoutChips: 0, handCards: 9 }], null)[0]!.score).toBe(-9);
  });

  it('§4.4 ties share the win', () => {
    expect(winners([3, 7, 7, -2])).toEqual([1, 2]);
    expect(winners([0, 0])).toEqual([0, 1]);
  });
});
