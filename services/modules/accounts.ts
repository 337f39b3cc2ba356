/** Accounts: passkeys, device links and an external identity provider, over GraphQL and REST (services/accounts). */
import { accountsResolvers } from '../api/graphql/accounts.resolvers.js';
import { accountsSchema } from '../api/graphql/accounts.schema.js';
import { lazyRoutes, type Module } from './module.js';

export const accounts: Module = {
  name: 'accounts',
  sdl: accountsSchema,
  resolvers: (_service, play) => accountsResolvers(play),
  routes: lazyRoutes(async () => (await import('../api/rest/accounts.routes.js')).accountsRoutes),
  // Read by accounts/settings.ts; on AWS the http and ws functions get them (infra/accounts.ts).
  settings: [
    { env: 'OIDC_ISSUER', doc: 'An external identity provider whose ID tokens are player tokens (unset: none)' },
    { env: 'OIDC_AUDIENCE', doc: "The tokens' audience (required with an issuer; default PUBLIC_URL)" },
    { env: 'OIDC_JWKS_URL', doc: "The provider's key set (docs/play-by-turn.md)" },
    { env: 'PASSKEY_ORIGIN', doc: "Passkeys' origin (docs/play-by-turn.md)" },
    { env: 'PASSKEY_RP_ID', doc: "Passkeys' relying party id (docs/play-by-turn.md)" },
  ],
};
