/**
 * What every command needs from the service: the store, the games, the time, and the one way to
 * write (load → decide → commit). The service builds one and hands it to the command modules, so
 * each command is a file of its own while the cache, the listeners and the write stay in one place.
 */
import type { LinkedSeatsRule } from '../seat-marks.js';
import type { Seat, TableCommand, TableEvent, Viewer } from '../../engine/core/index.js';
import { VersionConflict, type EventStore } from '../../store/port.js';
import type { Aggregate, GameLookup } from '../aggregate.js';
import { AppError, asAppError } from '../errors.js';
import type { OpenSeatsCap } from './open-seats.js';
import type { StreamEvent } from '../app-events.js';
import type { StoredHash } from '../stored-hash.js';

/** Who is calling: a seat token, a registered player (verified by the api), or nobody.
 * A player credential whose token did not verify carries the refusal, raised when used. */
export type Credential = string | { player: string; bot?: true; device?: string } | { refused: string } | undefined;

export interface CommitMeta {
  commandId?: string;
  seat?: Seat;
  command?: TableCommand;
  by?: string;
}

export interface ServiceCore {
  readonly store: EventStore;
  readonly lookup: GameLookup;
  /** How often an unpinned command is re-decided after losing a race. */
  readonly maxRetries: number;
  /** Decide moves on the cached fold first. */
  readonly optimistic: boolean;
  readonly now: () => number;
  readonly isBotKind: (kind: string) => boolean;
  /** A rated game's minimum of moves per registered player (default RATED_MIN_MOVES, app/rated.ts). */
  readonly ratedMinMoves?: number;
  /** Whether a rated game between linked seats counts (default RATED_LINKED_SEATS: not counted; app/seat-marks.ts). */
  readonly ratedLinkedSeats?: LinkedSeatsRule;
  /** The cap on seats per holder in open games (none: not counted). */
  readonly openSeats?: OpenSeatsCap;
  /** What keyed seat tokens are derived with (tokens.ts): the same across restarts and deploys, so keyed retries still work. */
  seatSecret(): Promise<string>;
  /** The deployment's keyed hash (stored-hash.ts): a rated seat's marks of its request's address and device. */
  readonly storedHash: StoredHash;
  /** The newest version of the game (NOT_FOUND if none). */
  load(gameId: string): Promise<Aggregate>;
  /** This process's fold of the game, if it has one (possibly behind). */
  cached(gameId: string): Aggregate | undefined;
  /** Writes one commit at the next version and runs the listeners. */
  commit(agg: Aggregate, events: StreamEvent[], meta: CommitMeta): Promise<Aggregate>;
  seatOf(agg: Aggregate, token: Credential): Viewer;
}

/** The engine's decision, its refusals turned into the app's errors. */
export function decideOrRefuse(agg: Aggregate, command: TableCommand): TableEvent[] {
  try {
    return agg.table.decide(agg.version === 0 ? null : agg.state, command);
  } catch (e) {
    throw asAppError(e) ?? e;
  }
}

/** A lost race as the client sees it. */
export function conflict(e: unknown): unknown {
  return e instanceof VersionConflict ? new AppError('VERSION_CONFLICT', 'the game changed meanwhile; reload and retry') : e;
}

/** VERSION_CONFLICT unless the game is at the version the caller pinned. */
export function checkPinned(agg: Aggregate, expectedVersion: number | undefined): void {
  if (expectedVersion !== undefined && expectedVersion !== agg.version) {
    throw new AppError('VERSION_CONFLICT', `expected version ${expectedVersion}, the game is at ${agg.version}`);
  }
}
