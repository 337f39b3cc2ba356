/** Seats and the game's life: its settings, who holds a seat, resigning, calling the game off (services/app, services/lifecycle). */
import type { Seat } from '../../engine/core/index.js';
import type { SeatMarks } from '../seat-marks.js';
import { STAND_IN_BOT, type AppState, type CancelReason, type GameSettings } from './state.js';

export interface SeatClaimed {
  type: 'SeatClaimed';
  seat: Seat;
  player: string;
  /** The player is a bot its author runs outside the server (a registered player of kind BOT). */
  bot?: true;
  /** A rated game's: where the seat was taken from, keyed per game (app/seat-marks.ts); never shown. */
  marks?: SeatMarks;
}
export interface SeatResigned {
  type: 'SeatResigned';
  seat: Seat;
  /** The bot spec that plays the seat from now on (absent in games older than timeoutBot: random). */
  bot?: string;
}
export interface GameCancelled {
  type: 'GameCancelled';
  reason: CancelReason;
}


export const seatFolds = {
  GameSettings: (s: AppState, e: GameSettings): AppState => {
    const { type: _t, ...settings } = e;
    return { ...s, settings, bots: Object.fromEntries(settings.bots.map((b) => [b.seat, b.kind])) };
  },
  SeatClaimed: (s: AppState, e: SeatClaimed): AppState => ({ ...s, players: { ...s.players, [e.seat]: e.player }, ...(e.bot && { botPlayers: { ...s.botPlayers, [e.seat]: true } }), ...(e.marks && { marks: { ...s.marks, [e.seat]: e.marks } }) }),
  SeatResigned: (s: AppState, e: SeatResigned): AppState => {
    const { [e.seat]: _stopped, ...clocks } = s.clocks;
    return { ...s, clocks, bots: { ...s.bots, [e.seat]: e.bot ?? STAND_IN_BOT }, left: { ...s.left, [e.seat]: 'resigned' } };
  },
  GameCancelled: (s: AppState, e: GameCancelled): AppState => ({ ...s, cancelled: e.reason, clocks: {} }),
};
