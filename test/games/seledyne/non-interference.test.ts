/**
 * Non-interference (§6): two histories that differ only in what a seat cannot know — another
 * player's hand and reserve, a pending simultaneous choice, a card drawn or exchanged — look
 * identical to that seat (view, legal moves, status, redacted history) and to spectators.
 * Sections (§) and option ids (A0–A30) cite docs/rules/seledyne.md.
 */
import { describe, expect, it } from 'vitest';
import type { TableEvent } from '../../../services/engine/core/index.js';
import { HOUSE_IDS } from '../../../services/engine/games/seledyne/cards.js';
import type { SeledyneEvent } from '../../../services/engine/games/seledyne/events.js';
import { seledyne } from '../../../services/engine/games/seledyne/index.js';
import { expectIndistinguishable, observe } from '../../kit/playthrough.js';
import { tableHistory } from '../../kit/history.js';
import { played, tableGame, type Arrangement, type Move } from './helpers.js';

const SEATS = [2, 3, 4, 5, 6];

/** A table history around arranged game events. */
function history(seats: number, options: Record<string, unknown>, events: SeledyneEvent[]): TableEvent[] {
  return tableHistory(seledyne, seats, options, events);
}

/** Every other seat and the spectator see no difference; `seat` itself does. */
function onlySeatKnows(a: TableEvent[], b: TableEvent[], seats: number, seat: number) {
  for (let other = 0; other < seats; other++) if (other !== seat) expectIndistinguishable(seledyne, a, b, other);
  expectIndistinguishable(seledyne, a, b, null);
  expect(observe(seledyne, a, seat)).not.toEqual(observe(seledyne, b, seat));
}

const own = (seat: number, value: number) => `${HOUSE_IDS[seat]}-${String(value).padStart(2, '0')}`;
/** Every seat holds its 1 and 2, all dice equal: everyone passes round 1; round 2 opens with the draw. */
const quiet = (seats: number): Arrangement => ({ hands: Array.from({ length: seats }, (_, i) => [own(i, 1), own(i, 2)]), dice: Array(seats).fill(3) });
const allPass = (seats: number): Move[] => Array.from({ length: seats }, (_, i) => [i, { type: 'pass' }]);

describe('non-interference', () => {
  it.each(SEATS)('%i seats: the split of each seat between hand and reserve is hidden from every other seat', (seats) => {
    const g = tableGame(seats, {}, `ni-${seats}`);
    for (let seat = 0; seat < seats; seat++) {
      const swapped = g.events.map((e) => {
        if (e.type !== 'StageStarted') return e;
        const s = e as Extract<SeledyneEvent, { type: 'StageStarted' }>;
        const hand = s.hands[seat]!;
        const reserve = s.reserves[seat]!;
        return { ...s, hands: s.hands.map((h, i) => (i === seat ? [reserve[0]!, ...hand.slice(1)] : h)), reserves: s.reserves.map((r, i) => (i === seat ? [hand[0]!, ...reserve.slice(1)] : r)) };
      });
      onlySeatKnows(g.events, swapped, seats, seat);
    }
  });

  it.each(SEATS)('%i seats: a pending round-draw choice is hidden from every other seat until all are in', (seats) => {
    for (let seat = 0; seat < seats; seat++) {
      const a = played(quiet(seats), {}, [...allPass(seats), [seat, { type: 'roundDraw', card: own(seat, 7) }]]);
      const b = played(quiet(seats), {}, [...allPass(seats), [seat, { type: 'roundDraw', card: own(seat, 8) }]]);
      onlySeatKnows(history(seats, {}, a), history(seats, {}, b), seats, seat);
    }
  });

  it.each(SEATS)('%i seats: the card a seat drew stays hidden after the draw resolves', (seats) => {
    const draws = (seat: number, value: number): Move[] => Array.from({ length: seats }, (_, i) => [i, { type: 'roundDraw', card: own(i, i === seat ? value : 6) }]);
    for (let seat = 0; seat < seats; seat++) {
      const a = played(quiet(seats), {}, [...allPass(seats), ...draws(seat, 7)]);
      const b = played(quiet(seats), {}, [...allPass(seats), ...draws(seat, 9)]);
      onlySeatKnows(history(seats, {}, a), history(seats, {}, b), seats, seat);
    }
  });

  it('A7: whether a pending seat draws or declines is hidden until every choice is in', () => {
    const o = { roundDrawMandatory: false };
    const a = played(quiet(3), o, [...allPass(3), [1, { type: 'roundDraw', card: own(1, 7) }]]);
    const b = played(quiet(3), o, [...allPass(3), [1, { type: 'skipRoundDraw' }]]);
    onlySeatKnows(history(3, o, a), history(3, o, b), 3, 1);
  });

  it.each(SEATS)('%i seats: a pending Six Rule choice (use or not, which card) is hidden until all are in', (seats) => {
    const six: Arrangement = { ...quiet(seats), dice: Array(seats).fill(6), sixWindow: true };
    for (let seat = 0; seat < seats; seat++) {
      const a = played(six, {}, [[seat, { type: 'sixRule', use: true, card: own(seat, 9) }]]);
      const b = played(six, {}, [[seat, { type: 'sixRule', use: false }]]);
      const c = played(six, {}, [[seat, { type: 'sixRule', use: true, card: own(seat, 3) }]]);
      onlySeatKnows(history(seats, {}, a), history(seats, {}, b), seats, seat);
      onlySeatKnows(history(seats, {}, a), history(seats, {}, c), seats, seat);
    }
  });

  it('§6.2 the cards of an exchange are hidden from the others', () => {
    const a0: Arrangement = { hands: [['NAB-04', 'NAB-07'], ['SAL-01'], ['YAR-01']], dice: [4, 1, 1] };
    const a = played(a0, {}, [[0, { type: 'exchange', give: 'NAB-07', take: 'NAB-03' }]]);
    const b = played(a0, {}, [[0, { type: 'exchange', give: 'NAB-04', take: 'NAB-09' }]]);
    onlySeatKnows(history(3, {}, a), history(3, {}, b), 3, 0);
  });

  it('§6.2 the cards of Six-Multiple draws are hidden from the others (only their number is public)', () => {
    const a0: Arrangement = { hands: [['NAB-03', 'NAB-05'], ['SAL-01'], ['YAR-01']], counters: [['SAL-02', 'YAR-04'], [], []], dice: [2, 1, 1] };
    const tribute: Move[] = [
      [0, { type: 'tribute', card: 'SAL-02' }],
      [0, { type: 'tribute', card: 'YAR-04' }],
      [0, { type: 'confirmTribute', boost: true }],
    ];
    const a = played(a0, {}, [...tribute, [0, { type: 'sixMultipleDraw', card: 'NAB-08' }]]);
    const b = played(a0, {}, [...tribute, [0, { type: 'sixMultipleDraw', card: 'NAB-10' }]]);
    onlySeatKnows(history(3, {}, a), history(3, {}, b), 3, 0);
  });

  it('A5 random draws: the card the RNG gave a seat is hidden from every other seat and the spectator', () => {
    const o = { ownerSeesReserve: false };
    const a = played(quiet(3), o, allPass(3), { int: () => 0 });
    for (let seat = 0; seat < 3; seat++) {
      // The same draws except the seat-th random pick, which takes the reserve's last card instead of its first.
      let calls = 0;
      const b = played(quiet(3), o, allPass(3), { int: (n: number) => (calls++ === seat ? n - 1 : 0) });
      const at = a.findIndex((e, i) => JSON.stringify(e) !== JSON.stringify(b[i]));
      const [da, db] = [a[at], b[at]] as Extract<SeledyneEvent, { type: 'RoundDrawResolved' }>[];
      expect(da!.type).toBe('RoundDrawResolved');
      expect(da!.draws.filter((d, i) => JSON.stringify(d) !== JSON.stringify(db!.draws[i])).map((d) => d.seat), 'only this seat drew another card').toEqual([seat]);
      onlySeatKnows(history(3, o, a.slice(0, at + 1)), history(3, o, b.slice(0, at + 1)), 3, seat);
    }
  });
});
