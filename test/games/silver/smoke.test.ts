import { it } from 'vitest';
import { silver } from '../../../services/engine/games/silver/index.js';
import { randomPlaythrough } from '../../kit/playthrough.js';
it('smoke', () => {
  for (const edition of ['dagger', 'coin', 'amulet'] as const)
    for (const seats of [2, 3, 4]) {
      const r = randomPlaythrough(silver, { seats, options: { edition }, seed: `s${seats}${edition}`, botSeed: seats, deepEvery: 50 });
      console.log(edition, seats, r.commands, r.events.length);
    }
});
