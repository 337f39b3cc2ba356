/** Rematches: offered, answered, lapsed, created (services/lifecycle). */
import type { SeatMarks } from '../seat-marks.js';
import type { AppState } from './state.js';

export interface RematchCreated {
  type: 'RematchCreated';
  gameId: string;
}
/** A former player offers a rematch of the finished game; each of `players` (the former human players) answers. */
export interface RematchOffered {
  type: 'RematchOffered';
  /** The player who offered (it counts as their acceptance). */
  by: string;
  /** Every former human player, the offerer included, in seat order. */
  players: string[];
  /** ISO time the offer lapses unanswered. */
  expiresAt: string;
  /** A rated game's: where the offer came from, keyed by the offer (rematchMarkKey); the rematch keys it again as its own. Never shown. */
  marks?: SeatMarks;
}
export interface RematchAnswered {
  type: 'RematchAnswered';
  player: string;
  accept: boolean;
  /** A rated game's acceptance: where it came from, as RematchOffered's `marks`. */
  marks?: SeatMarks;
}
/** The offer lapsed before everyone accepted. */
export interface RematchExpired {
  type: 'RematchExpired';
}


export const rematchFolds = {
  RematchCreated: (s: AppState, e: RematchCreated): AppState => ({ ...s, rematch: e.gameId }),
  RematchOffered: (s: AppState, e: RematchOffered): AppState => ({ ...s, rematchOffer: { offeredBy: e.by, players: e.players, accepted: [e.by], declined: [], expiresAt: e.expiresAt, expired: false, ...(e.marks && { marks: { [e.by]: e.marks } }) }, rematchOffers: (s.rematchOffers ?? 0) + 1 }),
  RematchAnswered: (s: AppState, e: RematchAnswered): AppState => {
    const offer = s.rematchOffer!;
    if (!e.accept) return { ...s, rematchOffer: { ...offer, declined: [...offer.declined, e.player] } };
    return { ...s, rematchOffer: { ...offer, accepted: [...offer.accepted, e.player], ...(e.marks && { marks: { ...offer.marks, [e.player]: e.marks } }) } };
  },
  RematchExpired: (s: AppState, _e: RematchExpired): AppState => ({ ...s, rematchOffer: { ...s.rematchOffer!, expired: true } }),
};
