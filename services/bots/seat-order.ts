/**
 * Seat-symmetric order of legal moves. The engine lists moves that name a seat (rob this
 * opponent, gift to that seat, target this village) in seat-number order, so a bot that keeps the
 * first best move, or draws a tie by its place in the list, favours the lowest seat numbers: Sea
 * Salt & Paper's greedy bot robbed seat 0 more than twice as often as seat 2 (issue #34). Bots
 * therefore read the list in an order relative to their own seat: moves that name no seat first,
 * then the next seat after the actor, and so on round the table; the engine's order otherwise.
 * Relabelling the seats then relabels the decision (test/kit/seat-symmetry.ts checks it).
 */
import type { Bot, BotContext, Rng } from '../engine/core/index.js';

type Move = { type?: string; [k: string]: unknown };

/** A game whose moves never name a seat: its lists are read as they are, without a look at each move. */
export const NAMES_NO_SEAT = (_m: Move): number | null => null;

/** The seat a move names, per game (null: none). Only these fields of these moves are seats. */
export const MOVE_SEAT: Record<string, (m: Move) => number | null> = {
  scout: NAMES_NO_SEAT,
  'sea-salt-and-paper': (m) => (m.type === 'chooseOpponent' ? (m.opponent as number) : null),
  seledyne: (m) => (m.type === 'gift' ? (m.target as number) : null),
  silver: (m) => (m.type === 'target' || m.type === 'seat' ? (m.seat as number) : null),
};

/** A seat's place counted from `seat` round the table: the next seat is 1, the seat itself `seats` (last). */
export const seatsAfter = (named: number, seat: number, seats: number) => ((named - seat + seats - 1) % seats) + 1;

/** Each move's place (relativeOrder's sort key) and how many moves hold each place: scratch, reused (one pick at a time on a thread). */
let places = new Int32Array(64);
const counts = new Int32Array(64);

/**
 * Each move's place (how many seats after the mover sits the seat it names; 0 when it names none) into
 * `places`, and how many moves hold each place into `counts[place + shift]`. False when no move
 * names a seat: the order is the list's own.
 */
function countPlaces(legalMoves: readonly unknown[], seatOf: (move: Move) => number | null, seat: number, seats: number, shift: 0 | 1): boolean {
  const n = legalMoves.length;
  if (places.length < n) places = new Int32Array(n * 2);
  counts.fill(0, 0, seats + 1 + shift);
  let named = false;
  for (let i = 0; i < n; i++) {
    const s = seatOf(legalMoves[i] as Move);
    const place = s === null ? 0 : seatsAfter(s, seat, seats);
    if (place !== 0) named = true;
    places[i] = place;
    counts[place + shift]!++;
  }
  return named;
}

/**
 * The legal moves in an order that depends only on seats relative to `context.seat`: stable by
 * the named seat's place after the actor (moves naming none first). A game not in MOVE_SEAT is
 * taken to name no seat in its moves: the list is returned as it is.
 */
export function relativeOrder<M>(legalMoves: readonly M[], context: BotContext): readonly M[] {
  const seatOf = MOVE_SEAT[context.game.id];
  if (!seatOf || seatOf === NAMES_NO_SEAT || legalMoves.length < 2) return legalMoves;
  // Most lists name no seat: found without allocating (a rollout asks at every move).
  let first = -1;
  for (let i = 0; i < legalMoves.length && first < 0; i++) if (seatOf(legalMoves[i] as Move) !== null) first = i;
  if (first < 0) return legalMoves;
  const { seats } = context.setup;
  // A stable sort by place, as counts per place (a rollout's power targets land here at every step).
  const n = legalMoves.length;
  if (!countPlaces(legalMoves, seatOf, context.seat, seats, 1)) return legalMoves;
  for (let p = 1; p <= seats; p++) counts[p]! += counts[p - 1]!; // counts[p]: where place p starts
  const out = new Array<M>(n);
  for (let i = 0; i < n; i++) out[counts[places[i]!]!++] = legalMoves[i]!;
  return out;
}

/** A bot that reads the legal moves in the relative order (the move it returns is one of them). */
export const seatRelative =
  (bot: Bot): Bot =>
  (view, legalMoves, rng, context) =>
    bot(view, relativeOrder(legalMoves, context), rng, context);


/**
 * The random bot: a uniform pick from the legal moves read in the relative order, the very move
 * `seatRelative(randomBot)` plays with the same draw, without building that order (the lab's
 * random games pick at every move; building and sorting the list cost a tenth of the engine's
 * move in Silver and Seledyne). The pick's index k is drawn first; then the k-th move of the
 * stable order by place is found by counting the moves per place (test/bots/seat-symmetry.test.ts
 * compares the two on every decision of games of each kind).
 */
export function randomRelative(_view: unknown, legalMoves: readonly unknown[], rng: Rng, context: BotContext): unknown {
  const n = legalMoves.length;
  if (n === 0) throw new RangeError('pick from an empty list');
  let k = rng.int(n);
  const seatOf = MOVE_SEAT[context.game.id];
  if (!seatOf || seatOf === NAMES_NO_SEAT || n < 2) return legalMoves[k];
  if (!countPlaces(legalMoves, seatOf, context.seat, context.setup.seats, 0)) return legalMoves[k];
  let place = 0;
  while (k >= counts[place]!) k -= counts[place++]!;
  for (let i = 0; ; i++) if (places[i] === place && k-- === 0) return legalMoves[i];
}
