/** Questions about a state that the rules, the legal moves and the views share. */
import type { Duo } from './cards.js';
import { cardPoints } from './scoring.js';
import type { State } from './state.js';

export const PILES = [0, 1] as const;

/** Discard piles with a card on them. */
export function openPiles(s: State): number[] {
  const out: number[] = [];
  for (const p of PILES) if (s.discards[p]!.length > 0) out.push(p);
  return out;
}

/** Phase 1A: the piles the unkept card may go on: an empty one if there is one (E2), else either. */
export function keepPiles(s: State): number[] {
  const empty = PILES.filter((p) => s.discards[p]!.length === 0);
  return empty.length > 0 ? empty : [...PILES];
}

export const somethingToTake = (s: State) => s.deck.length > 0 || openPiles(s).length > 0;

/** A revealed hand is protected, except the LAST CHANCE caller's when `callerHandProtected` is off. */
export function isProtected(s: State, seat: number): boolean {
  return s.revealed[seat]! && (s.call?.caller !== seat || s.options.callerHandProtected);
}

/** E6: opponents with at least one card in hand and no protected hand. */
export function stealTargets(s: State, seat: number): number[] {
  const out: number[] = [];
  for (let p = 0; p < s.hands.length; p++) if (p !== seat && s.hands[p]!.length > 0 && !isProtected(s, p)) out.push(p);
  return out;
}

/** E5: whether a duo's effect can happen now. */
export function effectPossible(s: State, seat: number, duo: Duo): boolean {
  switch (duo) {
    case 'crab':
      return openPiles(s).length > 0;
    case 'boat':
      return somethingToTake(s);
    case 'fish':
      return s.deck.length > 0;
    case 'sharkSwimmer':
      return stealTargets(s, seat).length > 0;
  }
}

export const pointsOf = (s: State, seat: number) => cardPoints(s.hands[seat]!, s.played[seat]!, s.options.whiteCountsAsColour);

/** §3 Phase 3: the card points needed to call. */
export const CALL_POINTS = 7;

/** §3 Phase 3 / E7 / E8: card points ≥ 7 and nobody has called this round. */
export const canCall = (s: State, seat: number) => s.call === null && pointsOf(s, seat).total >= CALL_POINTS;
