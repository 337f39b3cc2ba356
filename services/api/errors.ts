/** How service errors reach clients: the same code in GraphQL `extensions.code` and REST bodies. */
import type { ErrorCode } from '../app/errors.js';

export const HTTP_STATUS: Record<ErrorCode | 'INTERNAL', number> = {
  BAD_INPUT: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  NOT_YOUR_TURN: 409,
  VERSION_CONFLICT: 409,
  GAME_OVER: 409,
  ILLEGAL_MOVE: 422,
  RATE_LIMITED: 429,
  BUSY: 503,
  RATED_NEEDS_PLAYERS: 403,
  RATED_FIXED_SEED: 400,
  RATED_SEAT_TWICE: 400,
  VERSION_OUT_OF_RANGE: 404,
  GAME_NOT_OVER: 403,
  SEAT_NOT_YOURS: 403,
  TOO_MANY_OPEN_SEATS: 429,
  ADDRESS_NOT_ALLOWED: 400,
  TOURNAMENT_NEEDS_PLAYER: 403,
  ENTRY_LIMIT: 403,
  ENTRY_TOO_NEW: 403,
  LINKED_ENTRANT: 403,
  TAKE_BACK_NOT_ALLOWED: 409,
  SEEK_CLOSED: 409,
  RATING_OUT_OF_RANGE: 403,
  MATCH_LIMIT: 429,
  CHALLENGES_FULL: 429,
  REGISTRATION_LIMIT: 429,
  INTERNAL: 500,
  // The game's stored stream has a hole: not served until repaired (a server fault, not the client's).
  STREAM_DAMAGED: 503,
};

/** What a header in another form than `Bearer <token>` becomes: a token no seat accepts. */
export const NOT_BEARER = 'not-a-bearer-token';

/**
 * The bearer token of an `Authorization` header value; undefined when there is none.
 * A header in another form (a bare token included) fails as a bad token, not as "no token".
 */
export function bearer(header: unknown): string | undefined {
  if (header === undefined || header === null || (typeof header === 'string' && header.trim() === '')) return undefined;
  const m = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header.trim()) : null;
  return m?.[1] ?? NOT_BEARER;
}
