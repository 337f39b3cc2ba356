/**
 * Read models fed by commits. Locally the service calls them in-process after each append;
 * on AWS the DynamoDB Streams handler calls the same code for each commit record.
 * A projection must be idempotent and tolerate out-of-order delivery (streams retry).
 */
import type { Commit } from '../store/port.js';
import type { Aggregate } from './aggregate.js';

export interface Projection {
  name: string;
  apply(agg: Aggregate, commit: Commit): Promise<void>;
}

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

const LOBBY_EVENTS = ['GameCreated', 'SeatTaken', 'GameCancelled'];

/** Keeps the lobby: games still waiting for players. */
export function lobbyProjection(lobby: LobbyStore): Projection {
  return {
    name: 'lobby',
    async apply(agg, commit) {
      // Only creation, joins and calling the game off change the lobby; moves never touch it.
      if (!commit.events.some((e) => LOBBY_EVENTS.includes((e as { type: string }).type))) return;
      const { state } = agg;
      // A cancelled or expired game leaves the lobby with the commit that ends it.
      if (state.started || agg.app.cancelled) return lobby.close(agg.id, commit.version);
      return lobby.put({ gameId: agg.id, type: state.game, seats: state.seats, taken: state.players.length, version: commit.version, seedFixed: state.seedFixed });
    },
  };
}
