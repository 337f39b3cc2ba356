/**
 * SCOUT: one test per rule of docs/rules/scout.md, named after its section or edge case.
 */
import { describe, expect, it } from 'vitest';
import { fastRng } from '../../../services/engine/core/index.js';
import { cardsInPlay, DECK } from '../../../services/engine/games/scout/cards.js';
import type { Command } from '../../../services/engine/games/scout/commands.js';
import type { RoundDealt, RoundEnded, ScoutEvent } from '../../../services/engine/games/scout/events.js';
import { setsBeating, shapeOf, stronger } from '../../../services/engine/games/scout/sets.js';
import type { State } from '../../../services/engine/games/scout/state.js';
import { expectMoversCanMove } from '../../kit/playthrough.js';
import { dealing, eventsOf, playing, scout, values } from './fixtures.js';

const legal = (p: { state: Parameters<typeof scout.legalCommands>[0] }, seat: number) => scout.legalCommands(p.state, seat);
const typesOf = (events: readonly { type: string }[]) => events.map((e) => e.type);
/** Cards showing these values, for the set-shape checks. */
const ups = (...values: number[]) => values.map((up) => ({ up }));
const startDeal = (seats: number, seed = 1, options = {}) => {
  const s = scout.initialState({ seats, options: scout.options.parse(options) });
  return scout.start(s, fastRng(seed))[0] as RoundDealt;
};

describe('§2 components and setup', () => {
  it('§2.2 the deck has one card per pair 1 ≤ lo < hi ≤ 10: 45 cards, each number on 9', () => {
    expect(DECK).toHaveLength(45);
    expect(new Set(DECK.map((c) => `${c.lo}/${c.hi}`)).size).toBe(45);
    expect(DECK.every((c) => c.lo < c.hi && c.lo >= 1 && c.hi <= 10)).toBe(true);
    for (let v = 1; v <= 10; v++) expect(DECK.filter((c) => c.lo === v || c.hi === v)).toHaveLength(9);
  });

  it.each([
    [2, 44, 11, 22],
    [3, 36, 12, 0],
    [4, 44, 11, 0],
    [5, 45, 9, 0],
  ])('§2.3 %i players: %i cards in play, %i dealt each, %i set aside', (seats, inPlay, handSize, setAside) => {
    const deal = startDeal(seats);
    expect(deal.hands.every((h) => h!.length === handSize)).toBe(true);
    expect(deal.setAside).toHaveLength(setAside);
    const ids = [...deal.hands.flat(), ...deal.setAside!].map((c) => c!.id).sort((a, b) => a - b);
    expect(ids).toEqual(cardsInPlay(seats).map((c) => c.id));
    expect(ids).toHaveLength(inPlay);
  });

  it('§2.3 2 and 4 players remove the 9/10 card; 5 players remove none', () => {
    for (const seats of [2, 4]) expect(cardsInPlay(seats).some((c) => c.lo === 9 && c.hi === 10)).toBe(false);
    expect(cardsInPlay(5)).toHaveLength(45);
  });

  it('E14 / §2.3 3 players remove every 10: values 1–9, each on 8 cards', () => {
    const cards = cardsInPlay(3);
    expect(cards.some((c) => c.hi === 10)).toBe(false);
    for (let v = 1; v <= 9; v++) expect(cards.filter((c) => c.lo === v || c.hi === v)).toHaveLength(8);
  });

  it('§2.3 round setup: the shuffle randomises order and orientation', () => {
    const a = startDeal(4, 1);
    const b = startDeal(4, 2);
    expect(a.hands[0]!.map((c) => c.id)).not.toEqual(b.hands[0]!.map((c) => c.id));
    const cards = a.hands.flat();
    expect(cards.every((c) => c!.up === c!.lo || c!.up === c!.hi)).toBe(true);
    expect(cards.some((c) => c!.up === c!.lo)).toBe(true);
    expect(cards.some((c) => c!.up === c!.hi)).toBe(true);
  });

  it('§2.3 round setup: 3–5 players start with no Scout chips and a Scout & Show chip each; 2 players with 3 chips and none', () => {
    const four = dealing(4, ['1', '2', '3', '4']).state;
    expect(four.chips).toEqual([0, 0, 0, 0]);
    expect(four.scoutShowChip).toEqual([true, true, true, true]);
    const two = dealing(2, ['1', '2']).state;
    expect(two.chips).toEqual([3, 3]);
    expect(two.scoutShowChip).toEqual([false, false]);
  });

  it('§2.3 step 4 rotating the hand flips every card and reverses the order', () => {
    const p = dealing(3, ['1/5 2/6 3/9', '4', '5']);
    const after: State = p.given().when(0, { type: 'rotate', rotate: true }).state();
    expect(values(after.hands[0]!)).toEqual([9, 6, 5]);
    expect(after.hands[0]!.map((c) => [c.lo, c.hi])).toEqual([
      [3, 9],
      [2, 6],
      [1, 5],
    ]);
    expect(values(p.given().when(0, { type: 'rotate', rotate: false }).state().hands[0]!)).toEqual([1, 2, 3]);
  });

  it('§2.3 step 4 (simultaneous reading) every seat chooses at once; the last choice begins play', () => {
    let p = dealing(3, ['1', '2', '3'], { start: 1 });
    expect(scout.status(p.state)).toMatchObject({ phase: 'rotate', toMove: [0, 1, 2] });
    p = p.play(2, { type: 'rotate', rotate: true });
    expect(p.last).toEqual([{ type: 'RotationChosen', seat: 2, rotate: true }]);
    expect(scout.status(p.state).toMove).toEqual([0, 1]);
    p = p.play(0, { type: 'rotate', rotate: false });
    const expected: ScoutEvent[] = [
      { type: 'RotationChosen', seat: 1, rotate: false },
      { type: 'PlayBegan', round: 1, player: 1 },
    ];
    p.given().when(1, { type: 'rotate', rotate: false }).then(expected);
  });

  it('§2.3 step 4 / E10 the hand is rotated once, before play, never again', () => {
    const p = dealing(3, ['1', '2', '3']).play(0, { type: 'rotate', rotate: true });
    p.given().when(0, { type: 'rotate', rotate: false }).thenRefused('ILLEGAL_MOVE', 'already chosen');
    const started = playing(3, ['1 2', '3 4', '5 6']);
    started.given().when(0, { type: 'rotate', rotate: true }).thenRefused('ILLEGAL_MOVE', 'start of a round');
    expect(legal(started, 0).some((m) => m.type === 'rotate')).toBe(false);
  });

  it('§2.3 step 5 the start player takes the first turn, then play goes to the left', () => {
    const p = playing(4, ['1 1', '2 2', '3 3', '4 4'], { start: 3 });
    expect(scout.status(p.state).toMove).toEqual([3]);
    p.given().when(0, { type: 'show', from: 0, to: 0 }).thenRefused('ILLEGAL_MOVE', 'not your turn');
    expect(scout.status(p.play(3, { type: 'show', from: 0, to: 0 }).state).toMove).toEqual([0]);
  });
});

describe('§3.1 legal sets', () => {
  const example = [3, 9, 4, 4, 5, 6, 2];
  const sets = setsBeating(example, null).map(([i, j]) => example.slice(i, j + 1).join('-'));

  it('§3.1 hand-adjacency example: [4,4], [4,5,6], [5,6], [6] and any single are sets', () => {
    expect(sets).toEqual(expect.arrayContaining(['4-4', '4-5-6', '5-6', '6', ...example.map(String)]));
  });

  it('§3.1 hand-adjacency example: [4,4,5,6] and [9,4] are not sets', () => {
    expect(sets).not.toContain('4-4-5-6');
    expect(sets).not.toContain('9-4');
    const p = playing(3, ['3 9 4 4 5 6 2', '1', '1']);
    p.given().when(0, { type: 'show', from: 2, to: 5 }).thenRefused('ILLEGAL_MOVE', 'not a set');
    p.given().when(0, { type: 'show', from: 1, to: 2 }).thenRefused('ILLEGAL_MOVE', 'not a set');
    expect(legal(p, 0)).toContainEqual({ type: 'show', from: 3, to: 5 });
  });

  it('§3.1 runs step by exactly 1, up or down; gaps and mixed directions are not sets', () => {
    expect(shapeOf(ups(3, 4, 5))).toEqual({ size: 3, kind: 'run', min: 3 });
    expect(shapeOf(ups(5, 4, 3))).toEqual({ size: 3, kind: 'run', min: 3 });
    expect(shapeOf(ups(3, 5))).toBeNull();
    expect(shapeOf(ups(4, 3, 5))).toBeNull();
    expect(shapeOf(ups(7, 7, 7))).toEqual({ size: 3, kind: 'match', min: 7 });
    expect(shapeOf(ups(7))).toEqual({ size: 1, kind: 'single', min: 7 });
  });

  it('§3.1 a set has no upper size limit', () => {
    expect(shapeOf(ups(1, 2, 3, 4, 5, 6, 7, 8, 9, 10))).toEqual({ size: 10, kind: 'run', min: 1 });
    const p = playing(5, ['1 2 3 4 5 6 7 8 9 10 9', '2', '3', '4', '5']);
    expect(p.play(0, { type: 'show', from: 0, to: 9 }).state.active).toHaveLength(10);
  });

  it('§3.1 cards must be adjacent: a show is a contiguous slice from..to', () => {
    const p = playing(3, ['4 1 4', '1', '1']);
    p.given().when(0, { type: 'show', from: 0, to: 2 }).thenRefused('ILLEGAL_MOVE', 'not a set');
    p.given().when(0, { type: 'show', from: 2, to: 0 }).thenRefused('ILLEGAL_MOVE', 'from ≤ to');
    p.given().when(0, { type: 'show', from: 1, to: 3 }).thenRefused('ILLEGAL_MOVE', 'positions in your hand');
  });
});

describe('§3.2 set strength', () => {
  const table: [string, string, boolean, string][] = [
    ['7', '8', true, 'same size, 8 > 7'],
    ['7', '7', false, 'equal'],
    ['7', '2 3', true, 'more cards'],
    ['4 5', '2 2', true, 'matching beats run'],
    ['4 5', '6 5', true, 'run vs run, min 5 > 4'],
    ['4 5', '5 4', false, 'same lowest value (4)'],
    ['3 3', '9 10', false, 'a run cannot beat a matching pair'],
    ['3 3', '4 4', true, 'min 4 > 3'],
    ['6 7 8', '1 1', false, 'fewer cards'],
    ['6 7 8', '2 2 2', true, 'matching beats run'],
    ['6 7 8', '1 2 3 4', true, 'more cards'],
  ];
  const nums = (s: string) => ups(...s.split(' ').map(Number));

  it.each(table)('§3.2 strength table: active %s, candidate %s → %s (%s)', (t, s, ok) => {
    expect(stronger(shapeOf(nums(s))!, shapeOf(nums(t))!)).toBe(ok);
  });

  it.each(table)('§3.2 through a Show: active %s, candidate %s → %s', (t, s, ok) => {
    const p = playing(4, [`${t} 1`, `${s} 1`, '1', '1']).play(0, { type: 'show', from: 0, to: nums(t).length - 1 });
    const when = p.given().when(1, { type: 'show', from: 0, to: nums(s).length - 1 });
    if (ok) expect(typesOf(when.events())).toEqual(['Shown']);
    else when.thenRefused('ILLEGAL_MOVE', 'not stronger');
  });

  it('§3.2 "lowest" and "highest" comparisons agree for sets of the same size and type', () => {
    const runs = [
      [2, 3, 4],
      [4, 3, 2],
      [5, 6, 7],
      [9, 8, 7],
    ];
    for (const a of runs) for (const b of runs) expect(stronger(shapeOf(ups(...a))!, shapeOf(ups(...b))!)).toBe(Math.max(...a) > Math.max(...b));
  });

  it('E7 a set equal in strength to the Active Set cannot be shown', () => {
    const p = playing(3, ['5 6 1', '6 5 1', '1']).play(0, { type: 'show', from: 0, to: 1 });
    p.given().when(1, { type: 'show', from: 0, to: 1 }).thenRefused('ILLEGAL_MOVE', 'not stronger');
    expect(legal(p, 1).filter((m) => m.type === 'show')).toEqual([]);
  });
});

describe('§3.3 Show', () => {
  const opening = () => playing(3, ['5/1 6/2 7/3 1', '2 8 8 8 3', '9 9 9 4']);

  it('§3.3 the shown cards leave the hand, which closes up; the set keeps order and orientation; the shower owns it', () => {
    const p = opening().play(0, { type: 'show', from: 0, to: 2 });
    expect(p.last).toEqual([
      {
        type: 'Shown',
        seat: 0,
        from: 0,
        to: 2,
        cards: opening().state.hands[0]!.slice(0, 3),
        captured: 0,
      },
    ]);
    expect(values(p.state.hands[0]!)).toEqual([1]);
    expect(p.state.active.map((c) => [c.up, c.lo, c.hi])).toEqual([
      [5, 1, 5],
      [6, 2, 6],
      [7, 3, 7],
    ]);
    expect(p.state.owner).toBe(0);
    expect(p.state.turn).toBe(1);
  });

  it('§3.3 showing over an Active Set captures all its cards face down; the counter resets', () => {
    const first = opening().play(0, { type: 'show', from: 0, to: 2 });
    const p = first.play(1, { type: 'show', from: 1, to: 3 });
    expect(p.state.captured[1]).toEqual(first.state.active.map((c) => c.id));
    expect(values(p.state.hands[1]!)).toEqual([2, 3]);
    expect(values(p.state.active)).toEqual([8, 8, 8]);
    expect(p.state.owner).toBe(1);
    expect(p.state.consecutiveScouts).toBe(0);
    expect(scout.view(p.state, 2).players[1]).toMatchObject({ capturedCount: 3, handCount: 2 });
  });
});

describe('§3.4 Scout', () => {
  const shown = () => playing(3, ['5/1 6/2 7/3 1', '2 8 8', '9 9 9 4']).play(0, { type: 'show', from: 0, to: 2 });

  it('§3.4 takes one card from an end, in the chosen orientation, into any position; the Owner gets a chip', () => {
    const p = shown().play(1, { type: 'scout', end: 'right', flip: true, at: 1 });
    expect(values(p.state.hands[1]!)).toEqual([2, 3, 8, 8]);
    expect(p.state.hands[1]![1]).toMatchObject({ lo: 3, hi: 7, up: 3 });
    expect(values(p.state.active)).toEqual([5, 6]);
    expect(p.state.owner).toBe(0);
    expect(p.state.chips).toEqual([1, 0, 0]);
    expect(p.state.consecutiveScouts).toBe(1);
    const left = shown().play(1, { type: 'scout', end: 'left', flip: false, at: 3 });
    expect(values(left.state.hands[1]!)).toEqual([2, 8, 8, 5]);
    expect(values(left.state.active)).toEqual([6, 7]);
  });

  it('§3.4 a plain Scout ends the turn (3–5 players): no Show in the same turn', () => {
    const p = shown().play(1, { type: 'scout', end: 'right', flip: false, at: 0 });
    expect(p.state.turn).toBe(2);
    p.given().when(1, { type: 'show', from: 0, to: 0 }).thenRefused('ILLEGAL_MOVE', 'not your turn');
  });

  it('§3.4 the insert position runs from 0 to the hand size', () => {
    const p = shown();
    const scouts = legal(p, 1).filter((m) => m.type === 'scout');
    expect(scouts).toHaveLength(2 * 2 * 4);
    p.given().when(1, { type: 'scout', end: 'left', flip: false, at: 4 }).thenRefused('ILLEGAL_MOVE', 'insert position');
  });

  it('§3.4 from a one-card set either end takes that card (listed once)', () => {
    const p = playing(3, ['5 1', '2 8', '9 4']).play(0, { type: 'show', from: 0, to: 0 });
    expect(legal(p, 1).filter((m) => m.type === 'scout' && m.end === 'right')).toEqual([]);
    const right = p.play(1, { type: 'scout', end: 'right', flip: false, at: 0 });
    const left = p.play(1, { type: 'scout', end: 'left', flip: false, at: 0 });
    expect(right.state.hands).toEqual(left.state.hands);
  });

  it('E1 on an empty table the player must Show: no Scout, no Scout & Show', () => {
    const p = playing(3, ['5 1', '2 8', '9 4']);
    expect(new Set(legal(p, 0).map((m) => m.type))).toEqual(new Set(['show']));
    p.given().when(0, { type: 'scout', end: 'left', flip: false, at: 0 }).thenRefused('ILLEGAL_MOVE', 'no card');
    p.given().when(0, { type: 'scoutShow', end: 'left', flip: false, at: 0 }).thenRefused('ILLEGAL_MOVE', 'no card');
  });

  it('E2 with a set on the table Scout is always legal (3–5 players)', () => {
    const p = playing(4, ['9 9 9 9 1', '1', '2', '3']).play(0, { type: 'show', from: 0, to: 3 });
    expect(legal(p, 1).some((m) => m.type === 'scout')).toBe(true);
    expect(legal(p, 1).some((m) => m.type === 'show')).toBe(false);
  });

  it('E3 scouting the last card: the Owner still gets a chip; the next player shows any set and captures nothing', () => {
    let p = playing(3, ['5 1 1', '2 8', '9 4']).play(0, { type: 'show', from: 0, to: 0 });
    p = p.play(1, { type: 'scout', end: 'left', flip: false, at: 0 });
    expect(p.state.chips[0]).toBe(1);
    expect(p.state.active).toEqual([]);
    expect(new Set(legal(p, 2).map((m) => m.type))).toEqual(new Set(['show']));
    p = p.play(2, { type: 'show', from: 1, to: 1 });
    expect(p.last[0]).toMatchObject({ type: 'Shown', captured: 0 });
    expect(p.state.captured[2]).toEqual([]);
  });

  it('E8 the Scout chip supply is unlimited', () => {
    const p = playing(3, ['5 1 1', '2 8', '9 4']).play(0, { type: 'show', from: 0, to: 0 });
    const rich = { ...p.state, chips: [40, 0, 0] };
    const after = scout.decide(rich, { type: 'scout', end: 'left', flip: false, at: 0 }, 1, fastRng(1)).reduce(scout.evolve, rich);
    expect(after.chips[0]).toBe(41);
  });
});

describe('§3.5 Scout & Show', () => {
  // Seat 0 shows 5-6-7; seat 1 scouts the 7 to the left of its 8-9 and shows 7-8-9.
  const shown = () => playing(3, ['5/1 6/2 7/3 1', '8 9 2', '9 9 4 3']).play(0, { type: 'show', from: 0, to: 2 });
  const atomic: Command = { type: 'scoutShow', end: 'right', flip: false, at: 0, from: 0, to: 2 };

  it('§3.5 pays the chip, scouts (the Owner gets a chip), then shows against the reduced set; the scouted card may be shown', () => {
    const p = shown().play(1, atomic);
    expect(typesOf(p.last)).toEqual(['ScoutShowStarted', 'Scouted', 'Shown']);
    expect(p.state.scoutShowChip).toEqual([true, false, true]);
    expect(p.state.chips).toEqual([1, 0, 0]);
    expect(values(p.state.active)).toEqual([7, 8, 9]);
    expect(p.state.captured[1]).toHaveLength(2);
    expect(p.state.owner).toBe(1);
    expect(p.state.consecutiveScouts).toBe(0);
    expect(p.state.turn).toBe(2);
  });

  it('§3.5 two steps: the scout step is listed only when a Show can follow; then only Shows', () => {
    const p = shown();
    const steps = legal(p, 1).filter((m) => m.type === 'scoutShow');
    expect(steps).toContainEqual({ type: 'scoutShow', end: 'right', flip: false, at: 0 });
    expect(steps.every((m) => m.type === 'scoutShow' && m.from === undefined)).toBe(true);
    const pending = p.play(1, { type: 'scoutShow', end: 'right', flip: false, at: 0 });
    expect(scout.status(pending.state)).toMatchObject({ phase: 'scout-show', toMove: [1] });
    expect(new Set(legal(pending, 1).map((m) => m.type))).toEqual(new Set(['show']));
    pending.given().when(1, { type: 'scout', end: 'left', flip: false, at: 0 }).thenRefused('ILLEGAL_MOVE', 'finish your Scout & Show');
    const done = pending.play(1, { type: 'show', from: 0, to: 2 });
    expect(done.state).toEqual(p.play(1, atomic).state);
  });

  it('§3.5 once per round per player', () => {
    const p = playing(3, ['5 1 1 1', '8 9 2 2', '9 9 4 3']).play(0, { type: 'show', from: 0, to: 0 });
    const used = p
      .play(1, { type: 'scoutShow', end: 'left', flip: false, at: 0, from: 0, to: 0 })
      .play(2, { type: 'show', from: 0, to: 1 })
      .play(0, { type: 'scout', end: 'left', flip: false, at: 0 });
    expect(scout.status(used.state).toMove).toEqual([1]);
    used.given().when(1, { type: 'scoutShow', end: 'left', flip: false, at: 0 }).thenRefused('ILLEGAL_MOVE', 'already used');
    expect(legal(used, 1).some((m) => m.type === 'scoutShow')).toBe(false);
  });

  it('E5 a Scout & Show that empties the set shows any set and captures nothing', () => {
    const p = playing(3, ['9 1 1', '2 3 4', '5 5 5']).play(0, { type: 'show', from: 0, to: 0 });
    const after = p.play(1, { type: 'scoutShow', end: 'left', flip: false, at: 3, from: 0, to: 0 });
    expect(after.last.at(-1)).toMatchObject({ type: 'Shown', captured: 0 });
    expect(after.state.captured[1]).toEqual([]);
  });

  it('E6 / §3.5 step 7 a Scout & Show that would leave no legal Show is not offered', () => {
    const p = playing(4, ['9 9 9 1', '1', '2', '3']).play(0, { type: 'show', from: 0, to: 2 });
    expect(legal(p, 1).some((m) => m.type === 'scoutShow')).toBe(false);
    p.given().when(1, { type: 'scoutShow', end: 'left', flip: false, at: 0 }).thenRefused('ILLEGAL_MOVE', 'no Show would be possible');
    p.given().when(1, { type: 'scoutShow', end: 'left', flip: true, at: 1, from: 0, to: 1 }).thenRefused('ILLEGAL_MOVE');
  });

  it('§3.5 the atomic form is refused whole when its Show part is illegal', () => {
    shown().given().when(1, { ...atomic, from: 1, to: 1 }).thenRefused('ILLEGAL_MOVE', 'not stronger');
    shown().given().when(1, { type: 'scoutShow', end: 'right', flip: false, at: 0, from: 0 }).thenRefused('ILLEGAL_MOVE', 'both from and to');
  });
});

describe('§3.6 two players', () => {
  const two = (options = {}) => playing(2, ['5 6 9 1 1 1', '2 3 7 8 4 4'], { options, setAside: '' });

  it('§3.6 / E12 scouting costs one of your chips, the Owner gets nothing, and you act again', () => {
    let p = two().play(0, { type: 'show', from: 0, to: 1 });
    p = p.play(1, { type: 'scout', end: 'left', flip: false, at: 0 });
    expect(p.state.chips).toEqual([3, 2]);
    expect(p.state.turn).toBe(1);
    expect(p.last.at(-1)).toMatchObject({ type: 'Scouted', chipTo: null, paid: true });
    // E12: and may scout again while chips remain.
    p = p.play(1, { type: 'scout', end: 'left', flip: false, at: 0 });
    expect(p.state.chips).toEqual([3, 1]);
    expect(p.state.turn).toBe(1);
  });

  it('§3.6 with no chip left a player cannot Scout', () => {
    const p = two().play(0, { type: 'show', from: 0, to: 1 });
    const broke = { ...p.state, chips: [3, 0] };
    expect(scout.legalCommands(broke, 1).some((m) => m.type === 'scout')).toBe(false);
    expect(() => scout.decide(broke, { type: 'scout', end: 'left', flip: false, at: 0 }, 1, fastRng(1))).toThrow('no Scout chip');
  });

  it('§3.6 Scout & Show does not exist with two players', () => {
    const p = two().play(0, { type: 'show', from: 0, to: 1 });
    expect(legal(p, 1).some((m) => m.type === 'scoutShow')).toBe(false);
    p.given().when(1, { type: 'scoutShow', end: 'left', flip: false, at: 0 }).thenRefused('ILLEGAL_MOVE', 'not used with two players');
  });

  it('E11 / §3.6 round end: the opponent can neither Show nor Scout, so the round ends with the Owner exempt', () => {
    const p = playing(2, ['7 8 9 1 2 3 4', '1 3 5 7 9 2 4'], { setAside: '' });
    const broke = { ...p.state, chips: [3, 0] };
    const events = scout.decide(broke, { type: 'show', from: 0, to: 2 }, 0, fastRng(1));
    expect(typesOf(events)).toEqual(['Shown', 'RoundEnded', 'RoundDealt']);
    expect(events[1]).toMatchObject({ reason: 'cannot-act', exempt: 0 });
  });

  it('§3.6 round end after a Scout: the scout is left unable to Show or Scout', () => {
    const p = playing(2, ['9 9 9 9 1', '1 5 3 7 2'], { setAside: '' }).play(0, { type: 'show', from: 0, to: 3 });
    const last = { ...p.state, chips: [3, 1] };
    const events = scout.decide(last, { type: 'scout', end: 'left', flip: true, at: 0 }, 1, fastRng(1));
    expect(events[1]).toMatchObject({ type: 'RoundEnded', reason: 'cannot-act', exempt: 0 });
  });

  it('§3.6 two rounds; round 2 deals the 22 cards set aside; the other player starts it', () => {
    const t = scout;
    let s = t.initialState({ seats: 2, options: t.options.parse({ startSeat: 0 }) });
    const rng = fastRng(5);
    s = t.start(s, rng).reduce(t.evolve, s);
    const setAside = s.setAside.map((c) => c.id).sort((a, b) => a - b);
    const round2: RoundDealt[] = [];
    for (let n = 0; n < 500 && t.status(s).toMove.length; n++) {
      expectMoversCanMove(t.status(s).toMove, 2, (x) => t.legalCommands(s, x));
      const seat = t.status(s).toMove[0]!;
      const moves = t.legalCommands(s, seat);
      const events = t.decide(s, moves[rng.int(moves.length)]!, seat, rng);
      round2.push(...eventsOf(events, 'RoundDealt'));
      s = events.reduce(t.evolve, s);
    }
    expect(t.status(s).over).toBe(true);
    expect(s.roundScores).toEqual([[expect.any(Number), expect.any(Number)], [expect.any(Number), expect.any(Number)]]);
    expect(round2).toHaveLength(1);
    expect(round2[0]!.startPlayer).toBe(1);
    expect(round2[0]!.hands.flat().map((c) => c!.id).sort((a, b) => a - b)).toEqual(setAside);
    expect(round2[0]!.setAside).toEqual([]);
  });
});

describe('§4.1 end of round', () => {
  it('§4.1 condition 1: a Show that empties the hand ends the round at once', () => {
    const p = playing(3, ['5', '2 8', '9 4']);
    const events = p.given().when(0, { type: 'show', from: 0, to: 0 }).events();
    expect(typesOf(events)).toEqual(['Shown', 'RoundEnded', 'RoundDealt']);
    expect(events[1]).toMatchObject({ reason: 'empty-hand', exempt: null });
  });

  it('§4.1 condition 1 also after the Show part of a Scout & Show', () => {
    const p = playing(3, ['7 1', '8', '9 4']).play(0, { type: 'show', from: 0, to: 0 });
    const events = p.given().when(1, { type: 'scoutShow', end: 'left', flip: false, at: 0, from: 0, to: 1 }).events();
    expect(events[3]).toMatchObject({ type: 'RoundEnded', reason: 'empty-hand' });
  });

  it('§4.1 condition 2: when everyone else scouted in turn, the round ends before the Owner acts; the Owner is exempt', () => {
    let p = playing(3, ['5 6 1 1', '2 8', '9 4']).play(0, { type: 'show', from: 0, to: 1 });
    p = p.play(1, { type: 'scout', end: 'left', flip: false, at: 0 });
    const events = p.given().when(2, { type: 'scout', end: 'left', flip: false, at: 0 }).events();
    expect(typesOf(events)).toEqual(['Scouted', 'RoundEnded', 'RoundDealt']);
    expect(events[1]).toMatchObject({ reason: 'scouted-around', exempt: 0 });
    expect((events[1] as RoundEnded).scores[0]!.handPenalty).toBe(0);
  });

  it('§4.1 condition 2: a Scout & Show resets the count and makes a new Owner', () => {
    let p = playing(4, ['5 6 1 1', '2 8 3', '9 4 4 4 1', '3 3 2']).play(0, { type: 'show', from: 0, to: 1 });
    p = p.play(1, { type: 'scout', end: 'left', flip: false, at: 0 });
    p = p.play(2, { type: 'scoutShow', end: 'left', flip: false, at: 0, from: 2, to: 4 });
    expect(p.state).toMatchObject({ owner: 2, consecutiveScouts: 0 });
    p = p.play(3, { type: 'scout', end: 'left', flip: false, at: 0 });
    p = p.play(0, { type: 'scout', end: 'left', flip: false, at: 0 });
    expect(p.state.round).toBe(1);
    p = p.play(1, { type: 'scout', end: 'left', flip: false, at: 0 });
    expect(p.last[1]).toMatchObject({ type: 'RoundEnded', reason: 'scouted-around', exempt: 2 });
  });

  it('E9 condition 1 follows only a Show and condition 2 only a Scout', () => {
    const show = playing(3, ['5', '2 8', '9 4']).play(0, { type: 'show', from: 0, to: 0 });
    expect(show.last.map((e) => e.type).slice(0, 2)).toEqual(['Shown', 'RoundEnded']);
    expect(show.last[1]).toMatchObject({ reason: 'empty-hand' });
  });
});

describe('§4.3 next round and §4.4 game end', () => {
  it('§4.3 the start player passes left; hands, chips, captured piles and Scout & Show chips are reset', () => {
    let p = playing(3, ['5 6 1 1', '2 8 8', '9 4'], { start: 2 }).play(2, { type: 'show', from: 0, to: 0 });
    p = p.play(0, { type: 'scoutShow', end: 'left', flip: false, at: 0, from: 1, to: 2 });
    p = p.play(1, { type: 'scout', end: 'left', flip: false, at: 0 });
    p = p.play(2, { type: 'scout', end: 'left', flip: false, at: 0 });
    const dealtNext = p.last.at(-1) as RoundDealt;
    expect(dealtNext).toMatchObject({ type: 'RoundDealt', round: 2, startPlayer: 0 });
    expect(dealtNext.hands.every((h) => h!.length === 12)).toBe(true);
    expect(p.state).toMatchObject({ phase: 'rotate', round: 2, chips: [0, 0, 0], scoutShowChip: [true, true, true], captured: [[], [], []], active: [], owner: null });
    expect(p.state.totals).toEqual((p.last[1] as { totals: number[] }).totals);
  });

  it('§4.4 the game ends after as many rounds as players; the highest total wins', () => {
    for (const seats of [3, 4]) {
      let s = scout.initialState({ seats, options: scout.options.parse({}) });
      const rng = fastRng(seats);
      s = scout.start(s, rng).reduce(scout.evolve, s);
      let rounds = 0;
      while (!scout.status(s).over) {
        expectMoversCanMove(scout.status(s).toMove, seats, (seat) => scout.legalCommands(s, seat));
        const seat = scout.status(s).toMove[0]!;
        const moves = scout.legalCommands(s, seat);
        const events = scout.decide(s, moves[rng.int(moves.length)]!, seat, rng);
        rounds += eventsOf(events, 'RoundEnded').length;
        s = events.reduce(scout.evolve, s);
      }
      expect(rounds).toBe(seats);
      const { result } = scout.status(s);
      expect(result!.scores).toEqual(s.totals);
      expect(result!.winners.every((w) => s.totals[w] === Math.max(...s.totals))).toBe(true);
    }
  });
});
