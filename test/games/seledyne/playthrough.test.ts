/**
 * Random playthroughs through the table (test/kit/playthrough.ts) for every seat count, with
 * Seledyne's own invariants checked after every command. Every game must end.
 */
import { describe, expect, it } from 'vitest';
import { seledyne } from '../../../services/engine/games/seledyne/index.js';
import type { State } from '../../../services/engine/games/seledyne/state.js';
import { invariants } from './invariants.js';
import { randomPlaythrough } from '../../kit/playthrough.js';

const SEATS = [2, 3, 4, 5, 6];
/** Low values: gifts are easy, so stages reach the trigger, the last round and its continuation. */
const LOW = { cardValues: [1, 1, 2, 2, 3, 3, 4, 4, 5, 5] };
const SHORT = { stages: 2, maxRoundsPerStage: 3 };

const play = (seats: number, options: object, seed: string, botSeed: number, deepEvery = 1_000) =>
  randomPlaythrough(seledyne, { seats, options, seed, botSeed, check: invariants, deepEvery });

const reasons = (r: ReturnType<typeof play>) => (r.state.play as State).results.map((x) => x.reason);

describe('random playthroughs', () => {
  it.each(SEATS)('%i seats, default options: full games (3 stages) end with every invariant', (seats) => {
    for (let g = 0; g < 2; g++) expect(reasons(play(seats, {}, `full-${seats}-${g}`, g, 300))).toHaveLength(3);
  });

  it.each(SEATS)('%i seats, default rules, short stages: 200 games', (seats) => {
    for (let g = 0; g < 200; g++) play(seats, { stages: 1 + (g % 3), maxRoundsPerStage: 1 + (g % 2) }, `short-${seats}-${g}`, g);
  });

  it.each(SEATS)('%i seats, low cards: stages reach the last round and its continuation', (seats) => {
    const seen = new Set<string>();
    for (let g = 0; g < 16; g++) for (const reason of reasons(play(seats, { ...LOW, stages: 1 }, `low-${seats}-${g}`, g))) seen.add(reason);
    expect(seen).toContain('lastRound');
  });

  const variants = [
    { ownerSeesReserve: false },
    { exchangeReserveCard: 'RANDOM' },
    { roundDrawMandatory: false },
    { ownerSeesReserve: false, roundDrawMandatory: false, sixMultipleDrawsOptional: false },
    { sixRuleDecisionMode: 'TURN_ORDER' },
    { sixRuleRequiresReserveCard: false },
    { tributeBoostMode: 'MANDATORY' },
    { sixMultipleMode: 'FLOOR' },
    { sixMultipleMode: 'CUMULATIVE' },
    { sixMultipleDrawsOptional: false },
    { sumRuleCheckTiming: 'PER_GIFT_SEQUENTIAL' },
    { exchangeLimit: 'ONCE_PER_EXCHANGE_CARD' },
    { exchangeWithoutGiftAllowed: false },
    { emptyHandMayTribute: false },
    { lastRoundTermination: 'NO_LEGAL_GIFT' },
    { positiveScoring: 'TRIBUTER' },
    { scoreFloorMode: 'FINAL_CLAMP' },
    { startMarkerAfterStage: 'HIGHEST_STAGE_SCORE' },
    { winnerTieBreak: 'CHAIN' },
    { deadlockDetection: false },
    { firstStartPlayer: 'RANDOM' },
    { dieFaces: 8 },
    { initialHandSize: 3 },
    { cardValues: [1, 1, 2, 3, 4, 6, 6, 7, 9, 12], exchangeCardValue: 6, sumCardValue: 1 },
    { maxRoundsPerStage: null },
  ].map((o, i) => ({ o, name: JSON.stringify(o), seats: SEATS[i % SEATS.length]! }));

  it.each(variants)('$name: short and low-card games at $seats and more seats', ({ o, seats }) => {
    const more = SEATS[(SEATS.indexOf(seats) + 2) % SEATS.length]!;
    for (let g = 0; g < 2; g++) {
      play(seats, { ...SHORT, ...o }, `v-${g}-${JSON.stringify(o)}`, g);
      play(more, { ...LOW, stages: 1, ...o }, `vl-${g}-${JSON.stringify(o)}`, g);
    }
  });
});
