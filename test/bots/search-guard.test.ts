/**
 * Where one world's luck outweighs a move (Silver), the search plays every root move in the same
 * sampled worlds and keeps its policy's move unless another's paired lead is clear by switchZ
 * standard errors (services/bots/search/paired.ts).
 */
import { describe, expect, it } from 'vitest';
import { GREEDY } from '../../services/bots/greedy/index.js';
import { search, searchLevel } from '../../services/bots/search/index.js';
import { tuningOf } from '../../services/bots/search/tuning.js';
import { fastRng } from '../../services/engine/core/index.js';
import { silver } from '../../services/engine/games/silver/index.js';
import { playedPositions } from '../kit/played-positions.js';

describe('search in Silver (paired playouts, guarded by its policy)', () => {
  it('plays greedy’s move unless another move’s paired lead over it is clear by switchZ standard errors', () => {
    const { switchZ } = tuningOf('silver');
    let checked = 0;
    let switched = 0;
    for (const { t, state, setup } of playedPositions(silver, { seats: 2, games: 1, bot: GREEDY.silver!, seed: 'guard', rng: fastRng(4) })) {
      const seat = t.status(state).toMove[0]!;
      const legal = t.legalMoves(state, seat);
      if (legal.length < 3 || checked >= 25) continue;
      const view = t.view(state, seat);
      const context = { game: silver, seat, setup };
      const r = search(view, legal, fastRng(checked), context, { iterations: searchLevel('silver', 2) });
      if (r.mode !== 'paired') throw new Error(`Silver searches by paired playouts (tuning.ts), got ${r.mode}`);
      const chosen = legal.findIndex((m) => JSON.stringify(m) === JSON.stringify(r.move));
      const policy = legal.findIndex((m) => JSON.stringify(m) === JSON.stringify(r.policyMove));
      checked++;
      expect(r.leads[policy]!.mean, 'the policy move leads itself by nothing').toBe(0);
      if (chosen === policy) continue;
      switched++;
      const lead = r.leads[chosen]!;
      expect(lead.mean - switchZ * lead.se, `position ${checked}: a switch needs a clear lead`).toBeGreaterThan(0);
      expect(r.leads.every((l) => l.mean - switchZ * l.se <= lead.mean - switchZ * lead.se), `position ${checked}: the clearest lead is played`).toBe(true);
    }
    expect(checked).toBe(25);
    expect(switched, 'the search does more than repeat greedy').toBeGreaterThan(0);
    console.log(`search:2 in Silver: ${switched} of ${checked} decisions differ from greedy's`);
  });

  it('with sequential halving, plays the better half of the moves on in each round, the policy’s always, within the budget', () => {
    const iterations = 240;
    let checked = 0;
    for (const { t, state, setup } of playedPositions(silver, { seats: 4, games: 1, bot: GREEDY.silver!, seed: 'halving', rng: fastRng(5) })) {
      const seat = t.status(state).toMove[0]!;
      const legal = t.legalMoves(state, seat);
      if (legal.length < 8 || checked >= 10) continue;
      const r = search(t.view(state, seat), legal, fastRng(checked), { game: silver, seat, setup }, { iterations, halvingFrom: 2 });
      if (r.mode !== 'paired') throw new Error(`Silver searches by paired playouts (tuning.ts), got ${r.mode}`);
      checked++;
      const played = r.leads.map((l) => l.worlds);
      const policy = legal.findIndex((m) => JSON.stringify(m) === JSON.stringify(r.policyMove));
      const chosen = legal.findIndex((m) => JSON.stringify(m) === JSON.stringify(r.move));
      expect(played[policy], 'the policy’s move is played in every world').toBe(r.worlds);
      expect(Math.min(...played), 'the weaker moves are dropped early').toBeLessThan(r.worlds);
      expect(played.filter((n) => n === r.worlds).length, 'the last round compares two moves').toBeLessThanOrEqual(2);
      expect(played.reduce((a, b) => a + b, 0), 'the budget holds').toBeLessThanOrEqual(iterations + 2 * legal.length);
      expect(played[chosen], 'the move played survived every round').toBe(r.worlds);
    }
    expect(checked).toBe(10);
  });
});
