/**
 * A game as the service holds it: the folded table state at a version, plus the
 * commandIds seen so far (for idempotent retries). Built from the store's newest
 * snapshot and the commits after it.
 */
import { lastMoveOf, tableFor, type AnyGame, type LastMove, type Seat, type Table, type TableEvent, type TableState } from '../engine/core/index.js';
import { findGame } from '../engine/registry.js';
import type { Commit, Stream } from '../store/port.js';
import { evolveApp, initialAppState, isAppEvent, statusWithApp, type AppState } from './app-events.js';

export interface Aggregate {
  id: string;
  version: number;
  table: Table;
  state: TableState;
  /** `<seat>:<commandId>` → the version that committed it; the most recent ones only (see applyCommit). */
  commandIds: Record<string, number>;
  /** What the application layer's own events fold to (players, bots, clocks): see app-events.ts. */
  app: AppState;
  /** The last commit's move (absent when the last commit of the table's events was none): see LastMoveHeld. */
  lastMove?: LastMoveHeld;
}

/**
 * The last move, for a take-back (engine/core/take-back.ts): its version, the seat that issued
 * it, the table's state and every clock as they were before it, and its events. Kept here, not
 * in the table's state, so that state stays a plain fold of the game's events. Whether it may be
 * taken back is worked out only when asked (`lastMoveVerdict`: the game's status costs about as
 * much as a commit's fold) and kept; a snapshot holds the verdict, and the state before only
 * when the move may be taken back.
 */
export interface LastMoveHeld {
  version: number;
  /** The seat that issued the commit (absent: the one seat that was to act). */
  mover?: Seat;
  /** The seat of the move before, when the commit before of the table's events was a move. */
  previous?: Seat | null;
  before?: TableState;
  clocks?: AppState['clocks'];
  events?: TableEvent[];
  verdict?: LastMove;
}

/** The last move as a take-back sees it (who made it, why it may not be taken back), worked out once. */
export function lastMoveVerdict(agg: Aggregate): LastMove | null {
  const held = agg.lastMove;
  if (!held) return null;
  if (!held.verdict) {
    // Only the take-back's own event follows a move without the table's events, so agg.state is the state the move led to.
    const verdict = lastMoveOf(agg.table, held.before ?? null, held.events ?? [], agg.state, held.previous === undefined ? null : { seat: held.previous }, held.mover);
    held.verdict = verdict ?? { seat: held.mover ?? null, refused: 'NO_MOVE' };
  }
  return held.verdict;
}

/** How many recent commandIds a game remembers: a retry older than that is decided anew. */
export const REMEMBERED_COMMANDS = 256;

/** Idempotency keys are per seat: two seats may pick the same id. */
export const commandKey = (seat: number | undefined, commandId: string) => `${seat ?? '-'}:${commandId}`;

/**
 * The shape of the folds snapshots hold. Raise it whenever a game's state gains or changes a
 * field: an older snapshot is then ignored and the game folded from its events (which never change).
 */
export const SNAPSHOT_FORMAT = 4; // 3: AppState.ownMoves; 4: lastMove (take-backs)

/** What a snapshot stores. */
interface SnapshotData {
  format?: number;
  state: TableState;
  commandIds: Record<string, number>;
  app?: AppState;
  lastMove?: LastMoveHeld;
}

export type GameLookup = (id: string) => AnyGame | undefined;

export { tableFor };

export function fromStream(id: string, stream: Stream, lookup: GameLookup = findGame): Aggregate {
  const snap = stream.snapshot?.data as SnapshotData | undefined;
  const first = snap ? snap.state.game : (stream.commits[0]?.events[0] as { game?: string } | undefined)?.game;
  const game = first === undefined ? undefined : lookup(first);
  if (!game) throw new Error(`game ${id} has an unknown game type ${first}`);
  let agg: Aggregate = snap
    ? { id, version: stream.snapshot!.version, table: tableFor(game), state: snap.state, commandIds: { ...snap.commandIds }, app: snap.app ?? initialAppState(), ...(snap.lastMove && { lastMove: snap.lastMove }) }
    : { id, version: 0, table: tableFor(game), state: null as unknown as TableState, commandIds: {}, app: initialAppState() };
  for (const commit of stream.commits) agg = applyCommit(agg, commit);
  return agg;
}

export function applyCommit(agg: Aggregate, commit: Pick<Commit, 'version' | 'events' | 'commandId' | 'seat' | 'by'>): Aggregate {
  // The application's events fold beside the table's; the engine never sees them.
  const events = commit.events as TableEvent[];
  // The very array decide returned when it holds no app events: the table then reuses the state
  // decide already computed instead of folding the events again.
  const tableEvents = events.some(isAppEvent) ? events.filter((e) => !isAppEvent(e)) : events;
  const from = agg.version === 0 ? null : agg.state;
  let state = tableEvents.length ? agg.table.fold(tableEvents, from) : agg.state;
  let lastMove = agg.lastMove;
  if (tableEvents.length) {
    // A commit of the table's events ends what could be taken back, and may be a move that can be.
    // What the move was is worked out when asked (lastMoveVerdict); a commit that is no move (joins, a stop) holds nothing.
    const previous = agg.lastMove ? { previous: agg.lastMove.verdict?.seat ?? agg.lastMove.mover ?? null } : {};
    lastMove = from?.started && !from.ended ? { version: commit.version, ...(commit.seat !== undefined && { mover: commit.seat }), ...previous, before: from, clocks: agg.app.clocks, events: tableEvents } : undefined;
  } else if (events.some((e) => e.type === 'MoveTakenBack')) {
    // The game as it was before the move (app/commands/take-back.ts checked that it may be).
    if (!lastMove?.before) throw new Error(`game ${agg.id}: a take-back at version ${commit.version} with no move to take back`);
    state = lastMove.before;
    lastMove = undefined;
  }
  let app = agg.app;
  for (const e of events) if (isAppEvent(e)) app = evolveApp(app, e);
  // A move the seat's holder made themself: the seat issued it, no bot or forced move played it for them.
  if (commit.seat !== undefined && commit.by === undefined && agg.version > 0 && tableEvents.length > 0) {
    app = { ...app, ownMoves: { ...app.ownMoves, [commit.seat]: (app.ownMoves?.[commit.seat] ?? 0) + 1 } };
  }
  return { id: agg.id, version: commit.version, table: agg.table, state, commandIds: remember(agg.commandIds, commit), app, ...(lastMove && { lastMove }) };
}

function remember(known: Record<string, number>, commit: Pick<Commit, 'version' | 'commandId' | 'seat'>): Record<string, number> {
  if (commit.commandId === undefined) return known;
  const entries = Object.entries(known);
  if (entries.length >= REMEMBERED_COMMANDS) entries.splice(0, entries.length - REMEMBERED_COMMANDS + 1);
  return Object.fromEntries([...entries, [commandKey(commit.seat, commit.commandId), commit.version]]);
}

/** Whether a stored snapshot holds a fold of today's shape (else the game is folded from its events). */
export const snapshotIsCurrent = (data: unknown) => (data as SnapshotData | undefined)?.format === SNAPSHOT_FORMAT;

export function snapshotOf(agg: Aggregate): SnapshotData {
  return { format: SNAPSHOT_FORMAT, state: agg.state, commandIds: agg.commandIds, app: agg.app, ...(agg.lastMove && { lastMove: heldForSnapshot(agg) }) };
}

/** The last move as a snapshot keeps it: its verdict, and the state and clocks before it only when it may be taken back. */
function heldForSnapshot(agg: Aggregate): LastMoveHeld {
  const held = agg.lastMove!;
  const verdict = lastMoveVerdict(agg)!;
  const kept = { version: held.version, ...(held.mover !== undefined && { mover: held.mover }), ...(held.previous !== undefined && { previous: held.previous }), verdict };
  return verdict.refused ? kept : { ...kept, before: held.before!, clocks: held.clocks! };
}

/** The game's status as clients see it: the table's, with cancelling and who left on top. */
export const statusOf = (agg: Aggregate) =>
  statusWithApp(agg.table.status(agg.state), agg.app, (among) => {
    const standing = agg.table.game.standing;
    return standing ? standing(agg.state.play, among).winners : among;
  });
