/**
 * The cheap questions the rules ask after every move give the answers of the full lists: a step
 * asked with a limit lists the first targets of the full list (then the same skip or confirm),
 * `usable` is "the full list has a choice", and free actions asked for one give the first of the
 * full list. These stand in for the lists only to save their allocation (a rollout asks them at
 * every move); were they to drift, a power or the end of a turn would change.
 */
import { describe, expect, it } from 'vitest';
import { fastRng } from '../../../services/engine/core/index.js';
import { CARD_DEFS, type Step } from '../../../services/engine/games/silver/cards.js';
import { TOKEN_STEPS } from '../../../services/engine/games/silver/flow.js';
import { silver } from '../../../services/engine/games/silver/index.js';
import { freeActions } from '../../../services/engine/games/silver/legal.js';
import { stepChoices, usable } from '../../../services/engine/games/silver/powers.js';
import type { State } from '../../../services/engine/games/silver/state.js';
import { playedPositions } from '../../kit/played-positions.js';

/** Every step a power can wait at: each card's steps and alternatives, and the tokens'. */
const STEPS: Step[] = [...new Map([...CARD_DEFS.flatMap((d) => [...(d.steps ?? []), ...(d.alternatives ?? []).flat()]), ...Object.values(TOKEN_STEPS).flat()].map((s) => [JSON.stringify(s), s])).values()];
const isTarget = (c: { type: string }) => c.type !== 'skip' && c.type !== 'confirm';

describe('Silver: the limited questions agree with the full lists', () => {
  it.each([
    ['dagger', 2],
    ['coin', 4],
    ['amulet', 2],
    ['amulet', 4],
  ] as const)('%s, %i seats', (edition, seats) => {
    let checked = 0;
    for (const { state, version } of playedPositions(silver, { seats, options: { edition }, games: 1, seed: `first-${edition}`, rng: fastRng(seats) })) {
      if (version % 9 !== 0) continue; // every ninth position of a random game: enough of each phase, in seconds
      const s = state.play as State;
      for (let seat = 0; seat < seats; seat++) {
        const all = freeActions(s, seat);
        expect(freeActions(s, seat, 1)).toEqual(all.slice(0, 1));
        for (const step of STEPS) {
          const full = stepChoices(s, seat, step, []);
          const first = stepChoices(s, seat, step, [], 1);
          expect(first.filter(isTarget)).toEqual(full.filter(isTarget).slice(0, first.filter(isTarget).length));
          expect(first.filter(isTarget).length > 0).toBe(full.some(isTarget));
          expect(first.filter((c) => !isTarget(c))).toEqual(full.filter((c) => !isTarget(c)));
          expect(usable(s, seat, [step])).toBe(step.op === 'reverse' || (step.op === 'lookTop' ? s.deck.length > 0 : full.some(isTarget)));
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(500);
  });
});
