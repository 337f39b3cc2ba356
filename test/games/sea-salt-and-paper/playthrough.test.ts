/**
 * Random playthroughs through the table (test/kit/playthrough.ts: the foundation's invariants)
 * for 2–4 seats and every option set, with the game's own invariants (invariants.ts).
 */
import { describe, expect, it } from 'vitest';
import { randomBot, type Bot } from '../../../services/engine/core/index.js';
import type { Event } from '../../../services/engine/games/sea-salt-and-paper/events.js';
import type { Options } from '../../../services/engine/games/sea-salt-and-paper/options.js';
import type { View } from '../../../services/engine/games/sea-salt-and-paper/view.js';
import { randomPlaythrough } from '../../kit/playthrough.js';
import { game } from './helpers.js';
import { checker, OPTION_SETS } from './invariants.js';

type Ending = string;

/** A random bot that never calls in round 1, so that the draw pile runs out (it reads only its view and legal moves). */
const patientBot: Bot = (view, legal, rng) => {
  const quiet = legal.filter((m) => !['stop', 'lastChance'].includes((m as { type: string }).type));
  return randomBot(view, (view as View).round === 1 ? quiet : legal, rng);
};

function play(seats: number, games: number, options: (g: number) => Partial<Options>, deepEvery: number, bot?: (g: number) => Bot): Set<Ending> {
  const endings = new Set<Ending>();
  for (let g = 0; g < games; g++) {
    const o = options(g);
    const { events } = randomPlaythrough(game, { seats, options: o, seed: `ssp-${seats}-${g}-${JSON.stringify(o)}`, botSeed: g, bot: bot?.(g), check: checker(o), deepEvery });
    for (const e of events as Event[]) if (e.type === 'RoundEnded' || e.type === 'GameOver') endings.add(`${e.type}:${e.reason}`);
  }
  return endings;
}

describe.each([2, 3, 4])('random playthroughs, %i seats', (seats) => {
  it('full games with the default options end with every invariant', () => {
    const endings = play(seats, 8, () => ({}), 150);
    expect([...endings]).toEqual(expect.arrayContaining(['GameOver:TARGET', 'RoundEnded:LAST_CHANCE', 'RoundEnded:STOP']));
  });

  it('every option set (each open point read the other way) keeps every invariant', () => {
    play(seats, 2 * OPTION_SETS.length, (g) => OPTION_SETS[g % OPTION_SETS.length]!, 150);
  });

  it('many short games (targetScore 8; some bots never call in round 1, so the draw pile runs out) keep every invariant', () => {
    const endings = play(seats, 80, (g) => ({ targetScore: 8, whiteCountsAsColour: g % 2 === 0 }), 200, (g) => (g % 10 === 0 ? patientBot : randomBot));
    expect([...endings]).toEqual(expect.arrayContaining(['GameOver:TARGET', 'RoundEnded:EMPTY_DECK']));
  });
});

