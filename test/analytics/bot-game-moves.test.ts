/**
 * What the lab's harness (services/analytics/bot-game.ts, `playBotGame`) records as a move: a bot's
 * move that is one of the engine's listed objects as it is (plain JSON already), any other through
 * JSON, as a client's move would arrive. A bot marked as always picking a listed object
 * (services/bots/picks-listed.ts: the random bot) is not looked up in the list; the mark must be true.
 */
import { describe, expect, it } from 'vitest';
import { playBotGame } from '../../services/analytics/bot-game.js';
import { lineupBots } from '../../services/bots/lineup.js';
import { picksListed } from '../../services/bots/picks-listed.js';
import type { Bot } from '../../services/engine/core/index.js';
import { games } from '../../services/engine/registry.js';

describe('the moves playBotGame records', () => {
  it('records a move that is not one of the listed objects as its JSON, a listed one as it is', () => {
    const game = games.find((g) => g.id === 'scout')!;
    const handed = new Map<unknown, boolean>();
    let k = 0;
    // Every other move a copy of a listed one (the table accepts it as the listed move it equals).
    const copying: Bot = (_view, legal) => {
      const pick = legal[0] as object;
      const move = k++ % 2 ? { ...pick } : pick;
      handed.set(move, move === pick);
      return move;
    };
    expect(picksListed(copying)).toBe(false);
    let copies = 0;
    playBotGame(game, { seats: 2, bots: [copying, copying], seed: 'moves', botSeed: 1, maxMoves: 40 }, (command) => {
      if (command.type !== 'move') return;
      const listed = handed.get(command.move);
      if (listed === undefined) copies++;
      else expect(listed).toBe(true);
    });
    expect(copies).toBeGreaterThan(10);
  });

  it.each(games.map((g) => [g.id] as const))('%s: the random bot, marked, plays one of the listed objects at every decision', (id) => {
    const game = games.find((g) => g.id === id)!;
    for (const seats of [game.seats.min, Math.min(4, game.seats.max)]) {
      const { bots, close } = lineupBots(id, [...Array(seats)].map(() => 'random'));
      try {
        expect(bots.every(picksListed)).toBe(true);
        let decisions = 0;
        const checked = bots.map<Bot>((bot) => (view, legal, rng, context) => {
          const move = bot(view, legal, rng, context);
          expect(legal.includes(move)).toBe(true);
          decisions++;
          return move;
        });
        for (let i = 0; decisions < 1500; i++) playBotGame(game, { seats, bots: checked, seed: `listed-${i}`, botSeed: i, maxMoves: 2000 }, () => undefined);
      } finally {
        close();
      }
    }
  });
});
