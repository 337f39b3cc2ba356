/**
 * A targeted search for the positions random play rarely reaches (Zombies known to all, slid sets
 * that would bounce, a Zombie under a low card, a Squire display with Zombies, the Approximator):
 * from each constructed position every legal move is tried to a depth (test/kit/explore.ts), and
 * at every position a seat to move must have a legal move (the kit's invariant) and every turn
 * must change the table (§3.1: exactly one main action; a move that changes nothing is no action).
 */
import { describe, expect, it } from 'vitest';
import type { Event } from '../../../services/engine/games/silver/events.js';
import { silver } from '../../../services/engine/games/silver/index.js';
import type { State } from '../../../services/engine/games/silver/state.js';
import { explore } from '../../kit/explore.js';
import { cardsConserved, dealEvents, type Setup } from './helpers.js';

const D = { edition: 'dagger' };
const AZ = { edition: 'amulet', mix: { '4': 'dagger' } };
const madePublic = (s: number, p: number): Event[] => [
  { type: 'Flip', s, p, up: true, card: 4 },
  { type: 'Flip', s, p, up: false, card: 4 },
];

const POSITIONS: { name: string; setup: Setup; extra?: Event[] }[] = [
  { name: 'a lone face-up Zombie', setup: { options: D, villages: [[4], [6, 7]], up: [[0, 0]], deck: [7, 9], deckSize: 10 } },
  { name: 'two face-up Zombies', setup: { options: D, villages: [[4, 4], [6]], up: [[0, 0], [0, 1]], deck: [7, 9], deckSize: 10 } },
  { name: 'a face-up Zombie and a face-up Doppelgänger', setup: { options: { ...D, mix: { '13': 'amulet' } }, villages: [[4, 13], [6]], up: [[0, 0], [0, 1]], deck: [7, 9], deckSize: 10 } },
  { name: 'a face-down Zombie known to all, a Take', setup: { options: D, villages: [[4, 1], [6]], discard: [9], deck: [7], deckSize: 10 }, extra: madePublic(0, 0) },
  { name: 'two face-down Zombies known to all', setup: { options: D, villages: [[4, 4, 1], [6]], discard: [9], deck: [7], deckSize: 10 }, extra: [...madePublic(0, 0), ...madePublic(0, 1)] },
  { name: 'a Zombie under a low card on the pile', setup: { options: D, villages: [[7, 8, 9], [6]], discard: [4, 2], deckSize: 10 } },
  { name: 'a Squire display with Zombies', setup: { options: AZ, villages: [[1, 2], [4, 6]], up: [[0, 0]], deck: [8, 4, 6], deckSize: 10 } },
  { name: 'an Approximator with a face-up Zombie and a face-up 7', setup: { options: D, villages: [[4, 7, 1], [6]], up: [[0, 0], [0, 1]], deck: [5, 5], deckSize: 10 } },
  { name: 'a Lycan with a face-up Zombie', setup: { options: { ...D, mix: { '1': 'bullet' } }, villages: [[1, 3, 4], [4, 6]], up: [[0, 0], [0, 2]], deck: [3, 4], deckSize: 10 } },
];

/** What a turn can change on the table (not whose turn it is). */
const table = (s: State) => JSON.stringify([s.villages, s.villages.flat().map((id) => [s.up[id], s.known[id], s.rot[id]]), s.discard, s.deck, s.display, s.caller, s.dir, s.amulet, s.guards, s.token]);

/** A turn that ended with the table as it was when it began: the main action did nothing. */
function turnChangedSomething(before: State, after: State, path: readonly State[]) {
  const seat = before.turn?.seat;
  if (seat === undefined || after.phase !== 'play' || (after.turn?.seat === seat && after.turn.main)) return;
  if (after.turn?.seat === seat && !after.turn.main) return; // still before the main action
  const start = [...path, before].reverse().find((s) => s.turn?.seat === seat && !s.turn.main && s.pending === null);
  if (start) expect(table(after), `seat ${seat}'s turn changed nothing`).not.toBe(table(start));
}

describe('§3.7 / §4.4 a targeted search: no dead end and no empty turn near the Zombie positions', () => {
  for (const p of POSITIONS)
    it(`a seat to move always has a legal move, and every turn changes the table: ${p.name}`, () => {
      const seats = p.setup.villages.length;
      const options = silver.options.parse(p.setup.options ?? {});
      const start = [...dealEvents(p.setup), ...(p.extra ?? [])].reduce((s, e) => silver.evolve(s, e), silver.initialState({ seats, options }));
      const checked = explore(silver, start, {
        seats,
        depth: 5,
        check: (before, after, path) => {
          cardsConserved(after);
          turnChangedSomething(before, after, path);
        },
      });
      expect(checked).toBeGreaterThan(20);
    });
});
