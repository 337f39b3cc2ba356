/** The rest function: the REST mirror under /v1 (and /docs) on the HTTP API (services/handlers/http.ts). */
import { parlorFromEnv } from './env.js';
import { httpFunction } from './http.js';
// Imported here too so the bundle reads it with the entry, as graphql.ts does its group.
import '../api/rest/routes.js';

export const handler = await httpFunction('rest', ['rest'], parlorFromEnv);
