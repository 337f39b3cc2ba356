/**
 * The compact record's moves text (`PlaysText`, services/analytics/plays.ts) is gathered two ways,
 * shared frozen moves by their cached text and any other move serialised in runs: both must give
 * the very text `playsOf` reads from a full game's commits, so the plays line and its hash in the
 * games line stay what a full run writes. Every game, every move kind (Seledyne's moves are new
 * objects each move, the others' shared frozen values), and runs of each mixed.
 */
import { describe, expect, it } from 'vitest';
import { labGame } from '../../services/analytics/lab-game.js';
import { PlaysText } from '../../services/analytics/plays.js';
import { lineupBots } from '../../services/bots/lineup.js';
import { games } from '../../services/engine/registry.js';

/** A line without what depends on the clock. */
const timeless = (line: string) => line.replace(/"(createdAt|endedAt)":"[^"]*"/g, '');

describe('the compact record’s moves text', () => {
  it('gives the text of [[seat,move],…] whatever runs of shared and unshared moves come', () => {
    const shared = Object.freeze({ type: 'pass' });
    const own = () => ({ type: 'gift', target: 1, cards: ['a"b', 'c'] });
    const sequences: [number, unknown][][] = [[], [[0, shared]], [[1, own()]], [[0, shared], [1, own()], [1, own()], [0, shared], [0, shared], [1, own()]], [[1, own()], [0, shared], [1, 'x'], [0, 3]]];
    for (const moves of sequences) {
      const text = new PlaysText();
      for (const [seat, move] of moves) text.add(seat, move);
      const { line, text: movesText } = text.line('{"gameId":"g-1","moves":');
      expect(movesText).toBe(JSON.stringify(moves));
      expect(line).toBe(`{"gameId":"g-1","moves":${JSON.stringify(moves)}}\n`);
    }
  });

  it.each(games.map((g) => [g.id, g.seats.min] as const))('a compact game of %s gives the plays line and games line a full game gives', (id, seats) => {
    const game = games.find((g) => g.id === id)!;
    for (const bot of ['random', 'greedy']) {
      const lineup = [...Array(seats)].map(() => bot);
      const { bots, close } = lineupBots(id, lineup);
      try {
        // A run id JSON must escape (the games and plays lines write its part once per run): written as a full run writes it.
        const task = { seats, options: {}, lineup, runSeed: 'plays-text', runId: 'plays-"text\\', trajectories: false, maxMoves: 2000 };
        for (let i = 0; i < 4; i++) {
          const compact = labGame(game, { ...task, compact: true }, bots, i).lines;
          const full = labGame(game, task, bots, i).lines;
          expect(compact.plays).toMatch(/"moves":\[\[/);
          expect(JSON.parse(compact.plays!).gameId).toBe(`${task.runId}-${i}`);
          expect(timeless(compact.game)).toBe(timeless(full.game));
        }
      } finally {
        close();
      }
    }
  });
});
