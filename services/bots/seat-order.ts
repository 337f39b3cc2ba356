/**
 * Seat-symmetric order of legal moves. The engine lists moves that name a seat (rob this
 * opponent, gift to that seat, target this village) in seat-number order, so a bot that keeps the
 * first best move, or draws a tie by its place in the list, favours the lowest seat numbers: Sea
 * Salt & Paper's greedy bot robbed seat 0 more than twice as often as seat 2 (issue #34). Bots
 * therefore read the list in an order relative to their own seat: moves that name no seat first,
 * then the next seat after the actor, and so on round the table; the engine's order otherwise.
 * Relabelling the seats then relabels the decision (test/kit/seat-symmetry.ts checks it).
 */
import type { Bot, BotContext } from '../engine/core/index.js';

type Move = { type?: string; [k: string]: unknown };

/** The seat a move names, per game (null: none). Only these fields of these moves are seats. */
export const MOVE_SEAT: Record<string, (m: Move) => number | null> = {
  scout: () => null,
  'sea-salt-and-paper': (m) => (m.type === 'chooseOpponent' ? (m.opponent as number) : null),
  seledyne: (m) => (m.type === 'gift' ? (m.target as number) : null),
  silver: (m) => (m.type === 'target' || m.type === 'seat' ? (m.seat as number) : null),
};

/** A seat's place counted from `seat` round the table: the next seat is 1, the seat itself `seats` (last). */
export const seatsAfter = (named: number, seat: number, seats: number) => ((named - seat + seats - 1) % seats) + 1;

/**
 * The legal moves in an order that depends only on seats relative to `context.seat`: stable by
 * the named seat's place after the actor (moves naming none first). A game not in MOVE_SEAT is
 * taken to name no seat in its moves: the list is returned as it is.
 */
export function relativeOrder<M>(legalMoves: readonly M[], context: BotContext): readonly M[] {
  const seatOf = MOVE_SEAT[context.game.id];
  if (!seatOf || legalMoves.length < 2) return legalMoves;
  // Most lists name no seat: found without allocating (a rollout asks at every move).
  let first = -1;
  for (let i = 0; i < legalMoves.length && first < 0; i++) if (seatOf(legalMoves[i] as Move) !== null) first = i;
  if (first < 0) return legalMoves;
  const { seat } = context;
  const { seats } = context.setup;
  const place = legalMoves.map((m) => {
    const named = seatOf(m as Move);
    return named === null ? 0 : seatsAfter(named, seat, seats);
  });
  if (place.every((p) => p === 0)) return legalMoves;
  const order = legalMoves.map((_, i) => i).sort((a, b) => place[a]! - place[b]! || a - b);
  return order.map((i) => legalMoves[i]!);
}

/** A bot that reads the legal moves in the relative order (the move it returns is one of them). */
export const seatRelative =
  (bot: Bot): Bot =>
  (view, legalMoves, rng, context) =>
    bot(view, relativeOrder(legalMoves, context), rng, context);
