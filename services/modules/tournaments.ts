/**
 * Tournaments: their GraphQL and REST doors (services/tournaments). Their reaction to commits
 * differs by runtime (a background runner on one machine, a pass after the projections in the
 * stream function), so it is still wired in play-by-turn.ts and handlers/env.ts.
 */
import { tournamentResolvers, tournamentSdl } from '../api/graphql/tournaments.js';
import { ENTRY_RULES } from '../tournaments/rules.js';
import { lazyRoutes, type Module } from './module.js';

export const tournaments: Module = {
  name: 'tournaments',
  sdl: tournamentSdl,
  resolvers: tournamentResolvers,
  routes: lazyRoutes(async () => (await import('../api/rest/tournaments.routes.js')).tournamentRoutes),
  settings: [
    { env: 'TOURNAMENT_ENTRANTS_PER_ADDRESS', default: ENTRY_RULES.entrantsPerAddress, doc: 'Entrants one network address may enter (tournaments/rules.ts)' },
    { env: 'TOURNAMENT_ENTRANTS_PER_DEVICE', default: ENTRY_RULES.entrantsPerDevice, doc: 'Entrants one device may enter' },
    { env: 'TOURNAMENT_RATED_MIN_ACCOUNT_DAYS', default: ENTRY_RULES.ratedMinAccountDays, doc: "A rated tournament's minimum account age" },
    { env: 'TOURNAMENT_RATED_MIN_GAMES', default: ENTRY_RULES.ratedMinGames, doc: "A rated tournament's minimum of finished games" },
    { env: 'TOURNAMENT_LINKED_IN_DUPLICATE', default: ENTRY_RULES.linkedInDuplicate, doc: 'REFUSE or ALLOW linked entrants in one duplicate group' },
  ],
  // Their streams and listing (tournaments/store.ts); a round's games are commits.
  aws: { tableActions: { http: ['dynamodb:Query', 'dynamodb:PutItem'], stream: ['dynamodb:Query', 'dynamodb:PutItem'] } },
};
