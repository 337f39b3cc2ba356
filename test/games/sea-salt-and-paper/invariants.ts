/**
 * The game's own invariants for random playthroughs: 58 cards conserved, no call below 7 card
 * points, round scores that recompute from the revealed hands, totals that add up, winners
 * who hold the highest total. Plus the option sets the playthroughs use.
 */
import { expect } from 'vitest';
import type { TableEvent, TableState } from '../../../services/engine/core/index.js';
import { ALL_IDS, MERMAIDS } from '../../../services/engine/games/sea-salt-and-paper/cards.js';
import type { Event } from '../../../services/engine/games/sea-salt-and-paper/events.js';
import { allCards } from '../../../services/engine/games/sea-salt-and-paper/evolve.js';
import type { Options } from '../../../services/engine/games/sea-salt-and-paper/options.js';
import { cardPoints, colourBonus, mermaidsHeld } from '../../../services/engine/games/sea-salt-and-paper/scoring.js';
import type { State } from '../../../services/engine/games/sea-salt-and-paper/state.js';
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

/**
 * Every card exactly once (a cheap test first; `expect` explains a failure with `allCards`).
 * It walks the places `allCards` lists without copying them into one array: the copy was a
 * seventh of the many-games file's CPU. A place `allCards` gains and this walk lacks fails the count.
 */
function conserved(s: State): boolean {
  const seen = new Uint8Array(SORTED.length);
  let count = 0;
  const once = (cards: readonly number[]) => {
    for (const c of cards) {
      if (seen[c] !== 0) return false; // a card twice, or not a card id (undefined)
      seen[c] = 1;
      count++;
    }
    return true;
  };
  if (!once(s.deck) || !once(s.drawn)) return false;
  for (const places of [s.discards, s.hands, s.played]) for (const cards of places) if (!once(cards)) return false;
  return count === SORTED.length;
}

/**
 * What must hold of any one state, real or sampled: every card once; what seats remember is
 * true (cards known in a hand are there; each pile holds cards seen landing on it, in that
 * order, and what a seat knows has left it has; no card seen face up on a pile is back in the
 * draw pile); nobody holds all four mermaids while the game goes on; hands stay sorted.
 */
export function checkState(s: State): void {
  if (!conserved(s)) expect([...allCards(s)].sort((a, b) => a - b), '58 cards conserved').toEqual(SORTED);
  // Plain checks first: `expect` only to explain a failure (this runs thousands of times).
  s.known.forEach((rows, v) =>
    rows.forEach((cards, p) => {
      for (const c of cards) if (!s.hands[p]!.includes(c)) expect.fail(`seat ${v} knows card ${c} is in seat ${p}'s hand, but it is not`);
    }),
  );
  s.discards.forEach((pile, p) => {
    let at = 0;
    for (const c of pile) {
      at = s.pileLog[p]!.indexOf(c, at);
      if (at < 0) expect.fail(`pile ${p} holds ${c}, not seen landing there in that order`);
    }
  });
  s.pileGone.forEach((piles, v) =>
    piles.forEach((gone, p) => {
      for (const c of gone) if (s.discards[p]!.includes(c) || !s.pileLog[p]!.includes(c)) expect.fail(`seat ${v} knows card ${c} left pile ${p}, but it is there or never was`);
    }),
  );
  const wasFaceUp = new Uint8Array(SORTED.length);
  for (const log of s.pileLog) for (const c of log) wasFaceUp[c] = 1;
  for (const cards of [s.deck, s.drawn]) for (const c of cards) if (wasFaceUp[c]) expect.fail(`card ${c} was face up on a discard pile and is back in the draw pile`);
  for (const h of s.hands) {
    if (s.result === null && mermaidsHeld(h) === MERMAIDS) expect.fail('a live game with all four mermaids in one hand');
    for (let i = 1; i < h.length; i++) if (h[i - 1]! >= h[i]!) expect.fail(`hand ${h.join(',')} is not sorted by id`);
  }
}

/** Invariants checked after every command; `prev` is the game state before it. */
export function checker(options: Partial<Options>) {
  const white = game.options.parse(options).whiteCountsAsColour;
  let seen = 0;
  let prev: State | null = null;
  let rounds = 0;
  return (table: TableState, events: readonly TableEvent[]) => {
    const s = table.play as State;
    checkState(s);
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
        expect(e.scores).toEqual(s.totals);
        if (e.reason === 'FOUR_MERMAIDS') {
          // §4.4: the holder of the four mermaids wins whatever the scores.
          expect(e.winners).toHaveLength(1);
          expect(mermaidsHeld(s.hands[e.winners[0]!]!)).toBe(MERMAIDS);
        } else {
          const best = Math.max(...e.scores);
          expect(best).toBeGreaterThanOrEqual(s.target);
          // Someone wins, and only among the best totals (a tie-break option may narrow them).
          expect(e.winners.length, 'the game has a winner').toBeGreaterThan(0);
          for (const w of e.winners) expect(e.scores[w]).toBe(best);
        }
      }
    }
    seen = events.length;
    prev = s;
    return rounds;
  };
}

export const OPTION_SETS: Partial<Options>[] = [
  {},
  { whiteCountsAsColour: false, tieBreak: 'LAST_ROUND_POINTS', targetScore: 20 },
  { lastChanceRevealTiming: 'AT_ROUND_END', callerHandProtected: false, targetScore: 15 },
  { emptyDeckCheckBeforeBoatExtraTurn: true, emptyDeckAfterLastChance: 'ROUND_VOID', emptyDeckNextStarter: 'LEFT_OF_PREVIOUS_STARTER', targetScore: 12 },
  { allowDuoWithoutEffect: false, nothingToTake: 'SKIP_TURN', lastToPlayScope: 'LAST_PLAYER_ONLY', lastRoundPointsTie: 'LAST_TO_PLAY', targetScore: 10 },
];

