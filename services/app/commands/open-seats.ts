/**
 * Seats per holder in open games (games not yet started): one player, or one anonymous client,
 * holds at most `max` of them, so it cannot sit in every game of the lobby however it spells its
 * joins (distinct joinKeys, many games). The api names the holder (the player, or the client's
 * address); joins it does not name (tournaments, rematches, bots) are not counted.
 */
import { createHash } from 'node:crypto';
import type { Seat } from '../../engine/core/index.js';
import type { OpenSeatsStore } from '../../store/read-models.js';
import type { Aggregate } from '../aggregate.js';
import { AppError } from '../errors.js';

export interface OpenSeatsCap {
  store: OpenSeatsStore;
  /** Seats one holder may hold in open games at once. */
  max: number;
  log: { error(details: object, message: string): void };
}

/** The holder as stored: a hash, so the table keeps no address or player id in the clear. */
const holderKey = (holder: string) => createHash('sha256').update(holder).digest('base64url').slice(0, 32);

/** Refuses a further seat to a holder who holds `max` already (checked before anything is written). */
export async function checkOpenSeats(cap: OpenSeatsCap | undefined, holder: string | undefined): Promise<void> {
  if (!cap || holder === undefined) return;
  const held = await cap.store.count(holderKey(holder));
  if (held >= cap.max) throw new AppError('TOO_MANY_OPEN_SEATS', `you hold ${held} seats in games that have not started (at most ${cap.max}): wait for one to start`);
}

/** After the join's commit: the seat counts while its game is open. A failure only loses the count, never the seat. */
export async function recordOpenSeat(cap: OpenSeatsCap | undefined, holder: string | undefined, agg: Aggregate, seat: Seat): Promise<void> {
  if (!cap || holder === undefined || agg.state.started || agg.app.cancelled) return;
  await cap.store.hold(holderKey(holder), agg.id, seat, agg.app.settings.expiresAt).catch((e: unknown) => cap.log.error({ err: e, gameId: agg.id }, 'could not record an open seat'));
}
