/**
 * Non-interference (§8): two histories that differ only in what a seat cannot know look the same
 * to it — its view, its legal moves and its redacted history.
 */
import { describe, expect, it } from 'vitest';
import type { TableEvent } from '../../../services/engine/core/index.js';
import type { Command } from '../../../services/engine/games/silver/commands.js';
import { silver } from '../../../services/engine/games/silver/index.js';
import { expectIndistinguishable, observe } from '../../kit/playthrough.js';
import { numberOf } from '../../../services/engine/games/silver/cards.js';
import type { Event } from '../../../services/engine/games/silver/events.js';
import { tableHistory } from '../../kit/history.js';
import { discard, draw, Flow, power, round, type Setup } from './helpers.js';

type Moves = [number, Command][];

function history(setup: Setup, moves: Moves): TableEvent[] {
  return tableEvents(moves.reduce((f, [seat, c]) => f.do(seat, c), round(setup)));
}

/** A flow's events as the table stores them (created, seats taken, then the game's events). */
function tableEvents(flow: Flow): TableEvent[] {
  return tableHistory(silver, flow.seats, flow.options, flow.events);
}

/** Both histories look the same to every seat in `blind` and to a spectator, and differ for `sees`. */
function check(a: Setup, b: Setup, moves: Moves, blind: number[], sees: number[] = []) {
  const ha = history(a, moves);
  const hb = history(b, moves);
  for (const seat of [...blind, null]) expectIndistinguishable(silver, ha, hb, seat);
  for (const seat of sees) expect(observe(silver, ha, seat)).not.toEqual(observe(silver, hb, seat));
}

const A = { edition: 'amulet' };

describe('non-interference', () => {
  for (const seats of [2, 3, 4])
    it(`${seats} seats: other villages and the deck below what was seen are hidden from every seat`, () => {
      const own = [[1, 2, 3], [4, 4, 5], [6, 6, 7], [8, 8, 9]];
      const other = [[1, 3, 2], [4, 5, 4], [6, 7, 6], [8, 9, 8]];
      for (let seat = 0; seat < seats; seat++) {
        const mk = (alt: boolean): Setup => ({
          options: A,
          seats,
          villages: own.slice(0, seats).map((r, i) => (alt && i !== seat ? other[i]! : r)),
          deck: alt ? [10, 11, 12] : [10, 12, 11],
          deckSize: 20,
        });
        check(mk(false), mk(true), [[0, draw], [0, { type: 'exchange', positions: [0] }]], [seat]);
      }
    });

  it('a peek shown to one seat: the others cannot tell which cards, or what they are', () => {
    const base: Setup = { options: A, seats: 3, villages: [[1, 2, 3, 4, 5], [6, 7, 8, 9, 10], [11, 12, 13, 0, 1]], deckSize: 20, peek: true };
    const ha = history(base, [[1, { type: 'peek', positions: [0, 1] }]]);
    const hb = history(base, [[1, { type: 'peek', positions: [2, 4] }]]);
    for (const seat of [0, 2, null]) expectIndistinguishable(silver, ha, hb, seat);
    expect(observe(silver, ha, 1)).not.toEqual(observe(silver, hb, 1));
  });

  it('a pending hidden choice (one seat has peeked, another has not) does not show', () => {
    const base: Setup = { options: A, villages: [[1, 2, 3, 4, 5], [6, 7, 8, 9, 10]], deckSize: 20, peek: true };
    const ha = history(base, [[0, { type: 'peek', positions: [0, 1] }]]);
    const hb = history({ ...base, villages: [[5, 4, 3, 2, 1], [6, 7, 8, 9, 10]] }, [[0, { type: 'peek', positions: [3, 4] }]]);
    expectIndistinguishable(silver, ha, hb, 1);
  });

  it('a drawn card exchanged face-down stays the drawer’s secret', () => {
    const a: Setup = { options: A, seats: 3, villages: [[1, 2], [3], [4]], deck: [5], deckSize: 20 };
    check(a, { ...a, deck: [7] }, [[0, draw], [0, { type: 'exchange', positions: [1] }]], [1, 2], [0]);
  });

  it('Empath: the own card looked at is known to its owner only', () => {
    const a: Setup = { options: A, seats: 3, villages: [[2, 1, 3], [4], [5]], up: [[0, 0]], deckSize: 20 };
    check(a, { ...a, villages: [[2, 6, 3], [4], [5]] }, [[0, { type: 'activate', position: 0, option: 0 }], [0, { type: 'target', seat: 0, position: 1 }]], [1, 2], [0]);
  });

  it('Beholder: the two own cards looked at are known to their owner only', () => {
    const a: Setup = { options: A, seats: 3, villages: [[1, 2, 3], [4], [5]], deck: [7], deckSize: 20 };
    check(a, { ...a, villages: [[6, 8, 3], [4], [5]] }, [[0, draw], [0, power], [0, { type: 'target', seat: 0, position: 0 }], [0, { type: 'target', seat: 0, position: 1 }]], [1, 2], [0]);
  });

  it('Apprentice Seer: the opponent’s card looked at is known to the looker only (not even to its owner)', () => {
    const a: Setup = { options: A, seats: 3, villages: [[1, 2], [3, 6], [4]], deck: [8], deckSize: 20 };
    check(a, { ...a, villages: [[1, 2], [9, 6], [4]] }, [[0, draw], [0, power], [0, { type: 'target', seat: 1, position: 0 }]], [1, 2], [0]);
  });

  it('Master Thief: the swapped cards stay unknown to everyone, the thief included', () => {
    const a: Setup = { options: { edition: 'dagger' }, seats: 3, villages: [[1, 2], [3, 6], [7]], deck: [12], deckSize: 20 };
    check(a, { ...a, villages: [[1, 2], [9, 6], [7]] }, [[0, draw], [0, power], [0, { type: 'target', seat: 0, position: 0 }], [0, { type: 'target', seat: 1, position: 0 }]], [0, 1, 2]);
  });

  it('Commander: the new card a kept card replaces goes into the deck unseen by anyone', () => {
    // Round 1 ends with seat 0 keeping its 7; round 2 is dealt; seat 0 swaps the 7 in at position 1.
    const r1 = round({ options: { edition: 'dagger', mix: { '0': 'promo' }, rounds: 2 }, villages: [[0, 5, 7], [1]], up: [[0, 0]], deck: [6, 8], deckSize: 20 })
      .do(0, { type: 'call' })
      .all(1, draw, discard)
      .do(0, { type: 'target', seat: 0, position: 2 });
    // The other history: the card dealt at seat 0's position 1 is exchanged with a deck card of another number.
    const events = r1.events.slice() as Event[];
    const k = events.findLastIndex((e) => e.type === 'RoundDealt');
    const dealt = events[k] as Extract<Event, { type: 'RoundDealt' }>;
    const x = dealt.villages![0]![1]!;
    const j = dealt.deck!.findIndex((id) => numberOf(id) !== numberOf(x) && id !== dealt.deck!.at(-1));
    const villages = dealt.villages!.map((r) => r.slice());
    const deck = dealt.deck!.slice();
    [villages[0]![1], deck[j]] = [deck[j]!, x];
    events[k] = { ...dealt, villages, deck };
    const r1b = new Flow(r1.seats, r1.options, events);
    const place = { type: 'place', position: 1 } as const;
    const ha = tableEvents(r1.do(0, place));
    const hb = tableEvents(r1b.do(0, place));
    for (const seat of [0, 1, null]) expectIndistinguishable(silver, ha, hb, seat);
  });

  it('Seer: the card shown goes to the looker only', () => {
    const a: Setup = { options: A, seats: 3, villages: [[1, 2], [3, 6], [4]], deck: [9], deckSize: 20 };
    check(a, { ...a, villages: [[1, 2], [7, 6], [4]] }, [[0, draw], [0, power], [0, { type: 'target', seat: 1, position: 0 }]], [1, 2], [0]);
  });

  it('Witch: the top card looked at and placed face-down is known to the Witch user only', () => {
    const a: Setup = { options: A, seats: 3, villages: [[1, 2], [3, 6], [4]], deck: [11, 5], deckSize: 20 };
    check(a, { ...a, deck: [11, 8] }, [[0, draw], [0, power], [0, { type: 'target', seat: 1, position: 1 }]], [1, 2], [0]);
  });

  it('Robber: the received card is seen by the robber only; the victim learns nothing', () => {
    const a: Setup = { options: A, seats: 3, villages: [[1, 2], [3, 6], [4]], deck: [12], deckSize: 20 };
    check(a, { ...a, villages: [[1, 2], [3, 8], [4]] }, [[0, draw], [0, power], [0, { type: 'target', seat: 0, position: 0 }], [0, { type: 'target', seat: 1, position: 1 }]], [1, 2], [0]);
  });

  it('Rascal: the drawn cards are the drawer’s secret, also the one returned on top', () => {
    const a: Setup = { options: A, seats: 2, villages: [[4, 1], [3]], up: [[0, 0]], deck: [6, 7], deckSize: 20 };
    check(a, { ...a, deck: [8, 9] }, [[0, draw], [0, { type: 'keep', index: 0 }], [0, { type: 'exchange', positions: [1] }]], [1], [0]);
  });

  it('Looter: the replacement cards are seen by nobody', () => {
    const a: Setup = { options: { mix: { '12': 'promo' } }, seats: 2, villages: [[5, 1], [5, 2]], up: [[0, 0], [1, 0]], deck: [12, 6, 7], deckSize: 20 };
    check(a, { ...a, deck: [12, 9, 10] }, [[0, draw], [0, power], [0, { type: 'number', value: 5 }]], [0, 1]);
  });

  it('critical failure: the penalty card is seen by nobody, not even its owner', () => {
    const a: Setup = { options: A, seats: 2, villages: [[5, 3, 6, 8], [1]], deck: [2, 9], deckSize: 20 };
    const moves: Moves = [[0, draw], [0, { type: 'exchange', positions: [0, 1, 2] }], [0, { type: 'place', end: 'left' }], [0, { type: 'place', end: 'right' }]];
    check(a, { ...a, deck: [2, 10] }, moves, [0, 1]);
  });
});
