/** Vacation: a player's days away, spent while their clocks would run (services/vacation, docs/play-by-turn.md). */
import { vacationResolvers, vacationSchema } from '../api/graphql/vacation.js';
import { DEFAULT_VACATION_DAYS } from '../vacation/index.js';
import { lazyRoutes, type Module } from './module.js';

export const vacation: Module = {
  name: 'vacation',
  sdl: vacationSchema,
  resolvers: (_service, play) => vacationResolvers(play),
  routes: lazyRoutes(async () => (await import('../api/rest/vacation.routes.js')).vacationRoutes),
  // A player's own move ends their vacation (on AWS: from the stream).
  reactions: ({ play }) => [play.vacations.endsOnMove()],
  settings: [{ env: 'VACATION_DAYS', default: DEFAULT_VACATION_DAYS, doc: "Each player's vacation days a year" }],
  // The book of days (vacation/book.ts): read and written by the http function and by the stream's reaction.
  aws: { tableActions: { http: ['dynamodb:GetItem', 'dynamodb:PutItem'], stream: ['dynamodb:GetItem', 'dynamodb:PutItem'] } },
};
