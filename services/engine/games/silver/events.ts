/**
 * Events: small atomic facts. Card identities are card numbers (0–13); only the deal and the
 * shuffles carry card ids (the deck order), and those are never shown to anyone.
 * Hidden parts: `card`/`cards` of a Move or Saw are shown only to `vis` (a seat) or to all
 * (`vis: 'all'`); a Peeked event is shown only to its seat.
 */
import type { Edition } from './cards.js';
import type { Pending } from './state.js';

/** A place a card can be: deck top, discard top/bottom, a discard index, display, hand, village slot, kept aside. */
export type Loc =
  | { z: 'deck' }
  | { z: 'discard' }
  | { z: 'bottom' }
  | { z: 'pile'; i: number }
  | { z: 'display'; i: number }
  | { z: 'hand'; i: number }
  | { z: 'village'; s: number; p: number }
  | { z: 'kept'; s: number; i: number };

/** Who may see a card's identity in the event: everyone, one seat, or nobody. */
export type Vis = 'all' | 'none' | number;

export type Event =
  | { type: 'RoundDealt'; round: number; start: number; villages: number[][] | null; box: number[] | null; deck: number[] | null; sizes: { villages: number[]; box: number; deck: number } }
  | { type: 'DeckShuffled'; deck: number[] | null; size: number }
  | { type: 'Move'; from: Loc; to: Loc; card: number | null; vis: Vis; up?: boolean; learn?: boolean; pub?: boolean }
  | { type: 'Flip'; s: number; p: number; up: boolean; card: number }
  | { type: 'Swap'; a: { s: number; p: number }; b: { s: number; p: number } }
  | { type: 'Saw'; seat: number; at: { s: number; p: number } | 'deck'; card: number | null }
  | { type: 'Peeked'; seat: number; positions: number[] | null; cards: number[] | null }
  | { type: 'Rotated'; s: number; p: number }
  | { type: 'Reversed'; seat: number; direction: 1 | -1; skip: boolean }
  | { type: 'TokenUsed'; seat: number; blocksCall: boolean }
  | { type: 'AmuletPlaced'; s: number; p: number }
  | { type: 'Guarded'; s: number; bodyguard: number; p: number }
  | { type: 'Activated'; seat: number; position: number; card: number; edition: Edition }
  | { type: 'MainAction'; seat: number; action: 'draw' | 'take' | 'call' | 'give' }
  | { type: 'Pending'; pending: Pending | null }
  | { type: 'PeekPhase' }
  | { type: 'TurnStarted'; seat: number; extra: boolean }
  | { type: 'TurnEnded'; seat: number }
  | { type: 'RoundEnded'; reason: 'call' | 'deck' | 'villagers'; villages: number[][] }
  | { type: 'ScoreAdjusted'; seat: number; op: 'debt' | 'halve'; delta: number }
  | { type: 'KeptForNext'; seat: number; position: number; card: number }
  | { type: 'ScoreStepDone' }
  | { type: 'RoundScored'; round: number; totals: number[]; roundScores: number[]; caller: number | null; callSucceeded: boolean | null; scores: number[] }
  | { type: 'TokenAssigned'; holder: number; active: boolean }
  | { type: 'GameOver'; scores: number[]; winners: number[] };

export type EventType = Event['type'];
