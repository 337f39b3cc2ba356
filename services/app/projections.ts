/**
 * Read models fed by commits. Locally the service calls them in-process after each append;
 * on AWS the DynamoDB Streams handler calls the same code for each commit record.
 * A projection must be idempotent and tolerate out-of-order delivery (streams retry).
 */
import type { Commit } from '../store/port.js';
import type { Aggregate } from './aggregate.js';
import type { LobbyStore, OpenSeatsStore } from '../store/read-models.js';

export interface Projection {
  name: string;
  apply(agg: Aggregate, commit: Commit): Promise<void>;
}

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

/**
 * Gives back the seats holders reserved in a game once it leaves the lobby (commands/open-seats.ts):
 * the same commits the lobby closes on. A reaction, not the join, so a join never reads a list.
 */
export function openSeatsRelease(openSeats: OpenSeatsStore): Projection {
  return {
    name: 'open-seats',
    async apply(agg, commit) {
      if (!commit.events.some((e) => LOBBY_EVENTS.includes((e as { type: string }).type))) return;
      if (agg.state.started || agg.app.cancelled) await openSeats.release(agg.id);
    },
  };
}
