/**
 * Random playthroughs (test/kit/playthrough.ts) for 2–4 seats and several option sets, with the
 * game's own invariants: 58 cards conserved, no call below 7 card points, round scores that
 * recompute from the revealed hands, totals that add up, winners who hold the highest total.
 */
import { describe, expect, it } from 'vitest';
import { randomBot, type Bot, type TableEvent, type TableState } from '../../../services/engine/core/index.js';
import { ALL_IDS, MERMAIDS } from '../../../services/engine/games/sea-salt-and-paper/cards.js';
import type { Event } from '../../../services/engine/games/sea-salt-and-paper/events.js';
import { allCards } from '../../../services/engine/games/sea-salt-and-paper/evolve.js';
import type { Options } from '../../../services/engine/games/sea-salt-and-paper/options.js';
import { cardPoints, colourBonus, mermaidsHeld } from '../../../services/engine/games/sea-salt-and-paper/scoring.js';
import type { State } from '../../../services/engine/games/sea-salt-and-paper/state.js';
import type { View } from '../../../services/engine/games/sea-salt-and-paper/view.js';
import { randomPlaythrough } from '../../kit/playthrough.js';
import { game } from './helpers.js';

const SORTED = [...ALL_IDS];

/** The round scores of §3 Phase 3, written out again independently of scoring.ts. */
function expectedScores(e: Extract<Event, { type: 'RoundEnded' }>): number[] {
  const points = e.cardPoints!;
  const bonus = e.colourBonus!;
  if (e.reason === 'STOP') return points;
  const caller = e.caller!;
  const won = points.every((p) => p <= points[caller]!);
  return points.map((p, i) => (i === caller ? (won ? p + bonus[i]! : bonus[i]!) : won ? bonus[i]! : p));
}

/** Invariants checked after every command; `prev` is the game state before it. */
function checker(options: Partial<Options>) {
  const white = game.options.parse(options).whiteCountsAsColour;
  let seen = 0;
  let prev: State | null = null;
  let rounds = 0;
  return (table: TableState, events: readonly TableEvent[]) => {
    const s = table.play as State;
    expect([...allCards(s)].sort((a, b) => a - b), '58 cards conserved').toEqual(SORTED);
    for (const raw of events.slice(seen)) {
      const e = raw as Event;
      if (e.type === 'Called') {
        const played = prev!.played[e.seat]!;
        expect(cardPoints(e.hand, played, white).total, 'no call below 7 card points').toBeGreaterThanOrEqual(7);
        expect(prev!.call).toBeNull();
      }
      if (e.type === 'RoundEnded') {
        rounds++;
        const before = prev!.totals;
        expect(e.totals).toEqual(before.map((t, i) => t + e.scores[i]!));
        if (e.reason === 'EMPTY_DECK') {
          expect(e.scores.every((x) => x === 0)).toBe(true);
        } else {
          const hands = e.hands!;
          expect(e.cardPoints).toEqual(hands.map((h, i) => cardPoints(h, e.played![i]!, white).total));
          expect(e.colourBonus).toEqual(hands.map((h, i) => colourBonus(h, e.played![i]!, white)));
          expect(e.scores, 'round scores recomputed from the revealed hands').toEqual(expectedScores(e));
        }
      }
      if (e.type === 'GameOver') {
        const best = Math.max(...e.scores);
        for (const w of e.winners) expect(e.scores[w]).toBe(best);
        if (e.reason === 'FOUR_MERMAIDS') expect(mermaidsHeld(s.hands[e.winners[0]!]!)).toBe(MERMAIDS);
        else expect(best).toBeGreaterThanOrEqual(s.target);
      }
    }
    seen = events.length;
    prev = s;
    return rounds;
  };
}

const OPTION_SETS: Partial<Options>[] = [
  {},
  { whiteCountsAsColour: false, tieBreak: 'LAST_ROUND_POINTS', targetScore: 20 },
  { lastChanceRevealTiming: 'AT_ROUND_END', callerHandProtected: false, targetScore: 15 },
  { emptyDeckCheckBeforeBoatExtraTurn: true, emptyDeckAfterLastChance: 'ROUND_VOID', emptyDeckNextStarter: 'LEFT_OF_PREVIOUS_STARTER', targetScore: 12 },
  { allowDuoWithoutEffect: false, nothingToTake: 'SKIP_TURN', lastToPlayScope: 'LAST_PLAYER_ONLY', lastRoundPointsTie: 'LAST_TO_PLAY', targetScore: 10 },
];

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
    const endings = play(seats, 10, () => ({}), 25);
    expect([...endings]).toEqual(expect.arrayContaining(['GameOver:TARGET', 'RoundEnded:LAST_CHANCE', 'RoundEnded:STOP']));
  });

  it('every option set (each ASSUMPTION read the other way) keeps every invariant', () => {
    play(seats, 3 * OPTION_SETS.length, (g) => OPTION_SETS[g % OPTION_SETS.length]!, 50);
  });

  it('many short games (targetScore 8; some bots never call in round 1, so the draw pile runs out) keep every invariant', () => {
    const endings = play(seats, 120, (g) => ({ targetScore: 8, whiteCountsAsColour: g % 2 === 0 }), 200, (g) => (g % 10 === 0 ? patientBot : randomBot));
    expect([...endings]).toEqual(expect.arrayContaining(['GameOver:TARGET', 'RoundEnded:EMPTY_DECK']));
  });
});
