/**
 * Where playouts are dear (Silver), the search plays its policy's move unless another looked
 * clearly better: switchZ standard errors of the playouts' mean (services/bots/search/index.ts).
 */
import { describe, expect, it } from 'vitest';
import { GREEDY } from '../../services/bots/greedy/index.js';
import { search, searchLevel } from '../../services/bots/search/index.js';
import { tuningOf } from '../../services/bots/search/tuning.js';
import { fastRng } from '../../services/engine/core/index.js';
import { silver } from '../../services/engine/games/silver/index.js';
import { playedPositions } from '../kit/played-positions.js';

describe('search in Silver (guarded by its policy)', () => {
  it('plays greedy’s move unless another move’s mean beats it by switchZ standard errors', () => {
    const { switchZ } = tuningOf('silver').guard!;
    let checked = 0;
    let switched = 0;
    for (const { t, state, setup } of playedPositions(silver, { seats: 2, games: 1, bot: GREEDY.silver!, seed: 'guard', rng: fastRng(4) })) {
      const seat = t.status(state).toMove[0]!;
      const legal = t.legalMoves(state, seat);
      if (legal.length < 3 || checked >= 25) continue;
      const view = t.view(state, seat);
      const context = { game: silver, seat, setup };
      const r = search(view, legal, fastRng(checked), context, { iterations: searchLevel('silver', 2) });
      const own = JSON.stringify(r.policyMove);
      const chosen = r.edges.find((e) => JSON.stringify(e.move) === JSON.stringify(r.move))!;
      const policy = r.edges.find((e) => JSON.stringify(e.move) === own)!;
      checked++;
      if (chosen === policy) continue;
      switched++;
      const margin = switchZ * Math.sqrt(0.25 / chosen.visits + 0.25 / policy.visits);
      expect(chosen.total / chosen.visits - policy.total / policy.visits, `position ${checked}: a switch needs a clear lead`).toBeGreaterThanOrEqual(margin);
    }
    expect(checked).toBe(25);
    console.log(`search:2 in Silver: ${switched} of ${checked} decisions differ from greedy's`);
  });
});
