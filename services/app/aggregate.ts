/**
 * A game as the service holds it: the folded table state at a version, plus the
 * commandIds seen so far (for idempotent retries). Built from the store's newest
 * snapshot and the commits after it.
 */
import { lastMoveOf, tableFor, type AnyGame, type LastMove, type Table, type TableEvent, type TableState } from '../engine/core/index.js';
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
 * The last move, for a take-back (engine/core/take-back.ts): who made it, at which version, and,
 * when it may be taken back, the table's state and every clock as they were before it. Kept
 * here, not in the table's state, so that state stays a plain fold of the game's events.
 */
export interface LastMoveHeld extends LastMove {
  version: number;
  before?: TableState;
  clocks?: AppState['clocks'];
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
    const move = lastMoveOf(agg.table, from, tableEvents, state, agg.lastMove);
    lastMove = move ? { ...move, version: commit.version, ...(!move.refused && { before: from!, clocks: agg.app.clocks }) } : undefined;
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
  const { lastMove: _old, ...rest } = agg;
  return { ...rest, version: commit.version, state, app, commandIds: remember(agg.commandIds, commit), ...(lastMove && { lastMove }) };
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
  return { format: SNAPSHOT_FORMAT, state: agg.state, commandIds: agg.commandIds, app: agg.app, ...(agg.lastMove && { lastMove: agg.lastMove }) };
}

/** The game's status as clients see it: the table's, with cancelling and who left on top. */
export const statusOf = (agg: Aggregate) =>
  statusWithApp(agg.table.status(agg.state), agg.app, (among) => {
    const standing = agg.table.game.standing;
    return standing ? standing(agg.state.play, among).winners : among;
  });
