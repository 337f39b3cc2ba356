/** join: taking the next free seat, by a seat token's holder or a registered player. */
import type { Seat, TableCommand, TableEvent } from '../../engine/core/index.js';
import { VersionConflict } from '../../store/port.js';
import type { Aggregate } from '../aggregate.js';
import { seatsOf } from '../app-events.js';
import { AppError } from '../errors.js';
import { checkJoin } from './join-rules.js';
import { newToken, seatForKey, tokenFromKey } from '../tokens.js';
import { conflict, decideOrRefuse, type ServiceCore } from './core.js';
import { reserveOpenSeat } from './open-seats.js';
import { withBots } from './seating.js';
import { gameMarkKey, sourceMarks, type SeatSource } from '../seat-marks.js';

export interface JoinOptions {
  /** The player's public contribution to the deal's seed (see the game's record). */
  entropy?: string;
  /** The client's own secret: joining again with it returns the same seat and token. */
  joinKey?: string;
  /** The player is a bot run by its author (a registered player of kind BOT); the seat says so. */
  bot?: true;
  /** Who the seat counts against in the cap on seats in open games (the api: the player, or the anonymous client); none: not counted. */
  holder?: string;
  /** Where the join came from (raw; a rated game keeps only its keyed marks: linked seats, app/seat-marks.ts). */
  from?: SeatSource;
}

/**
 * Takes the next free seat (then seats any bots that come next). With a `joinKey`, a retry of a
 * join whose answer was lost returns the same seat and token. With a `player` the seat is bound to
 * them and the join is idempotent: the player's seat comes back, never a second one (unless the
 * game allows one player several seats); players get no seat token (null): their player token acts for their seats.
 */
export async function takeSeat(core: ServiceCore, gameId: string, name: string, player: string | undefined, { entropy, joinKey, bot, holder, from }: JoinOptions): Promise<{ agg: Aggregate; seat: Seat; token: string | null }> {
  for (let attempt = 0; ; attempt++) {
    const agg = await core.load(gameId);
    if (agg.app.cancelled) throw new AppError('GAME_OVER', `the game was ${agg.app.cancelled}`);
    const held = player === undefined ? [] : seatsOf(agg.app, player);
    if (held.length > 0 && !agg.app.settings.multiSeat) return { agg, seat: held[0]!, token: null };
    const secret = joinKey === undefined ? '' : await core.seatSecret();
    const again = joinKey === undefined ? null : seatForKey(secret, gameId, joinKey, agg.state.players.map((p) => p.tokenHash));
    if (again) return { agg, ...again };
    checkJoin(agg, player);
    const seat = agg.state.players.length;
    const { token, tokenHash } = player !== undefined ? { token: null, tokenHash: '' } : joinKey === undefined ? newToken(gameId, seat) : tokenFromKey(secret, gameId, seat, joinKey);
    const command: TableCommand = { type: 'join', name, tokenHash, ...(entropy !== undefined && { entropy }) };
    const taken = decideOrRefuse(agg, command);
    // Only a join the table accepts is counted (a full game refuses first, without a read).
    const reserved = await reserveOpenSeat(core.openSeats, holder, agg);
    const marks = agg.app.settings.rated ? await sourceMarks(core.storedHash, gameMarkKey(gameId), from) : undefined;
    const claimed = player === undefined ? taken : [...taken, { type: 'SeatClaimed', seat, player, ...(bot && { bot }), ...(marks && { marks }) } as TableEvent];
    try {
      const next = await core.commit(agg, withBots(agg, claimed), { command });
      return { agg: next, seat, token };
    } catch (e) {
      // Not committed (a conflict, or the store failed): the place goes back; a retry reserves again.
      await reserved.cancel();
      // Two players racing for the same seat: the loser takes the next one.
      if (!(e instanceof VersionConflict) || attempt >= core.maxRetries) throw conflict(e);
    }
  }
}
