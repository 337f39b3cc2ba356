/**
 * Vacations (services/vacation): the SDL and its resolvers, beside the play-by-turn surface.
 */
import type { IResolvers } from 'mercurius';
import { playerOf } from '../../players/index.js';
import type { PlayApi } from '../../play-by-turn.js';
import { guarded, type ParlorContext } from './context.js';

export const vacationSchema = /* GraphQL */ `
extend type Mutation {
  """
  Starts the calling player's vacation: their clocks stop in every running game (a ClockPaused event
  in each, seen by everyone) until endVacation, their next move, or their vacation days running out.
  FORBIDDEN when no day is left this year. Already on vacation: stops any clock still running.
  """
  startVacation: Player!
  "Ends the calling player's vacation: every clock runs again from what it had left (ClockResumed)."
  endVacation: Player!
}

extend type Player {
  "Vacation days left this calendar year (UTC); every started day of a vacation counts."
  vacationDaysLeft: Int!
  "While on vacation: when its days run out and the clocks resume by themselves (ISO 8601)."
  onVacationUntil: String
}

extend type SeatClock {
  "While the seat's player is on vacation: the clock stands still until this time at the latest (ISO 8601)."
  pausedUntil: String
}
`;

export function vacationResolvers(play: PlayApi): IResolvers {
  const player = async (ctx: ParlorContext) => {
    const id = playerOf(ctx.token);
    return (await play.players.registry.get(id)) ?? { id, name: '', kind: 'HUMAN' };
  };
  return {
    Mutation: {
      startVacation: (_root, _args, ctx: ParlorContext) => guarded(async () => (await play.vacations.start(playerOf(ctx.token)), player(ctx))),
      endVacation: (_root, _args, ctx: ParlorContext) => guarded(async () => (await play.vacations.end(playerOf(ctx.token)), player(ctx))),
    },
    Player: {
      vacationDaysLeft: (p: { id: string }) => guarded(async () => (await play.vacations.status(p.id)).vacationDaysLeft),
      onVacationUntil: (p: { id: string }) => guarded(async () => (await play.vacations.status(p.id)).onVacationUntil),
    },
  };
}
