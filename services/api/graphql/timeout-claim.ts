/**
 * Claim or wait (services/clocks/claim.ts): the SDL and its resolvers, beside the play-by-turn surface.
 */
import type { IResolvers } from 'mercurius';
import type { TimeoutClaimChoice } from '../../app/app-events.js';
import type { ParlorService } from '../../app/service.js';
import { claimTimeout, timeoutClaimView } from '../../clocks/claim.js';
import { guarded, type GameHandle, type ParlorContext } from './resolvers.js';

export const timeoutClaimSchema = /* GraphQL */ `
extend type Mutation {
  """
  Answers the open claim on a seat that ran out of time (onTimeout ASK; see Game.timeoutClaim), once
  for everyone: BOT, END or WAIT. Seat token, or the player token of a seated player other than the
  timed-out seat. FORBIDDEN when no claim is open (the seat moved, or another player chose first).
  """
  claimTimeout(gameId: ID!, choice: TimeoutClaim!): Game!
}

"What the other players choose for a seat that ran out of time under onTimeout ASK."
enum TimeoutClaim {
  "The game's timeoutBot plays the seat to the end (the result counts it as forfeited)."
  BOT
  "The game ends now: scores as they stand, the timed-out seat last (result.claimed, in forfeited)."
  END
  "The seat keeps its turn: its clock restarts with a fresh period (a move's time, or the whole bank)."
  WAIT
}

"An open question on a seat whose time ran out (onTimeout ASK): the game waits for an answer."
type TimeoutClaimQuestion {
  "The seat that ran out of time."
  seat: Int!
  "When its time ran out and the question opened (ISO 8601)."
  since: String!
  "The seats that may answer (every other seat no server bot plays)."
  answerers: [Int!]!
}

extend type Game {
  "The open claim on a timed-out seat (onTimeout ASK), or null."
  timeoutClaim: TimeoutClaimQuestion
}

extend type GameResult {
  "Ended by claim: a seat ran out of time (onTimeout ASK) and another player chose END."
  claimed: Boolean!
}
`;

export function timeoutClaimResolvers(service: ParlorService): IResolvers {
  return {
    Mutation: {
      claimTimeout: (_root, args: { gameId: string; choice: TimeoutClaimChoice }, ctx: ParlorContext) =>
        guarded(async (): Promise<GameHandle> => {
          const agg = await claimTimeout(service, args.gameId, ctx.token, args.choice);
          return { agg, viewer: service.seatOf(agg, ctx.token) };
        }),
    },
    Game: {
      timeoutClaim: (h: GameHandle) => timeoutClaimView(h.agg),
    },
    GameResult: {
      claimed: (r: { claimed?: boolean }) => r.claimed === true,
    },
  };
}
