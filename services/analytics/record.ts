/**
 * What a finished game publishes, derived from its commits alone:
 * - `GameFacts`: one row of the export's games table (who played what, the result, sizes);
 * - `GameRecord`: the verifiable record — the spectator's history, every command, the
 *   revealed seed — the very document `npm run verify -- FILE` reads and `Query.gameRecord` serves.
 * Nothing here is computed for a game that has not ended: its secrets are still secrets.
 */
import { dealSeed, type GameCreated, type GameEnded, type GameResult, type RecordedCommand, type SeatTaken, type Table, type TableEvent } from '../engine/core/index.js';
import type { Commit } from '../store/port.js';

export const RECORD_FORMAT = 'parlor-record/1';

export interface PlayerFacts {
  seat: number;
  name: string;
  /** The entropy the player added to the deal's seed, when it gave some. */
  entropy?: string;
  playerId?: string;
}

export interface GameFacts {
  id: string;
  type: string;
  seats: number;
  options: unknown;
  seedHash: string;
  seed: string;
  seedFixed: boolean;
  createdAt: string;
  endedAt: string;
  players: PlayerFacts[];
  result: GameResult;
  /** How many commits (accepted commands, creation and joins included). */
  commits: number;
  events: number;
}

export interface RecordedCommit {
  version: number;
  at: string;
  seat: number | null;
  /** null for a commit written before commands were recorded (such a record cannot be verified). */
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

/** The export's facts of a game, or null while it runs (or if its commits are not a whole game). */
export function gameFacts(id: string, commits: readonly Commit[]): GameFacts | null {
  const first = commits[0];
  const last = commits.at(-1);
  const created = first?.events[0] as GameCreated | undefined;
  const ended = last?.events.at(-1) as GameEnded | undefined;
  if (!first || !last || first.version !== 1 || created?.type !== 'GameCreated' || ended?.type !== 'GameEnded') return null;
  const players: PlayerFacts[] = [];
  let events = 0;
  for (const commit of commits) {
    events += commit.events.length;
    for (const e of commit.events as TableEvent[]) {
      if (e.type !== 'SeatTaken') continue;
      const t = e as SeatTaken & { entropy?: string; playerId?: string };
      players.push({ seat: t.seat, name: t.name, ...(t.entropy !== undefined && { entropy: t.entropy }), ...(t.playerId !== undefined && { playerId: t.playerId }) });
    }
  }
  return {
    id,
    type: created.game,
    seats: created.seats,
    options: created.options,
    seedHash: created.seedHash,
    seed: ended.seed,
    seedFixed: created.seedFixed,
    createdAt: first.at,
    endedAt: last.at,
    players,
    result: ended.result,
    commits: commits.length,
    events,
  };
}

/** A finished game's public record; null while it runs. */
export function gameRecord(id: string, commits: readonly Commit[], table: Table): GameRecord | null {
  const facts = gameFacts(id, commits);
  if (!facts) return null;
  const { commits: _n, events: _m, ...rest } = facts;
  return {
    format: RECORD_FORMAT,
    ...rest,
    dealSeed: dealSeed(facts.seed, facts.players.map((p) => p.entropy)),
    commits: commits.map((c) => ({
      version: c.version,
      at: c.at,
      seat: c.seat ?? null,
      command: (c.command as RecordedCommand | undefined) ?? null,
      events: (c.events as TableEvent[]).map((e) => table.redact(e, null)),
    })),
  };
}

/** An event as a finished game's export shows it: everything but the seat token's hash. */
export function exportedEvent(e: TableEvent): TableEvent {
  if (e.type !== 'SeatTaken') return e;
  const { tokenHash: _secret, ...rest } = e as SeatTaken;
  return rest;
}
