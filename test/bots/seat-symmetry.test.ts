/** Bots favour no seat number: relabelling the seats of a position relabels the decision (test/kit/seat-symmetry.ts). */
import { describe, expect, it } from 'vitest';
import { games } from '../../services/engine/registry.js';
import { GREEDY } from '../../services/bots/greedy/index.js';
import { BOT_KINDS } from '../../services/bots/kinds.js';
import { MOVE_SEAT, randomRelative, seatRelative } from '../../services/bots/seat-order.js';
import { fastRng, randomBot, type Bot } from '../../services/engine/core/index.js';
import { playBotGame } from '../../services/analytics/bot-game.js';
import { checkSeatSymmetry } from '../kit/seat-symmetry.js';

describe('bots are seat-symmetric: rotating the seats of a position rotates the move', () => {
  for (const game of games) {
    for (const seats of [3, 4].filter((n) => n >= game.seats.min && n <= game.seats.max)) {
      const bots = { random: BOT_KINDS.random!.make(game.id, 0), greedy: BOT_KINDS.greedy!.make(game.id, 0) };
      it(`${game.id}, ${seats} seats: random and greedy at positions of greedy play`, () => {
        expect(checkSeatSymmetry(game, { seats, games: 4, every: 3, positions: 40, bot: GREEDY[game.id]!, bots }).compared).toBe(40);
      });
      // Where the moves name seats (a robbery, a gift, a power's target), every such decision of some games: the tie-breaks between seats.
      if (game.id !== 'scout') {
        it(`${game.id}, ${seats} seats: every decision between moves that name seats`, () => {
          const r = checkSeatSymmetry(game, { seats, games: 12, positions: 60, seatMovesOnly: true, bot: GREEDY[game.id]!, bots, seed: 'seat-moves' });
          expect(r.compared).toBe(60);
          expect(r.reordered).toBeGreaterThan(10); // the rotated position lists its seat moves in another order: a tie-break by list place would show
        });
      }
    }
  }
  // The random bot picks in the relative order without building it: the same move as the order built and a uniform pick, draw for draw.
  for (const game of games) {
    it(`${game.id}: the random bot plays what a uniform pick from the relative order plays`, () => {
      const built = seatRelative(randomBot);
      let decisions = 0;
      let named = 0;
      const both: Bot = (view, legal, rng, context) => {
        const seed = rng.int(2 ** 30);
        const mine = randomRelative(view, legal, fastRng(seed), context);
        expect(mine).toBe(built(view, legal, fastRng(seed), context));
        decisions++;
        if (legal.some((m) => (MOVE_SEAT[game.id]!(m as { type?: string }) ?? null) !== null)) named++;
        return mine;
      };
      for (let i = 0; decisions < 3000; i++) {
        const seats = Math.min(game.seats.max, game.seats.min + (i % 3));
        playBotGame(game, { seats, bots: [...Array(seats)].map(() => both), seed: `random-relative-${i}`, botSeed: i, maxMoves: 2000 }, () => undefined);
      }
      if (game.id !== 'scout') expect(named).toBeGreaterThan(20); // decisions between moves that name seats were compared
    });
  }
  it('knows which move fields are seats for every game', () => {
    for (const game of games) expect(Object.hasOwn(MOVE_SEAT, game.id), game.id).toBe(true);
  });
});
