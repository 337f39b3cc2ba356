/**
 * Where one world's luck outweighs a move (Silver), the search plays every root move in the same
 * sampled worlds and keeps its policy's move unless another's paired lead is clear by switchZ
 * standard errors (services/bots/search/paired.ts).
 */
import { describe, expect, it } from 'vitest';
import { GREEDY } from '../../services/bots/greedy/index.js';
import { search, searchLevel, type SearchOptions } from '../../services/bots/search/index.js';
import { tuningOf } from '../../services/bots/search/tuning.js';
import { fastRng } from '../../services/engine/core/index.js';
import { silver } from '../../services/engine/games/silver/index.js';
import { playedPositions } from '../kit/played-positions.js';

/**
 * Silver's paired search at the first `count` positions of one greedy game with at least
 * `minMoves` legal moves: the position's legal moves, the result, and where in the legal moves
 * the played and the policy's moves stand.
 */
function* pairedDecisions(seats: number, seed: string, rng: number, minMoves: number, count: number, options: SearchOptions) {
  let checked = 0;
  for (const { t, state, setup } of playedPositions(silver, { seats, games: 1, bot: GREEDY.silver!, seed, rng: fastRng(rng) })) {
    if (checked >= count) return; // the rest of the game decides nothing here
    const seat = t.status(state).toMove[0]!;
    const legal = t.legalMoves(state, seat);
    if (legal.length < minMoves) continue;
    const r = search(t.view(state, seat), legal, fastRng(checked), { game: silver, seat, setup }, options);
    if (r.mode !== 'paired') throw new Error(`Silver searches by paired playouts (tuning.ts), got ${r.mode}`);
    checked++;
    const at = (move: unknown) => legal.findIndex((m) => JSON.stringify(m) === JSON.stringify(move));
    yield { legal, r, chosen: at(r.move), policy: at(r.policyMove) };
  }
}

describe('search in Silver (paired playouts, guarded by its policy)', () => {
  it('plays greedy’s move unless another move’s paired lead over it is clear by switchZ standard errors', () => {
    const { switchZ } = tuningOf('silver');
    let checked = 0;
    let switched = 0;
    for (const { r, chosen, policy } of pairedDecisions(2, 'guard', 4, 3, 25, { iterations: searchLevel('silver', 2) })) {
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
    for (const { legal, r, chosen, policy } of pairedDecisions(4, 'halving', 5, 8, 10, { iterations, halvingFrom: 2 })) {
      checked++;
      const played = r.leads.map((l) => l.worlds);
      expect(played[policy], 'the policy’s move is played in every world').toBe(r.worlds);
      expect(Math.min(...played), 'the weaker moves are dropped early').toBeLessThan(r.worlds);
      expect(played.filter((n) => n === r.worlds).length, 'the last round compares two moves').toBeLessThanOrEqual(2);
      expect(played.reduce((a, b) => a + b, 0), 'the budget holds').toBeLessThanOrEqual(iterations + 2 * legal.length);
      expect(played[chosen], 'the move played survived every round').toBe(r.worlds);
    }
    expect(checked).toBe(10);
  });
});
