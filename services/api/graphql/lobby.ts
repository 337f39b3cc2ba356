/**
 * The lobby a page at a time (Relay-style connection), and whether each game's seed was fixed.
 * `openGames` stays for existing clients and answers the first page (at most 100).
 */
import type { ParlorService } from '../../app/service.js';
import { guarded } from './context.js';

export const lobbySchema = /* GraphQL */ `
extend type Query {
  "Games still waiting for players, oldest first, a page at a time: pass pageInfo.endCursor as after. The first page may be up to 3 s behind a change made through another server."
  lobby(type: String, first: Int = 20, after: String): LobbyConnection!
}

extend type LobbyEntry {
  "Whether the creator fixed the seed, and so knows every deal: think twice before joining."
  seedFixed: Boolean!
}

type LobbyConnection {
  edges: [LobbyEdge!]!
  pageInfo: PageInfo!
}

type LobbyEdge {
  cursor: String!
  node: LobbyEntry!
}

`;

export const lobbyQueries = (service: ParlorService) => ({
  lobby: (_root: unknown, args: { type?: string | null; first?: number | null; after?: string | null }) =>
    guarded(() => service.lobbyPage(args.type ?? undefined, args.first ?? undefined, args.after ?? undefined)),
});
