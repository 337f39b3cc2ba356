/**
 * The bot pool takes more decisions than it has workers: the runner asks for at most `size`, but a
 * timed-out seat's bot asks beside it, so the rest wait for a worker, in order, and each gets the
 * move the bot makes in-thread from the same sight (bots are deterministic given game and version).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { fastRng, randomBot, seatedTable, table } from '../../services/engine/core/index.js';
import { scout } from '../../services/engine/games/scout/index.js';
import { BotPool, type Sight } from '../../services/bots/pool.js';
import { botMove } from '../../services/bots/kinds.js';

const pool = new BotPool(1);
afterAll(() => pool.stop());

/** Sights of a random 2-seat SCOUT game's first positions, each for the seat to move. */
function sights(n: number): Sight[] {
  const t = table(scout);
  let state = seatedTable(t, { seats: 2, options: {}, seed: 'pool-waiting' });
  const rng = fastRng(1);
  const out: Sight[] = [];
  for (let v = 0; out.length < n; v++) {
    const seat = t.status(state).toMove[0]!;
    const legalMoves = t.legalMoves(state, seat);
    out.push({ view: t.view(state, seat), legalMoves, context: { game: scout, seat, setup: { seats: 2, options: state.options } }, key: 'bot:pool-waiting', stream: v * 64 + seat });
    state = t.fold(t.decide(state, { type: 'move', seat, move: randomBot(t.view(state, seat), legalMoves, rng) }), state);
  }
  return out;
}

describe('the bot pool, asked for more than its workers at once', () => {
  it('decides every one in its worker, in order, as the bot would in-thread', async () => {
    const asked = sights(6);
    const before = pool.decided.worker;
    const moves = await Promise.all(asked.map((s) => pool.decide(s, 'greedy')));
    expect(pool.decided.worker - before).toBe(6);
    expect(moves).toEqual(asked.map((s) => JSON.parse(JSON.stringify(botMove(s, 'greedy', s.key, s.stream)))));
  });
});
