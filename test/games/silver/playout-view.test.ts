/**
 * A search's playouts hand greedy Silver the playout view (view.ts `playoutView`: only the fields
 * the bot reads) instead of the whole view. Those fields must be the whole view's, for every
 * viewer of every state, or the playouts would plan on a game the bot does not see; and the bot
 * must pick the same move from either.
 */
import { describe, expect, it } from 'vitest';
import { fastRng, seatedTable, table } from '../../../services/engine/core/index.js';
import { greedySilver } from '../../../services/bots/greedy/silver.js';
import { silver } from '../../../services/engine/games/silver/index.js';
import type { State } from '../../../services/engine/games/silver/state.js';
import { playoutView, type PlayoutView, type SilverView } from '../../../services/engine/games/silver/view.js';

const FIELDS = ['seat', 'villages', 'hand', 'discard', 'pending'] as const satisfies readonly (keyof PlayoutView)[];
const part = (v: SilverView) => Object.fromEntries(FIELDS.map((k) => [k, v[k]]));

/** Option sets that bring in the Bodyguard's naming, the Squire's display, mixed decks and the optional powers. */
const OPTIONS = [{}, { bodyguardNaming: 'ownerTurn', scoringPowersOptional: false }, { mix: { '1': 'dagger', '4': 'coin', '9': 'amulet', '11': 'dagger' }, squireDisplay: 'one' }];

describe('the playout view', () => {
  it.each(['dagger', 'coin', 'amulet'])('is the whole view in the fields greedy reads, for every viewer of every state (%s)', (edition) => {
    const t = table(silver);
    let states = 0;
    for (const [k, options] of OPTIONS.entries())
      for (const seats of [2, 3, 4]) {
        const rng = fastRng(seats * 10 + k);
        let s = seatedTable(t, { seats, options: { edition, ...options }, seed: `playout-view-${edition}-${seats}-${k}` });
        const setup = { seats, options: s.options };
        for (let moves = 0; !s.ended && moves < 250; moves++) {
          const play = s.play as State;
          for (const viewer of [null, ...Array.from({ length: seats }, (_, i) => i)]) {
            const whole = part(silver.view(play, viewer));
            const lean = playoutView(play, viewer);
            // Compared as JSON on the hot path (thousands of views); `expect` explains a mismatch.
            if (JSON.stringify(lean) !== JSON.stringify(whole) || Object.keys(lean).join() !== FIELDS.join()) expect(lean).toEqual(whole);
          }
          states++;
          const seat = t.status(s).toMove[0]!;
          const legal = t.legalMoves(s, seat);
          const context = { game: silver, seat, setup };
          const greedy = greedySilver(silver.view(play, seat), legal, rng, context);
          expect(greedySilver(playoutView(play, seat), legal, rng, context)).toBe(greedy);
          // Mostly greedy, a random move now and then: states greedy alone never reaches.
          const move = rng.int(4) === 0 ? legal[rng.int(legal.length)] : greedy;
          s = t.fold(t.decide(s, { type: 'move', seat, move }), s);
        }
      }
    expect(states).toBeGreaterThan(1000);
  });
});
