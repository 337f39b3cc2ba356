import { describe, expect, it } from 'vitest';
import { cardPoints, colourBonus, roundScores, winners } from '../../../services/engine/games/sea-salt-and-paper/scoring.js';
import { id, ids } from './helpers.js';

const points = (hand: number[], played: number[] = [], white = true) => cardPoints(hand, played, white);

describe('§4.2 worked card-point examples', () => {
  it('Example A: card points 15, colour bonus 3', () => {
    const hand = [
      id('shell', 'darkBlue'),
      id('shell', 'lightBlue'),
      id('shell', 'black'),
      id('octopus', 'yellow'),
      id('octopus', 'lightGreen'),
      id('penguin', 'purple'),
      id('penguinColony'),
      id('mermaid'),
    ];
    const played = [id('boat', 'darkBlue'), id('boat', 'yellow'), id('crab', 'darkBlue'), id('crab', 'lightBlue')];
    expect(points(hand, played)).toEqual({ duos: 2, collectors: 4 + 3 + 1, multipliers: 2, mermaids: 3, total: 15 });
    expect(colourBonus(hand, played, true)).toBe(3);
  });

  it('Example B: card points 17, colour bonus 3', () => {
    const hand = [id('sailor', 'lightPink'), id('sailor', 'orange'), id('captain'), id('fish', 'darkBlue'), id('fish', 'black'), id('shoalOfFish'), id('lighthouse')];
    const played = ids('boat', 'black');
    expect(points(hand, played)).toEqual({ duos: 1 + 1, collectors: 5, multipliers: 6 + 2 + 2, mermaids: 0, total: 17 });
    expect(colourBonus(hand, played, true)).toBe(3);
  });

  it('Example C (mermaids and white): 7 points and bonus 3 when white counts, 4 and 2 when it does not', () => {
    const hand = [...ids('mermaid').slice(0, 3), ...ids('crab', 'darkBlue'), id('shell', 'yellow')];
    expect(points(hand)).toEqual({ duos: 1, collectors: 0, multipliers: 0, mermaids: 6, total: 7 });
    expect(colourBonus(hand, [], true)).toBe(3);
    expect(points(hand, [], false)).toEqual({ duos: 1, collectors: 0, multipliers: 0, mermaids: 3, total: 4 });
    expect(colourBonus(hand, [], false)).toBe(2);
  });

  it('Example D (pairing): 3 crabs, 2 sharks, 1 swimmer in hand and a played crab duo score 3', () => {
    const crabs = ids('crab');
    const hand = [...crabs.slice(0, 3), ...ids('shark').slice(0, 2), id('swimmer')];
    expect(points(hand, crabs.slice(3, 5)).total).toBe(3);
  });

  it('Example E (two mermaids): 2 mermaids with light blue ×4 and a next colour ×2 score 4 + 2 = 6, whether or not white counts', () => {
    const hand = [...ids('mermaid').slice(0, 2), id('crab', 'lightBlue'), id('boat', 'lightBlue'), id('fish', 'lightBlue'), id('shell', 'lightBlue'), id('octopus', 'yellow'), id('shell', 'yellow')];
    expect(points(hand, [], true).mermaids).toBe(6);
    expect(points(hand, [], false).mermaids).toBe(6);
  });
});

describe('§2.3 scoring tables', () => {
  const firstN = (type: Parameters<typeof ids>[0], n: number) => ids(type).slice(0, n);
  it.each([
    ['shell', [0, 2, 4, 6, 8, 10]],
    ['octopus', [0, 3, 6, 9, 12]],
    ['penguin', [1, 3, 5]],
    ['sailor', [0, 5]],
  ] as const)('collector %s scores %j for 1, 2, … cards', (type, table) => {
    expect(table.map((_, i) => points(firstN(type, i + 1)).collectors)).toEqual(table);
  });

  it('duos: 1 per pair in hand (crab, boat, fish, shark+swimmer), 1 per played duo; shark+shark and swimmer+swimmer are not pairs', () => {
    expect(points(firstN('crab', 2)).duos).toBe(1);
    expect(points(firstN('boat', 2)).duos).toBe(1);
    expect(points(firstN('fish', 2)).duos).toBe(1);
    expect(points([id('shark'), id('swimmer')]).duos).toBe(1);
    expect(points(firstN('shark', 2)).duos).toBe(0);
    expect(points(firstN('swimmer', 2)).duos).toBe(0);
    expect(points([], firstN('fish', 2)).duos).toBe(1);
  });

  it('E15 multipliers count every card of their type, in hand or played, paired or not; the multiplier is not itself of that type', () => {
    const [b1, b2, b3] = firstN('boat', 3);
    expect(points([id('lighthouse'), b3!], [b1!, b2!]).multipliers).toBe(3);
    expect(points([id('shoalOfFish'), ...firstN('fish', 1)]).multipliers).toBe(1);
    expect(points([id('penguinColony'), ...firstN('penguin', 3)]).multipliers).toBe(6);
    expect(points([id('captain'), ...firstN('sailor', 2)]).multipliers).toBe(6);
    expect(points([id('shoalOfFish'), id('lighthouse')]).duos).toBe(0);
  });

  it('E14 a multiplier without matching cards scores 0', () => {
    expect(points([id('lighthouse'), id('shoalOfFish'), id('penguinColony'), id('captain')]).total).toBe(0);
  });

  it('E13 mermaids beyond the number of colours held score 0', () => {
    const hand = [...ids('mermaid').slice(0, 3), id('shell', 'yellow')];
    expect(points(hand, [], false).mermaids).toBe(1);
    expect(points(hand, [], true).mermaids).toBe(3 + 1);
  });

  it('§2.3 no colour counts for two mermaids', () => {
    const hand = [...ids('mermaid').slice(0, 2), ...ids('shell').slice(0, 1), id('octopus', 'purple'), id('penguin', 'purple'), id('shark', 'purple')];
    // colours: purple 3, white 2, dark blue 1 -> first mermaid 3, second 2 (not 3 again)
    expect(points(hand).mermaids).toBe(5);
  });

  it('E16 hand cards never pair with a played duo', () => {
    const crabs = ids('crab');
    expect(points([crabs[0]!], crabs.slice(1, 3)).duos).toBe(1);
  });

  it('§2.3 the colour bonus is the count of the colour held most and is not part of the card points', () => {
    const hand = [id('octopus', 'purple'), id('penguin', 'purple'), id('shark', 'purple')];
    expect(colourBonus(hand, [], true)).toBe(3);
    expect(points(hand).total).toBe(1);
    expect(colourBonus([], [], true)).toBe(0);
  });
});

describe('§4.3 round scoring', () => {
  it('§4.2 Example F, 2 players: STOP gives P1 7 and P2 4; LAST CHANCE gives P1 7 + 2 = 9 and P2 only their bonus 2', () => {
    expect(roundScores('STOP', 0, [7, 4], [2, 2])).toEqual({ scores: [7, 4], betWon: null });
    expect(roundScores('LAST_CHANCE', 0, [7, 4], [2, 2])).toEqual({ scores: [9, 2], betWon: true });
  });

  it('§4.3 worked 3-player table (A 9/3, B 8/4, C 11/2)', () => {
    expect(roundScores('STOP', 0, [9, 8, 11], [3, 4, 2]).scores).toEqual([9, 8, 11]);
    expect(roundScores('LAST_CHANCE', 0, [9, 8, 11], [3, 4, 2])).toEqual({ scores: [3, 8, 11], betWon: false });
    expect(roundScores('LAST_CHANCE', 0, [9, 8, 9], [3, 4, 2])).toEqual({ scores: [12, 4, 2], betWon: true });
    expect(roundScores('EMPTY_DECK', null, [9, 8, 11], [3, 4, 2]).scores).toEqual([0, 0, 0]);
  });

  it('E11 a LAST CHANCE tie between the caller and an opponent is won by the caller', () => {
    expect(roundScores('LAST_CHANCE', 1, [8, 8], [1, 5]).betWon).toBe(true);
  });
});

describe('§4.4 tie-breaks (pure)', () => {
  const base = { lastToPlayScope: 'RANK_TIED_PLAYERS', lastRoundPointsTie: 'SHARED' } as const;
  it('the highest total wins', () => {
    expect(winners([40, 41, 3], [0, 0, 0], [1, 2, 3], { ...base, tieBreak: 'LAST_TO_PLAY' })).toEqual([1]);
  });
  it('LAST_TO_PLAY: the tied player whose last turn came latest wins', () => {
    expect(winners([40, 40, 41, 41], [0, 0, 0, 0], [9, 8, 5, 7], { ...base, tieBreak: 'LAST_TO_PLAY' })).toEqual([3]);
  });
  it('LAST_TO_PLAY with lastToPlayScope LAST_PLAYER_ONLY: shared unless the very last player is tied', () => {
    const o = { ...base, tieBreak: 'LAST_TO_PLAY', lastToPlayScope: 'LAST_PLAYER_ONLY' } as const;
    expect(winners([41, 40, 41], [0, 0, 0], [5, 9, 7], o)).toEqual([0, 2]);
    expect(winners([41, 40, 41], [0, 0, 0], [5, 3, 7], o)).toEqual([2]);
  });
  it('LAST_ROUND_POINTS: the tied player with most points in the final round wins; still tied → shared or by last turn', () => {
    const o = { ...base, tieBreak: 'LAST_ROUND_POINTS' } as const;
    expect(winners([40, 40, 12], [3, 7, 9], [1, 2, 3], o)).toEqual([1]);
    expect(winners([40, 40, 12], [7, 7, 9], [1, 2, 3], o)).toEqual([0, 1]);
    expect(winners([40, 40, 12], [7, 7, 9], [1, 2, 3], { ...o, lastRoundPointsTie: 'LAST_TO_PLAY' })).toEqual([1]);
  });
});
