/**
 * What a finished game publishes, derived from its commits alone:
 * - `GameFacts`: one row of the export's games table (who played what, the result, sizes);
 * - `GameRecord`: the verifiable record — the spectator's history, every command, the
 *   revealed seed — the very document `npm run verify -- FILE` reads and `Query.gameRecord` serves.
 * A game is over when a commit holds `GameEnded` (later commits, e.g. a rematch's link, belong to
 * it too) or `GameCancelled` (cancelled, expired, a withdrawn rematch: its seed is revealed, since
 * no one will ever play that deal). Nothing here is computed for a game still running.
 */
import type { AppEvent, GameCancelled, GameSettings } from '../app/app-events.js';
import { appEventFor, withoutMarks } from '../app/app-event-sight.js';
import { isAppEvent } from '../app/app-events.js';
import { dealSeed, type GameCreated, type GameEnded, type GameResult, type RecordedCommand, type Table, type TableEvent } from '../engine/core/index.js';
import type { Commit } from '../store/port.js';
import { seatsFacts, type SeatsFacts } from './seats.js';
import { startSeatsOf } from './start-seats.js';

export type { PlayerFacts } from './seats.js';

export const RECORD_FORMAT = 'parlor-record/1';

/**
 * How a game ended: played to the end (`forfeit` when a seat forfeited on time), called off, or
 * (lab games only) stopped unfinished at the lab's move cap (`move-cap`, no result).
 */
export type EndReason = 'finished' | 'forfeit' | GameCancelled['reason'] | 'move-cap';

export interface GameFacts extends SeatsFacts {
  id: string;
  type: string;
  seats: number;
  options: unknown;
  seedHash: string;
  seed: string;
  seedFixed: boolean;
  createdAt: string;
  endedAt: string;
  endReason: EndReason;
  /** null for a game called off before its end. */
  result: GameResult | null;
  /** Each round's start seat as the rules define it, in order (services/analytics/start-seats.ts): the first is the game's first player. */
  startSeats: number[];
  /** How many commits (accepted commands, creation and joins included). */
  commits: number;
  events: number;
}

export interface RecordedCommit {
  version: number;
  at: string;
  seat: number | null;
  /** The table command; null for a commit of app events only (resign, cancel, a rematch's link), or one written before commands were recorded. */
  command: RecordedCommand | null;
  /** As a spectator sees them. */
  events: TableEvent[];
}

export interface GameRecord extends Omit<GameFacts, 'commits' | 'events'> {
  format: typeof RECORD_FORMAT;
  /** The seed the shuffles drew from: `seed` itself, or its hash with the players' entropy. */
  dealSeed: string;
  commits: RecordedCommit[];
}

export type Ending = { at: number; seed: string; result: GameResult | null; reason: GameCancelled['reason'] | 'move-cap' | null };

/** Where and how the game ended, or null while it runs. */
function endingOf(commits: readonly Commit[]): Ending | null {
  const created = commits[0]?.events[0] as GameCreated | undefined;
  for (const [at, commit] of commits.entries()) {
    for (const e of commit.events as { type: string }[]) {
      if (e.type === 'GameEnded') return { at, seed: (e as GameEnded).seed, result: (e as GameEnded).result, reason: null };
      if (e.type === 'GameCancelled') return { at, seed: created?.seed ?? '', result: null, reason: (e as GameCancelled).reason };
    }
  }
  return null;
}

/**
 * The export's facts of a game, or null while it runs (or if its commits are not a whole game).
 * `o.moveCap`: a lab game its player stopped at the move cap is published as it stands, flagged
 * `move-cap`, with no result and its seed revealed (the lab's seeds are public anyway).
 */
export function gameFacts(id: string, commits: readonly Commit[], o: { moveCap?: boolean } = {}): GameFacts | null {
  const first = commits[0];
  const created = first?.events[0] as GameCreated | undefined;
  if (!first || first.version !== 1 || created?.type !== 'GameCreated') return null;
  const ending = endingOf(commits) ?? (o.moveCap ? { at: commits.length - 1, seed: created.seed ?? '', result: null, reason: 'move-cap' as const } : null);
  if (!ending) return null;
  // A loop, not flatMap: the lab makes this list for every game it plays, and flatMap costs several times more.
  const all: TableEvent[] = [];
  for (const c of commits) for (const e of c.events as TableEvent[]) all.push(e);
  return factsOf({ id, created, createdAt: first.at, endedAt: commits[ending.at]!.at, ending, seats: seatsFacts(all), startSeats: startSeatsOf(created.game, all), commits: commits.length, events: all.length });
}

/** What a game's facts are made of: the lab (services/analytics/lab-game.ts) gathers them as it plays, without keeping the commits. */
export interface FactsParts {
  id: string;
  created: GameCreated;
  createdAt: string;
  endedAt: string;
  ending: Pick<Ending, 'seed' | 'result' | 'reason'>;
  seats: SeatsFacts;
  startSeats: number[];
  commits: number;
  events: number;
}

/** The facts from their parts, in the games line's order of keys (one place, so every path writes the same line). */
export function factsOf(p: FactsParts): GameFacts {
  return {
    id: p.id,
    type: p.created.game,
    seats: p.created.seats,
    options: p.created.options,
    seedHash: p.created.seedHash,
    seed: p.ending.seed,
    seedFixed: p.created.seedFixed,
    createdAt: p.createdAt,
    endedAt: p.endedAt,
    endReason: p.ending.reason ?? (p.seats.forfeited.length ? 'forfeit' : 'finished'),
    ...p.seats,
    result: p.ending.result,
    startSeats: p.startSeats,
    commits: p.commits,
    events: p.events,
  };
}

/** An event as a spectator sees it (the app's carry no card; messages only if spectators could read them), or none. */
const spectated = (table: Table, settings: Pick<GameSettings, 'spectatorChat'>, e: TableEvent): TableEvent[] =>
  isAppEvent(e) ? [appEventFor(e, settings, null) as TableEvent | null].filter((x): x is TableEvent => x !== null) : [table.redact(e, null)];

/** A finished game's public record; null while it runs. */
export function gameRecord(id: string, commits: readonly Commit[], table: Table): GameRecord | null {
  const facts = gameFacts(id, commits);
  if (!facts) return null;
  const { commits: _n, events: _m, ...rest } = facts;
  const settings = (commits[0]!.events as { type: string }[]).find((e): e is GameSettings => e.type === 'GameSettings') ?? {};
  return {
    format: RECORD_FORMAT,
    ...rest,
    dealSeed: dealSeed(facts.seed, facts.players.map((p) => p.entropy)),
    commits: commits.map((c) => ({
      version: c.version,
      at: c.at,
      seat: c.seat ?? null,
      command: (c.command as RecordedCommand | undefined) ?? null,
      events: (c.events as TableEvent[]).flatMap((e) => spectated(table, settings, e)),
    })),
  };
}

/** An event as a finished game's export shows it: everything but the seat token's hash and the seats' marks. */
export function exportedEvent(e: TableEvent): TableEvent {
  // Where a rated game's seats were taken from is the server's alone (linked seats: app/seat-marks.ts).
  if (e.type === 'SeatClaimed' || e.type === 'GameSettings' || e.type === 'RematchOffered' || e.type === 'RematchAnswered') return withoutMarks(e as unknown as AppEvent) as unknown as TableEvent;
  if (e.type !== 'SeatTaken') return e;
  const { tokenHash: _secret, ...rest } = e as { tokenHash?: string } & TableEvent;
  return rest as TableEvent;
}

/** One commit as the export needs it. */
export interface ExportCommit {
  version: number;
  seat?: number | null;
  at: string;
  events: unknown[];
  /** The recorded command (moves table). */
  command?: unknown;
}
