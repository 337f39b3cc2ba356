/**
 * Taking a move back, as Board Game Arena allows it: the seat that just moved may undo its
 * move until anyone else acts, and only when the move gave no one information (no card drawn
 * or revealed, no die rolled, no hidden choice shown). Each game declares which of its moves
 * qualify (`Game.takeBack`); `lastMoveOf` reads a commit's move and `takeBackRefusal` says why
 * a take-back is refused, one of the stable reasons below (the refusal's code is
 * TAKE_BACK_NOT_ALLOWED, its message starts with the reason). The undoing itself is the
 * service's (app/commands/take-back.ts): it keeps the state from before the move, so the
 * engine's states stay a plain fold of the game's events.
 */
import type { Seat } from './decider.js';
import type { Table, TableState } from './table.js';

export const TAKE_BACK_REASONS = [
  /** No move has been made since the game started, or the last one was already taken back. */
  'NO_MOVE',
  /** The last move was another seat's (or a server's: a timeout, a claim). */
  'NOT_YOUR_MOVE',
  /** Someone acted after the move (the next player moved). */
  'NEXT_PLAYER_ACTED',
  /** The move drew, revealed or rolled something: someone learned what they did not know. */
  'INFORMATION_REVEALED',
  /** A simultaneous (hidden) choice: several seats were to act at once. */
  'SIMULTANEOUS',
  /** The game is over. */
  'GAME_OVER',
  /** The game was created without take-backs (the `takeBack` setting; rated and tournament games). */
  'OPTION_OFF',
  /** The seat's clock ran out since the move: taking it back would give the seat time it does not have. */
  'TIME_RAN_OUT',
] as const;
export type TakeBackReason = (typeof TAKE_BACK_REASONS)[number];

/**
 * A commit's move as a take-back sees it (`Table.lastMove`): who made it and, when it may not be
 * taken back, why. The service keeps the state before it beside (the engine's states stay a
 * plain fold of events: a take-back is the application's event, app/commands/take-back.ts).
 */
export interface LastMove {
  /** The seat that made it; null for a simultaneous choice (several seats were to act). */
  seat: Seat | null;
  /** Why it may not be taken back; absent when it may. */
  refused?: TakeBackReason;
  /** Who made the move before it (when that was a move too): a take-back it asks for meets NEXT_PLAYER_ACTED. */
  previous?: Seat | null;
}

/** The reason's text, for the refusal's message (it names no card). */
export const TAKE_BACK_TEXT: Record<TakeBackReason, string> = {
  NO_MOVE: 'there is no move to take back',
  NOT_YOUR_MOVE: 'the last move is not yours',
  NEXT_PLAYER_ACTED: 'someone has acted since your move',
  INFORMATION_REVEALED: 'that move showed something someone did not know (a card drawn or revealed, a die rolled, a hidden choice)',
  SIMULTANEOUS: 'a simultaneous choice cannot be taken back',
  GAME_OVER: 'the game is over',
  OPTION_OFF: 'this game does not allow taking moves back',
  TIME_RAN_OUT: 'your time for that move has run out',
};

/** A game's declaration helper: a move may be taken back when every event it produced is of one of `types`. */
export function onlyEvents<E extends { type: string }>(types: readonly E['type'][]): (events: readonly E[]) => boolean {
  const allowed = new Set<string>(types);
  return (events) => events.length > 0 && events.every((e) => allowed.has(e.type));
}

/**
 * The move a commit of `events` made from `from` (to `to`) by `mover` (the seat that issued it;
 * absent: the one seat that was to act), or null when the commit is no move: a commit of the
 * game's events in a running game is one (the table's own events are not). The game's status is
 * asked only when the game would let the move be taken back (it costs about as much as the fold
 * of a commit): a move in a simultaneous step then has no mover. A simultaneous choice the game
 * does not declare is refused as what it is, a hidden choice (INFORMATION_REVEALED).
 */
export function lastMoveOf(t: Table, from: TableState | null, events: readonly { type: string }[], to: TableState, previous: LastMove | null | undefined, mover?: Seat): LastMove | null {
  if (!from?.started || from.ended || !events.some((e) => !TABLE_EVENTS.has(e.type))) return null;
  const after = previous ? { previous: previous.seat } : {};
  if (to.ended) return { seat: mover ?? null, refused: 'GAME_OVER', ...after };
  let seat = mover ?? null;
  if (seat === null) {
    const toMove = t.status(from).toMove;
    if (toMove.length !== 1) return { seat: null, refused: 'SIMULTANEOUS', ...after };
    seat = toMove[0]!;
  }
  if (!t.game.takeBack?.(from.play, events, seat)) return { seat, refused: 'INFORMATION_REVEALED', ...after };
  if (mover !== undefined && t.status(from).toMove.length !== 1) return { seat: null, refused: 'SIMULTANEOUS', ...after };
  return { seat, ...after };
}

/** The table's own event types: a commit of only these is no move. */
const TABLE_EVENTS = new Set(['GameCreated', 'SeatTaken', 'GameEnded']);

/** Why `seat` may not take `last` back (null: it may), given whether the game is over. */
export function takeBackRefusal(last: LastMove | null | undefined, seat: Seat, over: boolean): TakeBackReason | null {
  if (over) return 'GAME_OVER';
  if (!last) return 'NO_MOVE';
  if (last.refused === 'SIMULTANEOUS' || last.refused === 'GAME_OVER') return last.refused;
  if (last.seat !== seat) return last.previous === seat ? 'NEXT_PLAYER_ACTED' : 'NOT_YOUR_MOVE';
  return last.refused ?? null;
}
