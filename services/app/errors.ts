/**
 * Every refusal the service makes, with a stable code clients can branch on.
 * The api maps codes to GraphQL `extensions.code` and HTTP statuses.
 */
import { RuleViolation } from '../engine/core/index.js';
import { StreamDamaged } from '../store/stream-check.js';
import { StoreBusy } from '../store/gate.js';

export const ERROR_CODES = [
  'BAD_INPUT',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'NOT_YOUR_TURN',
  'ILLEGAL_MOVE',
  'VERSION_CONFLICT',
  'GAME_OVER',
  'RATE_LIMITED',
  /** The process has as many requests in flight as it takes (back-pressure; HTTP 503, Retry-After). */
  'BUSY',
  /** Rated games (services/app/rated.ts). */
  'RATED_NEEDS_PLAYERS',
  'RATED_FIXED_SEED',
  'RATED_SEAT_TWICE',
  'STREAM_DAMAGED',
  /** Replays (services/app/game-at.ts). */
  'VERSION_OUT_OF_RANGE',
  'GAME_NOT_OVER',
  'SEAT_NOT_YOURS',
  /** Seats per player or client in games not yet started (commands/open-seats.ts). */
  'TOO_MANY_OPEN_SEATS',
  /** A URL the server would have to fetch that points at a private or reserved address (SSRF: notifications/public-address.ts). */
  'ADDRESS_NOT_ALLOWED',
  /** Tournaments (docs/tournaments.md): a start with no registered player among the entrants. */
  'TOURNAMENT_NEEDS_PLAYER',
  /** A join past the entrants allowed per client address or per device. */
  'ENTRY_LIMIT',
  /** A rated tournament's join by an account younger and with fewer games than its minimum. */
  'ENTRY_TOO_NEW',
  /** A duplicate tournament's join by an account that shares an address or device with an entrant. */
  'LINKED_ENTRANT',
  /** A take-back refused; the message starts with the reason (engine/core/take-back.ts TAKE_BACK_REASONS). */
  'TAKE_BACK_NOT_ALLOWED',
  /** Matchmaking (docs/matchmaking.md): a seek already filled, cancelled or expired. */
  'SEEK_CLOSED',
  /** An accepter whose rating lies outside the seek's range. */
  'RATING_OUT_OF_RANGE',
  /** Seeks or quick-play entries past what one player or one client address may hold. */
  'MATCH_LIMIT',
  /** A challenge by name to a player who already has as many open challenges as one holds (MATCH_CHALLENGES_PER_PLAYER). */
  'CHALLENGES_FULL',
  /** More players registered from one client address in the hour than REGISTRATIONS_PER_HOUR (throwaway accounts; HTTP 429, Retry-After). */
  'REGISTRATION_LIMIT',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** An ILLEGAL_MOVE for the move's spelling only, with the listed move meant (RuleViolation.unlisted). */
    readonly unlisted?: { meant?: unknown },
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** The engine's refusals keep their code; anything else is not ours to explain. */
export function asAppError(e: unknown): AppError | null {
  if (e instanceof AppError) return e;
  if (e instanceof RuleViolation) return new AppError(e.code, e.message, e.unlisted);
  if (e instanceof StreamDamaged) return new AppError('STREAM_DAMAGED', e.message);
  // The line to the store is full (store/gate.ts): the client is told to come back, as by back-pressure.
  if (e instanceof StoreBusy) return new AppError('BUSY', e.message);
  return null;
}
