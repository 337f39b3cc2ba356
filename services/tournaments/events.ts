/**
 * A tournament's events, kept in its own stream (pk = TOURNAMENT#<id>) beside the games'. A
 * board's seed is in RoundStarted: the stream is the server's, and clients see it only through
 * the view (view.ts), which shows a seed once every table of its board has ended.
 */
import type { TimeControl } from '../app/app-events.js';

export type Format = 'SWISS' | 'ROUND_ROBIN';

/** A registered player, or a bot the server plays ("search:1"). */
export type Entrant = { player: string; name: string; marks?: EntryMarks } | { bot: string; name: string };

/**
 * Where a player's entry came from, as keyed hashes (never shown; the tournament's id is the
 * key, so marks of two tournaments cannot be compared): the client address, and the device (the
 * page's per-browser id, else the token's device). Entry limits and linked accounts read them.
 */
export interface EntryMarks {
  address?: string;
  device?: string;
}

export interface TournamentSettings {
  game: string;
  seats: number;
  rounds: number;
  format: Format;
  duplicate: boolean;
  timeControl?: TimeControl;
  options: unknown;
  /** Its games are rated (entrants need the rated minimum of account age or games; docs/tournaments.md). */
  rated?: boolean;
  /** The bot that plays a seat whose player times out, resigns or forfeits (absent: the server default, search:1). */
  timeoutBot?: string;
}

/** One game of a round: its board (the deal), its table (the group of entrants) and who holds each seat. */
export interface RoundGame {
  gameId: string;
  board: number;
  table: number;
  /** Entrant index per seat. */
  seats: number[];
}

export interface TournamentCreated extends TournamentSettings {
  type: 'TournamentCreated';
  creator: string;
}
export interface EntrantJoined {
  type: 'EntrantJoined';
  entrant: Entrant;
}
/** The creator took an entrant out before the start (later entrants move up one index). */
export interface EntrantRemoved {
  type: 'EntrantRemoved';
  index: number;
}
export interface TournamentStarted {
  type: 'TournamentStarted';
}
export interface RoundStarted {
  type: 'RoundStarted';
  round: number;
  /** Entrant indexes of each table, by table position. */
  tables: number[][];
  /** Secret seeds, one per board, with the hash the games publish. */
  boards: { seed: string; seedHash: string }[];
  games: RoundGame[];
}
export interface GameScored {
  type: 'GameScored';
  gameId: string;
  /** Final totals by seat (the game's result). */
  scores: number[];
  /** Seats whose player resigned or forfeited: they place below every seat that stayed (absent: none). */
  left?: number[];
}
/** Every game of the board has ended: its seed may be shown. */
export interface BoardCompleted {
  type: 'BoardCompleted';
  round: number;
  board: number;
}
export interface RoundCompleted {
  type: 'RoundCompleted';
  round: number;
}
export interface TournamentFinished {
  type: 'TournamentFinished';
}

export type TournamentEvent = TournamentCreated | EntrantJoined | EntrantRemoved | TournamentStarted | RoundStarted | GameScored | BoardCompleted | RoundCompleted | TournamentFinished;
