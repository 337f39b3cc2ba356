/**
 * The read-model ports: what the app reads besides the event log (the lobby, the headline
 * statistics). They sit beside the event store port so every arrow points down: the app and
 * the projections use them, the DynamoDB tables in this folder implement them.
 */

/** An open game in the lobby: created, not yet full. */
export interface LobbyEntry {
  gameId: string;
  type: string;
  seats: number;
  taken: number;
  version: number;
  /** Whether the creator fixed the seed (and so knows every deal): shown so joiners can tell. */
  seedFixed: boolean;
  /** ISO time of the entry's first write. */
  createdAt: string;
}

export interface LobbyStore {
  /** Writes the entry unless a newer version of it is already there. */
  put(entry: Omit<LobbyEntry, 'createdAt' | 'seedFixed'> & { seedFixed?: boolean }): Promise<void>;
  /** Closes the entry as of `version` (a late, older put cannot reopen it). */
  close(gameId: string, version: number): Promise<void>;
  /** Open games of one type, oldest first, after the `lobbyPosition` `after`: at most `limit`, reading no more. */
  page(type: string, limit: number, after?: string): Promise<LobbyEntry[]>;
}

/** Where an entry stands in the lobby's order (oldest first; the id breaks ties). */
export const lobbyPosition = (e: Pick<LobbyEntry, 'createdAt' | 'gameId'>) => `${e.createdAt}|${e.gameId}`;

/** Who played a game, as statistics split it: every seat its person's to the end, or some seat a bot's (services/analytics/seats.ts). */
export type StatsLineup = 'all human' | 'with bots';

/** One finished game's contribution to the headline statistics. */
export interface FinishedGame {
  gameId: string;
  game: string;
  seats: number;
  /** The game's option set as created (every option, defaults included): games of other sets are counted apart. */
  options: unknown;
  lineup: StatsLineup;
  winners: number[];
  /** Commits in the game, and its moves (a seat's commits the table decided: not a resignation, not a message). */
  commits: number;
  moves: number;
  endedAt: string;
}

/** The counters of one game type, seat count, option set and line-up. */
export interface StatsCounters {
  game: string;
  seats: number;
  options: unknown;
  lineup: StatsLineup;
  games: number;
  /** Wins by seat, a tie split between its winners (a 2-way tie is half a win each): the seats add up to the games. */
  wins: number[];
  moves: number;
  commits: number;
}

export interface StatsStore {
  /** Adds the game to its counters unless it was added already. */
  add(game: FinishedGame): Promise<void>;
  /** The counters of each option set and line-up of one game type and seat count (none without a finished game). */
  read(game: string, seats: number): Promise<StatsCounters[]>;
}

/** Finished games by the time they ended: what exports and studies of "games since" read. */
export interface FinishedIndex {
  /** Records that the game ended at `endedAt` (ISO); marking it again changes nothing. */
  mark(gameId: string, endedAt: string): Promise<void>;
  /** Ids of the games that ended at or after `since` (ISO), oldest ending first. */
  endedSince(since: string): Promise<string[]>;
}

/** Seats each holder (a player, or an anonymous client) has taken in games not yet started. */
export interface OpenSeatsStore {
  /** Records that `holder` took `seat` in the open game `gameId` (again: no change); `openUntil`: the game's expiry (ISO). */
  hold(holder: string, gameId: string, seat: number, openUntil?: string): Promise<void>;
  /** How many seats `holder` holds in games still open (those of started or cancelled games are dropped). */
  count(holder: string): Promise<number>;
}
