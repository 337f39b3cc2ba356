/**
 * The view's discard pile is one list per pile array, shared by every view of states that share
 * that pile (view.ts pileView: search builds a view at every move of every playout). Shared, it
 * must be read-only, always the cards of the state's own deck, and never a stale pile. Village
 * slots are shared too (one frozen object per card, position and flags): each must still say
 * what the state says, guarded included.
 */
import { describe, expect, it } from 'vitest';
import { fastRng } from '../../../services/engine/core/index.js';
import type { Event } from '../../../services/engine/games/silver/events.js';
import { silver } from '../../../services/engine/games/silver/index.js';
import { guarded } from '../../../services/engine/games/silver/protect.js';
import { defOf, initialState, knows, type State } from '../../../services/engine/games/silver/state.js';

const dealt = (edition: string, seed: number): State => {
  const setup = { seats: 2, options: silver.options.parse({ edition }) };
  const events = silver.start(initialState(setup), fastRng(seed)) as Event[];
  return events.reduce((s, e) => silver.evolve(s, e), initialState(setup));
};

/** Checked plainly on the hot path (tens of thousands of slots); `expect` runs to explain a mismatch. */
const same = (actual: unknown, wanted: unknown) => {
  if (JSON.stringify(actual) !== JSON.stringify(wanted)) expect(actual).toEqual(wanted);
};
const frozen = (x: object) => {
  if (!Object.isFrozen(x)) expect(Object.isFrozen(x), 'a shared object must be read-only').toBe(true);
};

describe('the view of the discard pile', () => {
  it('shows the pile of every state of a game, card by card, and no reader can change the shared list', () => {
    const rng = fastRng(7);
    let s = dealt('amulet', 7);
    let piles = 0;
    for (let moves = 0; moves < 400 && !silver.status(s).over; moves++) {
      const seat = silver.status(s).toMove[0]!;
      const v = silver.view(s, seat);
      same(v.discard.map((c) => `${c.edition} ${c.number}`), s.discard.map((id) => `${defOf(s, id).edition} ${defOf(s, id).number}`));
      frozen(v.discard);
      const spectator = silver.view(s, null).discard;
      if (spectator !== v.discard) expect(spectator).toBe(v.discard); // one list per pile array
      const legal = silver.legalCommands(s, seat);
      const before = s.discard;
      s = silver.decide(s, legal[rng.int(legal.length)]!, seat, rng).reduce((x: State, e: Event) => silver.evolve(x, e), s);
      if (s.discard !== before) piles++;
    }
    expect(piles).toBeGreaterThan(20);
  });

  it('is the cards of the viewed state’s deck even when states of two decks share one pile array', () => {
    const dagger = dealt('dagger', 3);
    const coin = { ...dealt('coin', 3), discard: dagger.discard };
    expect(silver.view(dagger, 0).discard.map((c) => c.edition)).toEqual(['dagger']);
    expect(silver.view(coin, 0).discard.map((c) => c.edition)).toEqual(['coin']);
  });
});

describe('the view of the villages', () => {
  it('shows each slot as the state has it, from a shared read-only object, guarded as the rules say', () => {
    for (const edition of ['amulet', 'dagger', 'coin']) {
      const rng = fastRng(11);
      let s = dealt(edition, 11);
      let guardedSlots = 0;
      let rounds = 0;
      for (let moves = 0; moves < 1500 && !silver.status(s).over; moves++) {
        const seat = silver.status(s).toMove[0]!;
        for (const viewer of [seat, null]) {
          const v = silver.view(s, viewer);
          s.villages.forEach((row, owner) =>
            row.forEach((id, position) => {
              const slot = v.villages[owner]!.cards[position]!;
              const known = knows(s, id, viewer);
              const expected = { position, faceUp: s.up[id], rotated: s.rot[id], known, publicKnown: knows(s, id, null), card: known ? v.villages[owner]!.cards[position]!.card : null, amulet: s.amulet === id, guarded: guarded(s, owner, id) };
              same(slot, expected);
              same(slot.card === null ? null : `${slot.card.edition} ${slot.card.number}`, known ? `${defOf(s, id).edition} ${defOf(s, id).number}` : null);
              frozen(slot);
              if (slot.guarded) guardedSlots++;
            }),
          );
        }
        // Scores, history, editions and peeks are shared frozen copies, kept while the state's array is the same.
        const v = silver.view(s, seat);
        same([v.scores, v.history, v.editions, v.peeked], [s.scores, s.history, s.eds, s.peeked]);
        for (const shared of [v.scores, v.history, v.editions, v.peeked, ...v.history]) frozen(shared);
        // So are the positions of the cards face-up at the turn's start, kept while the turn's list and its row are the same.
        const row = s.turn ? s.villages[s.turn.seat]! : [];
        same(v.tableFacts.turnUpAtStart, (s.turn?.upAtStart ?? []).map((id) => row.indexOf(id)).filter((p) => p >= 0));
        frozen(v.tableFacts.turnUpAtStart);
        rounds = Math.max(rounds, s.history.length);
        const legal = silver.legalCommands(s, seat);
        s = silver.decide(s, legal[rng.int(legal.length)]!, seat, rng).reduce((x: State, e: Event) => silver.evolve(x, e), s);
      }
      expect(rounds).toBeGreaterThan(0);
      if (edition === 'amulet') expect(guardedSlots).toBeGreaterThan(0);
    }
  });
});
