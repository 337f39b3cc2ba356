/** move: a seat's move, decided optimistically on the cached fold, and the moves the server plays for a seat. */
import type { Seat, TableCommand } from '../../engine/core/index.js';
import type { StreamEvent } from '../app-events.js';
import { VersionConflict } from '../../store/port.js';
import { fromStream, type Aggregate } from '../aggregate.js';
import { committedVersion, fingerprinted } from '../idempotency.js';
import { AppError, asAppError } from '../errors.js';
import { checkPinned, conflict, decideOrRefuse, type Credential, type ServiceCore } from './core.js';

/** The longest commandId accepted (they are kept in snapshots). */
export const MAX_COMMAND_ID = 100;

export interface MoveInput {
  gameId: string;
  token: Credential;
  move: unknown;
  /** The game type the move was written for (a typed move names its game): another game's is refused. */
  game?: string;
  expectedVersion?: number;
  commandId?: string;
}

/** What a command decided: the events of one commit, and the seat that issued it. */
export interface Decision {
  events: StreamEvent[];
  seat?: Seat;
  /** The table command the events came from, for the game's record (a bot's move, a timeout's move). */
  command?: TableCommand;
  /** Who played the commit for the seat, when not its holder ("bot:search:1", "auto"): shown in the history. */
  by?: string;
}

/**
 * Plays a move. With `optimistic` (the default) it first decides on this process's cached
 * fold and writes at the next version: if no one else wrote meanwhile, that single
 * conditional write is the whole cost. A conflict or a refusal on the cached state is
 * never final: the move is decided again on the newest state.
 */
export async function playMove(core: ServiceCore, input: MoveInput): Promise<Aggregate> {
  if (input.commandId !== undefined && (input.commandId.length < 1 || input.commandId.length > MAX_COMMAND_ID)) {
    throw new AppError('BAD_INPUT', `a commandId has 1 to ${MAX_COMMAND_ID} characters`);
  }
  let cached = core.optimistic ? core.cached(input.gameId) : undefined;
  for (let attempt = 0; ; attempt++) {
    const agg = cached ?? (await core.load(input.gameId));
    const fresh = cached === undefined;
    cached = undefined;
    try {
      return await tryMove(core, agg, input);
    } catch (e) {
      // A conflict or refusal seen on the cached fold is checked again on the newest state.
      if (!fresh && (e instanceof VersionConflict || asAppError(e))) continue;
      // Unpinned commands (e.g. simultaneous choices) are re-decided on the fresh state.
      if (!(e instanceof VersionConflict) || input.expectedVersion !== undefined || attempt >= core.maxRetries) throw conflict(e);
    }
  }
}

async function tryMove(core: ServiceCore, agg: Aggregate, input: MoveInput): Promise<Aggregate> {
  if (input.game !== undefined && input.game !== agg.state.game) throw new AppError('BAD_INPUT', `a move of ${input.game}, and game ${agg.id} is ${agg.state.game}`);
  const seat = core.seatOf(agg, input.token);
  if (seat === null) throw new AppError('UNAUTHENTICATED', 'a move needs a seat token');
  if (agg.app.bots[seat] !== undefined) throw new AppError('FORBIDDEN', `seat ${seat} is played by a bot`);
  // Decided with the deadline, not the timer: a seat whose time ran out cannot move late, even before its timeout fires.
  const deadline = agg.app.clocks[seat]?.deadline;
  if (deadline && Date.parse(deadline) <= core.now()) throw new AppError('NOT_YOUR_TURN', `seat ${seat}'s time ran out at ${deadline}`);
  const done = input.commandId === undefined ? undefined : committedVersion(agg, seat, input.commandId, input.move);
  if (done !== undefined) return atVersion(core, agg.id, done); // a retry: the first result, nothing written
  checkPinned(agg, input.expectedVersion);
  const command: TableCommand = { type: 'move', seat, move: input.move };
  const commandId = input.commandId === undefined ? undefined : fingerprinted(input.commandId, input.move);
  return core.commit(agg, decideOrRefuse(agg, command), { commandId, seat, command });
}

/** The game as it was right after `version` (what a retried command answered the first time). */
async function atVersion(core: ServiceCore, gameId: string, version: number): Promise<Aggregate> {
  const commits = (await core.store.history(gameId)).filter((c) => c.version <= version);
  return fromStream(gameId, { version, snapshot: null, commits }, core.lookup);
}

/** The commit of a move the server plays for `seat` (a bot, a formality, a timeout), with its command for the record. */
export function moveDecision(agg: Aggregate, seat: Seat, move: unknown, before: StreamEvent[] = []): Decision {
  const command: TableCommand = { type: 'move', seat, move };
  return { events: [...before, ...decideOrRefuse(agg, command)], seat, command };
}

/**
 * Runs a command of another concern (timeouts, bots, leaving …): `decide` sees the newest
 * game and returns the events of one commit, or null to write nothing. With `expectedVersion`
 * nothing is written unless the game is still at that version (a late timer changes nothing);
 * without it, a lost race is decided again on the newer game.
 */
export async function execute(core: ServiceCore, gameId: string, decide: (agg: Aggregate) => Decision | null, options: { expectedVersion?: number } = {}): Promise<Aggregate> {
  // Pinned to the version this process's fold is at (a server move, a timeout it armed): decided on
  // that fold, no read. The append is conditional on that version, so a newer commit elsewhere refuses it.
  const pinned = options.expectedVersion === undefined ? undefined : core.cached(gameId);
  for (let attempt = 0; ; attempt++) {
    const cached = attempt === 0 && pinned?.version === options.expectedVersion ? pinned : undefined;
    const agg = cached ?? (await core.load(gameId));
    checkPinned(agg, options.expectedVersion);
    let decision: Decision | null;
    try {
      decision = decide(agg);
    } catch (refused) {
      // A refusal on the cached fold: VERSION_CONFLICT first if the store is past the pin, as a read would have said.
      if (cached) checkPinned(await core.load(gameId), options.expectedVersion);
      throw refused;
    }
    if (!decision) {
      // Nothing to write: answered as before, VERSION_CONFLICT if the store is past the pin.
      if (cached) checkPinned(await core.load(gameId), options.expectedVersion);
      return agg;
    }
    try {
      return await core.commit(agg, decision.events, { seat: decision.seat, command: decision.command, by: decision.by });
    } catch (e) {
      if (!(e instanceof VersionConflict) || options.expectedVersion !== undefined || attempt >= core.maxRetries) throw conflict(e);
    }
  }
}
