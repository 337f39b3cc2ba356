/**
 * Replays (services/app/game-at.ts): `Game.at(version)`, the game as it was right after a version.
 * The SDL and its resolvers; the rules of who may see what are the app's.
 */
import type { IResolvers } from 'mercurius';
import { gameAt, historyAt, legalMovesAt, sightOf, statusAt, viewAt, viewsAt, type GameAt } from '../../app/game-at.js';
import type { ParlorService } from '../../app/service.js';
import { guarded, type GameHandle, type ParlorContext } from './resolvers.js';
import { typedMoves } from './typed-moves.js';

export const replaySchema = /* GraphQL */ `
extend type Game {
  """
  The game as it was right after version (0 to Game.version; VERSION_OUT_OF_RANGE otherwise), for
  replays. Once the game is over any seat's point of view may be read, and every card face-up; while
  it runs a caller steps back only through what it has seen: its own seat (a spectator: what
  spectators see).
  """
  at(version: Int!): GameAt!
}

"A game at one of its versions: what a replay draws."
type GameAt {
  "The version read."
  version: Int!
  "The game's status at that version; null at version 0 (before it was created)."
  status: GameStatus
  """
  What seat saw at that version; null until every seat was taken. seat omitted: once the game is over,
  face-up (the board everyone sees; every hand is in views), before that the caller's own seat. Another
  seat than the caller's while the game runs: SEAT_NOT_YOURS.
  """
  view(seat: Int): GameView
  "Every seat's view at that version, by seat: all cards face-up. GAME_NOT_OVER while the game runs."
  views: [GameView]!
  "The moves seat had at that version (seat as in view; empty face-up and for a spectator)."
  legalMoves(seat: Int): [JSON!]!
  "The same moves as legalMoves, typed (Move; see Game.typedLegalMoves)."
  typedLegalMoves(seat: Int): [Move!]!
  "The history up to that version as seat saw it (seat as in view; face-up: every event unredacted)."
  history(seat: Int): [HistoryEntry!]!
}
`;

type SeatArg = { seat?: number | null };

const typed = (at: GameAt, view: unknown) => (view === null ? null : { ...(view as object), __typename: at.live.table.game.viewType });

export function replayResolvers(service: ParlorService): IResolvers {
  return {
    Game: {
      at: (h: GameHandle, args: { version: number }, ctx: ParlorContext) => guarded(() => gameAt(service, h.agg, ctx.token, args.version)),
    },
    GameAt: {
      version: (at: GameAt) => at.version,
      status: (at: GameAt) => statusAt(at),
      view: (at: GameAt, args: SeatArg) => guarded(() => typed(at, viewAt(at, sightOf(at, args.seat)))),
      views: (at: GameAt) => guarded(() => viewsAt(at).map((v) => typed(at, v))),
      legalMoves: (at: GameAt, args: SeatArg) => guarded(() => legalMovesAt(at, sightOf(at, args.seat))),
      typedLegalMoves: (at: GameAt, args: SeatArg) => guarded(() => typedMoves(at.live.table.game, legalMovesAt(at, sightOf(at, args.seat)))),
      history: (at: GameAt, args: SeatArg) => guarded(() => historyAt(at, sightOf(at, args.seat))),
    },
  };
}
