/**
 * Seledyne's greedy bot (services/bots/greedy/seledyne.ts): in constructed positions it plays what
 * it is named after (tribute the counter, then the gift worth most, draw what pays, exchange only
 * for a missing gift), and over fixed-seed games one greedy seat beats random seats clearly.
 * Positions come from test/games/seledyne/helpers.ts; sections (§) cite docs/rules/seledyne.md.
 */
import { winShareAgainstRandom } from '../kit/win-share.js';
import { describe, expect, it } from 'vitest';
import { tributeThenGiveMost } from '../../services/bots/greedy/seledyne.js';
import { fastRng } from '../../services/engine/core/index.js';
import type { Command } from '../../services/engine/games/seledyne/commands.js';
import { seledyne } from '../../services/engine/games/seledyne/index.js';
import type { State } from '../../services/engine/games/seledyne/state.js';
import { given, givenAfter, TRIBUTE_EXAMPLE, type Arrangement, type Move } from '../games/seledyne/helpers.js';

/** The greedy bot's move for `seat` in state `s`, from its view and legal moves only. */
function greedyMove(s: State, seat: number, botSeed = 1): Command {
  const context = { game: seledyne, seat, setup: { seats: s.seats, options: s.options } };
  return tributeThenGiveMost(seledyne.view(s, seat), seledyne.legalCommands(s, seat), fastRng(botSeed), context) as Command;
}

const MORAIST = 3;
/** §4.2 example (b)'s table: Nabist 5, Salaist 2, Yarist 5, Moraist 1 (seat 0 to play). */
const EXAMPLE_B = (hand: string[], dice = [5, 2, 5, 1]): Arrangement => ({ houses: ['NAB', 'SAL', 'YAR', 'MOR'], hands: [hand, ['SAL-01'], ['YAR-01'], ['MOR-01']], dice });

describe('greedy Seledyne: what it prefers', () => {
  it('at four seats it tributes its counter first, the highest card first (a counter card counts against it, §5.3)', () => {
    const s = given(TRIBUTE_EXAMPLE).state;
    for (let seed = 1; seed <= 5; seed++) expect(greedyMove(s, MORAIST, seed)).toEqual({ type: 'tribute', card: 'YAR-06' });
  });

  it('at two seats, scoring by card owner, gives before it tributes (a tributed card scores for its owner as much, A18)', () => {
    const two: Arrangement = { houses: ['NAB', 'SAL'], hands: [['NAB-03'], ['SAL-01']], counters: [['SAL-06'], []], dice: [5, 2] };
    const byOwner = given(two).state;
    expect(seledyne.legalCommands(byOwner, 0)).toContainEqual({ type: 'tribute', card: 'SAL-06' });
    expect(greedyMove(byOwner, 0)).toEqual({ type: 'gift', target: 1, cards: ['NAB-03'] });
    // scoring by tributer the card is its own gain: it tributes first
    expect(greedyMove(given(two, { positiveScoring: 'TRIBUTER' }).state, 0)).toEqual({ type: 'tribute', card: 'SAL-06' });
  });

  it('gives the gift worth most: the 4 to Moraist before the 3 to Salaist (§4.2 example b)', () => {
    const s = given(EXAMPLE_B(['NAB-01', 'NAB-03', 'NAB-04', 'NAB-07', 'NAB-09'])).state;
    expect(seledyne.legalCommands(s, 0)).toContainEqual({ type: 'gift', target: 1, cards: ['NAB-03'] });
    for (let seed = 1; seed <= 5; seed++) expect(greedyMove(s, 0, seed)).toEqual({ type: 'gift', target: 3, cards: ['NAB-04'] });
  });

  it('after a tribute, draws the reserve card that pays the largest difference (§4.3 example: Moraist draws its 5)', () => {
    const moves: Move[] = [[MORAIST, { type: 'tribute', card: 'YAR-06' }], [MORAIST, { type: 'confirmTribute', boost: true }]];
    const s = givenAfter(TRIBUTE_EXAMPLE, {}, moves).state;
    expect(s.turn?.step).toBe('draws');
    expect(greedyMove(s, MORAIST)).toEqual({ type: 'sixMultipleDraw', card: 'MOR-05' });
  });

  it('exchanges only to make a gift that is missing, taking a card that pays one (§4.6)', () => {
    // differences 3 (Salaist) and 1 (Moraist); the hand 4 7 9 pays neither, the Exchange card is in it
    const missing = given(EXAMPLE_B(['NAB-04', 'NAB-07', 'NAB-09'], [5, 2, 5, 4])).state;
    for (let seed = 1; seed <= 5; seed++) {
      const m = greedyMove(missing, 0, seed);
      expect(m.type).toBe('exchange');
      expect(['NAB-01', 'NAB-03']).toContain(m.type === 'exchange' && m.take);
    }
    // with a gift in hand it gives instead
    const present = given(EXAMPLE_B(['NAB-03', 'NAB-04', 'NAB-07'], [5, 2, 5, 4])).state;
    expect(seledyne.legalCommands(present, 0).some((m) => m.type === 'exchange')).toBe(true);
    expect(greedyMove(present, 0).type).toBe('gift');
  });
});


describe('greedy Seledyne beats random play (fixed seeds, default rules)', () => {
  it('2 seats: greedy wins at least 85% of 200 games (the bar is 75%)', () => {
    const share = greedyShare(2, 200);
    console.log(`seledyne greedy vs random, 2 seats: ${(share * 100).toFixed(1)}% of 200 games`);
    expect(share).toBeGreaterThanOrEqual(0.85);
  });

  it('4 seats: one greedy seat wins well above the fair share of 25% (at least 50% of 100 games)', () => {
    const share = greedyShare(4, 100);
    console.log(`seledyne greedy vs 3 random, 4 seats: ${(share * 100).toFixed(1)}% of 100 games`);
    expect(share).toBeGreaterThanOrEqual(0.5);
  });
});

/** Greedy at one seat (rotating), random at the others: greedy's share of the wins (a tie shares it). */
const greedyShare = (seats: number, games: number) => winShareAgainstRandom(seledyne, tributeThenGiveMost, { seats, games, seed: (g) => `greedy-vs-random:${seats}:${g}` });
