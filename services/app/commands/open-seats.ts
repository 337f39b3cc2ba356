/**
 * Seats per holder in open games (games not yet started): one player, or one anonymous client,
 * holds at most `max` of them, so it cannot sit in every game of the lobby however it spells its
 * joins (distinct joinKeys, many games). The api names the holder (the player, or the client's
 * address); joins it does not name (tournaments, rematches, bots) are not counted.
 */
import { randomBytes } from 'node:crypto';
import type { StoredHash } from '../stored-hash.js';
import type { OpenSeatsStore } from '../../store/read-models.js';
import type { Aggregate } from '../aggregate.js';
import { AppError } from '../errors.js';

export interface OpenSeatsCap {
  store: OpenSeatsStore;
  /** Seats one holder may hold in open games at once. */
  max: number;
  log: { error(details: object, message: string): void };
  /** The deployment's keyed hash: the table keeps holders under it, never an address or player id in the clear. */
  hash: StoredHash;
}

/** A reservation taken before a join's commit: given back if the commit does not happen. */
export interface OpenSeatTicket {
  cancel(): Promise<void>;
}

const NOTHING: OpenSeatTicket = { cancel: async () => {} };

/**
 * Reserves one of the holder's `max` places in open games before anything is written, or refuses
 * with TOO_MANY_OPEN_SEATS. One conditional write, whatever the holder's history; the lobby
 * reaction gives the places back when the game starts or closes (openSeatsRelease).
 */
export async function reserveOpenSeat(cap: OpenSeatsCap | undefined, holder: string | undefined, agg: Aggregate): Promise<OpenSeatTicket> {
  if (!cap || holder === undefined) return NOTHING;
  const key = await cap.hash('holder', holder);
  const ticket = randomBytes(6).toString('base64url');
  const reservation = await cap.store.reserve(key, agg.id, ticket, cap.max, agg.app.settings.expiresAt);
  if (reservation === null) throw new AppError('TOO_MANY_OPEN_SEATS', `you hold ${cap.max} seats in games that have not started (at most ${cap.max}): wait for one to start`);
  // A failed give-back only leaves the place taken until the game closes (the release finds it there).
  return { cancel: () => cap.store.cancel(key, reservation).catch((e: unknown) => cap.log.error({ err: e, gameId: agg.id }, 'could not give back an open seat')) };
}
