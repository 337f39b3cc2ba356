/**
 * A search's playouts give Seledyne's greedy bot the playout view (view.ts `playoutView`), not the
 * whole view. It must hold the very values the whole view holds in the fields the bot reads, for
 * every seat at every decision, or the bot would play another game in its playouts than at the
 * table (test/bots/playout-law.test.ts plays both paths, but few of its moves read every field:
 * it passed with the turn's targets left out of the playout view).
 */
import { describe, expect, it } from 'vitest';
import { fastRng, seatedTable, table } from '../../../services/engine/core/index.js';
import { seledyne } from '../../../services/engine/games/seledyne/index.js';
import { playoutView } from '../../../services/engine/games/seledyne/view.js';
import type { State } from '../../../services/engine/games/seledyne/state.js';
import { GREEDY } from '../../../services/bots/greedy/index.js';

describe('the playout view holds what the whole view holds, in the fields the greedy bot reads', () => {
  it.each([2, 4, 6])('%i seats: every seat at every decision of greedy games', (seats) => {
    const t = table(seledyne);
    let checked = 0;
    for (const seed of [1, 2]) {
      let s = seatedTable(t, { seats, options: {}, seed: `playout-view-${seed}` });
      const rng = fastRng(seed);
      const setup = { seats, options: s.options };
      while (!s.ended) {
        for (let viewer = 0; viewer < seats; viewer++) {
          const whole = seledyne.view(s.play as State, viewer);
          const part = playoutView(s.play as State, viewer);
          expect(part.players.map(({ seat, die, counter, hand, reserve }) => ({ seat, die, counter, hand, reserve }))).toEqual(
            whole.players.map(({ seat, die, counter, hand, reserve }) => ({ seat, die, counter, hand, reserve })),
          );
          const wt = whole.turn;
          expect(part.turn).toEqual(wt && { step: wt.step, selection: wt.selection, effectiveDie: wt.effectiveDie, giftedTo: wt.giftedTo });
          checked++;
        }
        const seat = t.status(s).toMove[0]!;
        const move = GREEDY.seledyne!(t.view(s, seat), t.legalMoves(s, seat), rng, { game: seledyne, seat, setup });
        s = t.fold(t.decide(s, { type: 'move', seat, move }), s);
      }
    }
    expect(checked).toBeGreaterThan(100);
  });
});
