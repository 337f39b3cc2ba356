/**
 * One vocabulary across the games' views: the viewer is `seat` (null for a spectator) and the
 * seats to act are `toMove`, exactly the table's status.
 */
import { describe, expect, it } from 'vitest';
import { table } from '../../../services/engine/core/index.js';
import type { View } from '../../../services/engine/games/sea-salt-and-paper/view.js';
import { randomPlaythrough } from '../../kit/playthrough.js';
import { game } from './helpers.js';

describe('the view vocabulary', () => {
  it.each([2, 4])('%i seats: `seat` is the viewer and `toMove` the seats the table waits for, from the first turn to the game end', (seats) => {
    const t = table(game);
    const seen = new Set<string>();
    const { state } = randomPlaythrough(game, {
      seats,
      seed: `vocabulary-${seats}`,
      deepEvery: 1_000_000,
      check: (s) => {
        for (const viewer of [...Array.from({ length: seats }, (_, i) => i), null]) {
          const v = t.view(s, viewer) as View;
          expect(v.seat).toBe(viewer);
          expect(v.toMove).toEqual(t.status(s).toMove);
          expect(v).not.toHaveProperty('viewer');
          expect(v).not.toHaveProperty('activeSeat');
        }
        seen.add(JSON.stringify(t.status(s).toMove));
      },
    });
    expect((t.view(state, 0) as View).toMove).toEqual([]);
    expect(seen.size).toBe(seats + 1);
  });
});
