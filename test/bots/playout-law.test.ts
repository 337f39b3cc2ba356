/**
 * The law of the playout path (services/bots/search/rollout.ts `applyMove`): given the same random
 * streams, a game played move by move on the bare game state (decide's own working copy, no table,
 * no history, no redaction) reaches the same states and the same result as the full table engine.
 * Search bots value their moves by such playouts, so a path that drifted from the rules would
 * make them plan on a game that is not the one being played.
 */
import { describe, expect, it } from 'vitest';
import { dealSeed, fastRng, rngFor, seatedTable, table, type AnyGame } from '../../services/engine/core/index.js';
import { games } from '../../services/engine/registry.js';
import { applyMove, policyFor, policyMove } from '../../services/bots/search/rollout.js';

const cases: { game: AnyGame; seats: number; options: object }[] = games.flatMap((game) => [
  ...new Set([game.seats.min, game.seats.max]),
].flatMap((seats) => (game.id === 'silver' ? ['dagger', 'coin', 'amulet'].map((edition) => ({ game, seats, options: { edition } })) : [{ game, seats, options: {} }])));

function bothWays(game: AnyGame, seats: number, options: object, seed: number) {
  const t = table(game);
  const policy = policyFor(game);
  let s = seatedTable(t, { seats, options, seed: `law-${seed}` });
  const setup = { seats, options: s.options };
  const deal = dealSeed(s.seed, s.players.map(() => undefined));
  // The playout path starts from the same dealt state and keeps its own chain of states.
  let p: unknown = s.play;
  const tableRng = fastRng(seed);
  const playoutRng = fastRng(seed);
  let moves = 0;
  while (!s.ended && moves < 5000) {
    const seat = t.status(s).toMove[tableRng.int(t.status(s).toMove.length)]!;
    const actor = game.status(p).toMove[playoutRng.int(game.status(p).toMove.length)]!;
    const move = policy(t.view(s, seat), t.legalMoves(s, seat), tableRng, { game, seat, setup });
    // The commit's own random stream, as the table derives it: the playout gets the same draws.
    p = applyMove(game, p, policyMove(game, policy, p, actor, setup, playoutRng), actor, rngFor(deal, s.events));
    s = t.fold(t.decide(s, { type: 'move', seat, move }), s);
    expect(actor).toBe(seat);
    if (moves++ % 25 === 0) expect(p).toEqual(s.play);
  }
  expect(s.ended).toBe(true);
  expect(p).toEqual(s.play);
  expect(game.status(p).result).toEqual(t.status(s).result);
  return moves;
}

describe('the playout path plays the same games as the full engine', () => {
  it.each(cases.map((c) => [`${c.game.id} ${c.seats} seats ${JSON.stringify(c.options)}`, c] as const))('%s', (_, { game, seats, options }) => {
    let moves = 0;
    for (const seed of [1, 2]) moves += bothWays(game, seats, options, seed);
    expect(moves).toBeGreaterThan(20);
  });
});
