import { describe, expect, it } from 'vitest';
import { fastRng, table, type TableState } from '../../../services/engine/core/index.js';
import { EDITIONS, PROMO_NUMBERS } from '../../../services/engine/games/silver/cards.js';
import { silver } from '../../../services/engine/games/silver/index.js';
import type { State } from '../../../services/engine/games/silver/state.js';
import { randomPlaythrough } from '../../kit/playthrough.js';
import { cardsConserved, typeBot } from './helpers.js';

const t = table(silver);

let calls = 0;
/**
 * Silver's own invariants after every move (the view checks on every 10th). Plain checks on the
 * hot path, expect only to explain a failure: expect per card and per move was a third of the file's CPU.
 */
function check(ts: TableState) {
  const s = ts.play as State;
  cardsConserved(s);
  if (s.box.length !== 5 * (4 - s.seats)) expect(s.box.length).toBe(5 * (4 - s.seats));
  if (++calls % 10) return;
  for (let seat = 0; seat < s.seats; seat++) {
    const v = t.view(ts, seat) as ReturnType<typeof silver.view>;
    // A seat is shown a face-down card only if it knows it.
    for (const vil of v.villages) for (const c of vil.cards) if (!(c.card === null || c.faceUp || c.known)) expect(c, `seat ${seat} is shown a face-down card it does not know`).toMatchObject({ card: null });
  }
  const spectator = t.view(ts, null) as ReturnType<typeof silver.view>;
  for (const vil of spectator.villages) for (const c of vil.cards) if (!(c.card === null || c.faceUp || c.publicKnown)) expect(c, 'a spectator is shown a face-down card not publicly known').toMatchObject({ card: null });
}

/** A random legal mix (§7): each number from an edition that has it; a random token; guesses on or off. */
function randomMix(seed: number) {
  const rng = fastRng(seed);
  const mix: Record<string, string> = {};
  for (let n = 0; n < 14; n++) {
    const eds = EDITIONS.filter((e) => e !== 'promo' || PROMO_NUMBERS.includes(n));
    mix[String(n)] = eds[rng.int(eds.length)]!;
  }
  return {
    edition: (['dagger', 'coin', 'amulet'] as const)[rng.int(3)],
    mix,
    token: (['dagger', 'coin', 'amulet', 'bullet'] as const)[rng.int(4)],
    coinAssassinGuess: rng.int(2) === 1,
    coinGenerousGuess: rng.int(2) === 1,
    rascalExtra: rng.int(2) ? 'returnTop' : 'discard',
    masterTake: rng.int(2) ? 'exchange' : 'add',
    looterDeckOut: rng.int(2) ? 'stop' : 'burnRest',
    simultaneousPeek: rng.int(2) === 1,
    rounds: 1 + rng.int(2),
  };
}

describe('random playthroughs', () => {
  for (const edition of ['dagger', 'coin', 'amulet'] as const)
    for (const seats of [2, 3, 4])
      it(`${edition}, ${seats} seats, 4 rounds`, () => {
        const r = randomPlaythrough(silver, { seats, options: { edition }, seed: `${edition}-${seats}`, botSeed: seats, bot: typeBot, check, deepEvery: 300 });
        expect((r.state.play as State).history).toHaveLength(4);
      });

  it('every promo card with each edition, 2–4 seats, 1 round each', () => {
    for (const edition of ['dagger', 'coin', 'amulet'] as const)
      for (const seats of [2, 3, 4]) {
        const mix = { '0': 'promo', '3': 'promo', '5': 'promo', '12': 'promo' };
        randomPlaythrough(silver, { seats, options: { edition, mix, rounds: 1 }, seed: `promo-${edition}-${seats}`, botSeed: seats + 7, bot: typeBot, check, deepEvery: 300 });
      }
  });

  it('random legal mixes, 2–4 seats', () => {
    for (let g = 0; g < 12; g++) {
      randomPlaythrough(silver, { seats: 2 + (g % 3), options: randomMix(g), seed: `mix-${g}`, botSeed: g, bot: typeBot, check, deepEvery: 300 });
    }
  });
});
