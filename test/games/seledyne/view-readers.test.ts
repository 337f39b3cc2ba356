/**
 * Seledyne's views are shared, not copied: view.ts keeps each seat's entry, each viewer's player
 * list and the Isthām list from call to call, and hands, reserves and counters are the state's own
 * arrays. A reader that changed one would change the next view it, or another seat, is given (a
 * hand could show up in another seat's view). They are not frozen, because freezing each entry
 * made cost 2.4% of a 6-seat playout, so this test stands in for the freeze. It deep-freezes
 * every view that every in-process reader is given, then plays games with those readers: the
 * greedy bot, the random bot, the search bot (its root, its sampled worlds, its playouts) and the
 * sampled world alone. Modules are strict, so any write to a frozen view throws. Readers outside
 * the process (the API, external bots) get JSON, which is a copy.
 */
import { describe, expect, it } from 'vitest';
import { fastRng, randomBot, seatedTable, table, type Rng } from '../../../services/engine/core/index.js';
import { seledyne } from '../../../services/engine/games/seledyne/index.js';
import { GREEDY } from '../../../services/bots/greedy/index.js';
import { searchBot } from '../../../services/bots/search/index.js';
import { playOut, policyFor } from '../../../services/bots/search/rollout.js';

function deepFreeze<T>(x: T): T {
  if (x === null || typeof x !== 'object' || Object.isFrozen(x)) return x;
  Object.freeze(x);
  for (const v of Object.values(x as object)) deepFreeze(v);
  return x;
}

/** Every view the game hands out from here on, frozen before any reader sees it (kept entries included). */
const frozenGame = { ...seledyne, view: (s: unknown, viewer: number | null) => deepFreeze(seledyne.view(s as never, viewer)) };

describe('readers never change a Seledyne view (its entries and lists are shared between calls)', () => {
  it.each([2, 4, 6])('%i seats: greedy, random and search bots, sampled worlds and playouts read frozen views', (seats) => {
    const t = table(frozenGame);
    const rng = fastRng(seats);
    const search = searchBot('seledyne', 1, { iterations: 6 });
    const readers = [GREEDY.seledyne!, (v: unknown, legal: readonly unknown[], r: Rng) => randomBot(v, legal, r)];
    let s = seatedTable(t, { seats, options: {}, seed: `readers-${seats}` });
    const setup = { seats, options: s.options };
    let moves = 0;
    for (; !s.ended && moves < 150; moves++) {
      const seat = t.status(s).toMove[0]!;
      for (let viewer = -1; viewer < seats; viewer++) t.view(s, viewer < 0 ? null : viewer);
      const view = t.view(s, seat);
      expect(Object.isFrozen(view)).toBe(true);
      // the search (dearer) every 20th move, else greedy and random in turn
      const moveBy = moves % 20 === 3 ? search : readers[moves % readers.length]!;
      // the search's own playouts read views of its sampled worlds through the plain game (the frozen playouts below cover them)
      const context = { game: moveBy === search ? seledyne : frozenGame, seat, setup };
      const move = moveBy(view, t.legalMoves(s, seat), rng, context);
      if (moves % 15 === 0) playOut(frozenGame, seledyne.sampleWorld!(view as never, seat, rng, setup as never), policyFor(frozenGame), setup, rng);
      s = t.fold(t.decide(s, { type: 'move', seat, move }), s);
    }
    expect(moves).toBeGreaterThan(60);
  });
});
