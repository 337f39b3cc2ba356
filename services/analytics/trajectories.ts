/**
 * The trajectories table for machine learning (`--trajectories`): one line per decision, per
 * seat, of a finished game — what that seat saw when it chose (its view, redacted as it was at
 * the time), the legal moves it had, and the move it made. Built by folding the game's own
 * events again through the engine, so a line holds exactly what the seat's page showed.
 */
import { isDeepStrictEqual } from 'node:util';
import { isAppEvent } from '../app/app-events.js';
import { tableFor, type TableEvent, type TableState } from '../engine/core/index.js';
import { findGame } from '../engine/registry.js';
import type { ExportCommit } from './record.js';

export const TRAJECTORIES_FILE = 'trajectories.ndjson';

export interface TrajectoryLine {
  gameId: string;
  type: string;
  seats: number;
  version: number;
  seat: number;
  /** Who chose: the seat's holder, its bot, or the bot a timeout called in (as in moves.ndjson). */
  by: 'seat' | 'bot' | 'timeout' | null;
  view: unknown;
  legalMoves: unknown[];
  move: unknown;
  /** The move's place among `legalMoves` (-1 if the engine lists it in another form). */
  moveIndex: number;
}

/** The game's decision lines, from its commits (events unredacted: the game has ended). */
export function trajectoryLines(gameId: string, type: string, commits: readonly ExportCommit[], by: (version: number) => TrajectoryLine['by']): TrajectoryLine[] {
  const game = findGame(type);
  if (!game) return [];
  const t = tableFor(game);
  let state: TableState | null = null;
  let before: TableState | null = null;
  const lines: TrajectoryLine[] = [];
  for (const c of commits) {
    const command = c.command as { type?: string; seat?: number; move?: unknown } | undefined;
    if (state?.started && command?.type === 'move' && typeof c.seat === 'number') {
      const legalMoves = t.legalMoves(state, c.seat);
      lines.push({ gameId, type, seats: state.seats, version: c.version, seat: c.seat, by: by(c.version), view: t.view(state, c.seat), legalMoves, move: command.move, moveIndex: legalMoves.findIndex((m) => isDeepStrictEqual(m, command.move)) });
    }
    const events = (c.events as TableEvent[]).filter((e) => !isAppEvent(e));
    // A take-back (app/commands/take-back.ts) puts back the state before the last move, whose line no longer stands.
    if (c.events.some((e) => (e as TableEvent).type === 'MoveTakenBack')) {
      state = before;
      if (lines.at(-1)?.version === (c.events.find((e) => (e as TableEvent).type === 'MoveTakenBack') as { version: number }).version) lines.pop();
    } else if (events.length) {
      before = state;
      state = t.fold(events, state);
    }
  }
  return lines;
}
