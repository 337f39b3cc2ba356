/**
 * A seek (an open challenge) as its own stream (pk = SEEK#<id>): opened by a registered player,
 * seats taken by those who accept it, filled (its game created) once every seat is taken, or
 * closed by its opener or by its expiry. `decide` is pure: the time is an input, so an expired
 * seek refuses an accept at any process's clock alike.
 */
import { AppError } from '../app/errors.js';
import type { TimeControl } from '../app/app-events.js';
import type { SeatMarks } from '../app/seat-marks.js';

export interface RatingRange {
  min?: number;
  max?: number;
}

export interface SeekTerms {
  game: string;
  seats: number;
  options: unknown;
  timeControl?: TimeControl;
  rated: boolean;
  /** The accepter's conservative rating of the game (μ − 3σ) must lie in it. */
  ratingRange?: RatingRange;
  /** A challenge by name: only this player may accept (the seek is not listed). */
  for?: string;
}

export type SeekEvent =
  | ({ type: 'SeekOpened'; creator: string; name: string; createdAt: string; expiresAt: string; marks?: SeatMarks } & SeekTerms)
  | { type: 'SeekAccepted'; player: string; name: string; marks?: SeatMarks }
  | { type: 'SeekFilled'; gameId: string }
  | { type: 'SeekClosed'; reason: 'CANCELLED' | 'EXPIRED' };

export type SeekStatus = 'OPEN' | 'FILLED' | 'CANCELLED' | 'EXPIRED';

export interface SeekState extends SeekTerms {
  id: string;
  creator: string;
  createdAt: string;
  expiresAt: string;
  /** Who holds each seat so far, the opener first; a rated seek's seats with where they were taken from (keyed by the seek: app/seat-marks.ts, never shown). */
  seated: { player: string; name: string; marks?: SeatMarks }[];
  status: SeekStatus;
  gameId?: string;
}

export type SeekCommand =
  | ({ type: 'open'; creator: string; name: string; now: number; expiresAt: string; marks?: SeatMarks } & SeekTerms)
  | { type: 'accept'; player: string; name: string; rating: number; now: number; marks?: SeatMarks }
  | { type: 'fill'; gameId: string }
  | { type: 'cancel'; by: string }
  | { type: 'expire'; now: number };

export const isExpired = (s: SeekState, now: number) => s.status === 'OPEN' && Date.parse(s.expiresAt) <= now;

/** The events a command means, or a refusal with a stable code; [] when nothing changes (a repeat). */
export function decide(s: SeekState | null, c: SeekCommand): SeekEvent[] {
  if (c.type === 'open') {
    if (s) throw new AppError('BAD_INPUT', 'the seek exists');
    const { type: _t, now, ...rest } = c;
    return [{ type: 'SeekOpened', ...rest, createdAt: new Date(now).toISOString() }];
  }
  if (!s) throw new AppError('NOT_FOUND', 'no such seek');
  switch (c.type) {
    case 'accept': {
      if (s.seated.some((p) => p.player === c.player)) return [];
      if (isExpired(s, c.now)) throw new AppError('SEEK_CLOSED', 'the seek has expired');
      if (s.status !== 'OPEN') throw new AppError('SEEK_CLOSED', `the seek is ${s.status.toLowerCase()}`);
      if (s.for !== undefined && s.for !== c.player) throw new AppError('FORBIDDEN', 'this challenge is for another player');
      const r = s.ratingRange;
      if (r && ((r.min !== undefined && c.rating < r.min) || (r.max !== undefined && c.rating > r.max))) {
        throw new AppError('RATING_OUT_OF_RANGE', `the seek takes ratings ${r.min ?? '-∞'} to ${r.max ?? '∞'} (yours: ${c.rating.toFixed(1)})`);
      }
      return [{ type: 'SeekAccepted', player: c.player, name: c.name, ...(c.marks && { marks: c.marks }) }];
    }
    case 'fill':
      if (s.status !== 'OPEN' || s.seated.length !== s.seats) throw new AppError('SEEK_CLOSED', 'the seek is not full');
      return [{ type: 'SeekFilled', gameId: c.gameId }];
    case 'cancel':
      // A challenge by name may be declined by its target too: else challengers could fill the target's capped holding (CHALLENGES_FULL) for a week with nothing to be done.
      if (c.by !== s.creator && (s.for === undefined || c.by !== s.for)) throw new AppError('FORBIDDEN', 'only its opener cancels a seek (or, a challenge, its target)');
      if (s.status !== 'OPEN') return [];
      return [{ type: 'SeekClosed', reason: 'CANCELLED' }];
    case 'expire':
      return isExpired(s, c.now) ? [{ type: 'SeekClosed', reason: 'EXPIRED' }] : [];
  }
}

export function evolve(s: SeekState | null, e: SeekEvent, id: string): SeekState {
  if (e.type === 'SeekOpened') {
    const { type: _t, name, marks, ...rest } = e;
    return { id, ...rest, seated: [{ player: e.creator, name, ...(marks && { marks }) }], status: 'OPEN' };
  }
  if (!s) throw new Error(`${e.type} before SeekOpened`);
  switch (e.type) {
    case 'SeekAccepted':
      return { ...s, seated: [...s.seated, { player: e.player, name: e.name, ...(e.marks && { marks: e.marks }) }] };
    case 'SeekFilled':
      return { ...s, status: 'FILLED', gameId: e.gameId };
    case 'SeekClosed':
      return { ...s, status: e.reason };
  }
}

export const fold = (events: SeekEvent[], id: string, from: SeekState | null = null): SeekState => events.reduce<SeekState | null>((s, e) => evolve(s, e, id), from)!;
