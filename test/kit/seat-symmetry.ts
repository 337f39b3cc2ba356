/**
 * Seat symmetry for bots, for every game: relabelling the seats relabels the decision. At
 * positions of real play, the seat's view is rotated (seat x becomes x + k mod n, per-seat lists
 * follow) by a per-game description of which view fields are seats; the game's own `sampleWorld`
 * then builds a world with that rotated view, whose `view` must give the rotated view back and
 * whose legal moves must be the rotated legal moves (in the engine's own order for the rotated
 * position: a tie-break by place in that list shows up). Given the same random draws, a bot must
 * choose the rotated move. This would have caught Sea Salt & Paper's greedy bot robbing the lowest
 * seat number on a tie (issue #34).
 *
 * Exact for bots whose draws do not go through sampled worlds (random, greedy); the search bot
 * samples worlds seat by seat in number order, so it is symmetric only in distribution: the
 * league's `--symmetry` check measures it.
 */
import { expect } from 'vitest';
import { fastRng, type AnyGame, type Bot } from '../../services/engine/core/index.js';
import { MOVE_SEAT } from '../../services/bots/seat-order.js';
import { playedPositions } from './played-positions.js';

/** Which fields of a game's view hold seats. Keys apply at any depth of the view. */
export interface SeatFields {
  /** A seat number (or null). */
  seat: string[];
  /** A list of seats whose order is seat-number order (sorted again after relabelling). */
  seatSet: string[];
  /** A list of seats in an order of play (kept). */
  seatSeq: string[];
  /** A list indexed by seat (length = seats): its items move to their new seat's place. */
  perSeat: string[];
}

export const VIEW_SEATS: Record<string, SeatFields> = {
  scout: { seat: ['seat', 'startPlayer', 'owner', 'exempt'], seatSet: ['toMove', 'winners'], seatSeq: [], perSeat: ['players', 'scores', 'totals'] },
  'sea-salt-and-paper': {
    seat: ['seat', 'starter', 'caller', 'nextStarter'],
    seatSet: ['toMove', 'winners', 'stealTargets'],
    seatSeq: ['finalTurnsRemaining'],
    perSeat: ['players'],
  },
  seledyne: { seat: ['seat', 'startSeat', 'triggerSeat', 'owner'], seatSet: ['toMove', 'winners'], seatSeq: ['giftedTo'], perSeat: ['players', 'scores'] },
  silver: {
    seat: ['seat', 'holder', 'caller'],
    seatSet: ['toMove', 'winners'],
    seatSeq: ['finalTurnsOwed'],
    perSeat: ['villages', 'peeked', 'scoreAdjustments', 'scores', 'halved'],
  },
};

/** `value` with every seat field relabelled by `to`. */
export function relabelView(fields: SeatFields, value: unknown, to: (seat: number) => number, seats: number): unknown {
  const walk = (v: unknown, key: string | null): unknown => {
    if (Array.isArray(v)) {
      if (key !== null && (fields.seatSet.includes(key) || fields.seatSeq.includes(key)) && v.every((x) => typeof x === 'number')) {
        const out = v.map((x: number) => to(x));
        return fields.seatSet.includes(key) ? out.sort((a, b) => a - b) : out;
      }
      const items = v.map((x) => walk(x, null));
      if (key !== null && fields.perSeat.includes(key) && v.length === seats) {
        const out = Array<unknown>(seats);
        items.forEach((x, i) => (out[to(i)] = x));
        return out;
      }
      return items;
    }
    if (v && typeof v === 'object') {
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, fields.seat.includes(k) && typeof x === 'number' ? to(x) : walk(x, k)]));
    }
    return v;
  };
  return walk(value, null);
}

/** A move with the seat it names relabelled (MOVE_SEAT says which field that is). */
export function relabelMove(game: string, move: unknown, to: (seat: number) => number): unknown {
  const named = MOVE_SEAT[game]?.(move as { type?: string });
  if (named === null || named === undefined) return move;
  const m = move as Record<string, unknown>;
  const key = Object.keys(m).find((k) => k !== 'type' && m[k] === named && (k === 'opponent' || k === 'target' || k === 'seat'))!;
  return { ...m, [key]: to(named) };
}

export interface SeatSymmetryLaw {
  seats: number;
  options?: unknown;
  games: number;
  /** Bots whose decisions must permute with the seats. */
  bots: Record<string, Bot>;
  /** Who plays the games that give the positions. */
  bot: Bot;
  every?: number;
  positions?: number;
  /** Only decisions among which some legal move names a seat (a robbery, a gift, a target): where a seat-number tie-break would act. */
  seatMovesOnly?: boolean;
  seed?: string;
}

/** Checks the law at positions of play; returns how many decisions it compared, and at how many the rotated legal list came in another order. */
export function checkSeatSymmetry(game: AnyGame, law: SeatSymmetryLaw): { compared: number; reordered: number } {
  const fields = VIEW_SEATS[game.id];
  const sample = game.sampleWorld;
  if (!fields || !sample) throw new Error(`${game.id}: no seat fields or no sampleWorld`);
  const n = law.seats;
  const max = law.positions ?? Infinity;
  const namesSeat = (m: unknown) => (MOVE_SEAT[game.id]?.(m as { type?: string }) ?? null) !== null;
  const rng = fastRng(7);
  let compared = 0;
  let reordered = 0;
  let position = 0;
  for (const { state, setup } of playedPositions(game, { ...law, seed: law.seed ?? 'symmetry', rng })) {
    if (compared >= max) break;
    if (position++ % (law.every ?? 1) !== 0) continue;
    for (const seat of game.status(state.play).toMove) {
      const legal = game.legalCommands(state.play, seat);
      if (legal.length < 2 || compared >= max || (law.seatMovesOnly && !legal.some(namesSeat))) continue;
      const view = game.view(state.play, seat);
      for (let k = 1; k < n; k++) {
        const to = (x: number) => (x + k) % n;
        const seat2 = to(seat);
        const view2 = relabelView(fields, view, to, n);
        const world = sample(view2, seat2, rng, setup);
        expect(game.view(world, seat2), `${game.id}: the rotated view is a view of some world`).toEqual(view2);
        const legal2 = game.legalCommands(world, seat2);
        const expected = legal.map((m) => relabelMove(game.id, m, to));
        expect(new Set(legal2.map((m) => JSON.stringify(m))), `${game.id}: the rotated position's legal moves are the rotated moves`).toEqual(new Set(expected.map((m) => JSON.stringify(m))));
        if (JSON.stringify(legal2) !== JSON.stringify(expected)) reordered++;
        for (const [name, bot] of Object.entries(law.bots)) {
          const draws = compared * 31 + k;
          const move = bot(view, legal, fastRng(draws), { game, seat, setup });
          const move2 = bot(view2, legal2, fastRng(draws), { game, seat: seat2, setup });
          expect(JSON.stringify(move2), `${name} at seat ${seat} rotated by ${k}: the decision follows the seats`).toBe(JSON.stringify(relabelMove(game.id, move, to)));
        }
      }
      compared++;
    }
  }
  return { compared, reordered };
}
