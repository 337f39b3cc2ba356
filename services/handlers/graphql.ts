/** The graphql function: GET and POST /graphql on the HTTP API (services/handlers/http.ts). */
import { parlorFromEnv } from './env.js';
import { httpFunction } from './http.js';
// The app imports each route group where it is served; imported here too, so the bundle reads it
// with the entry (it is needed before the first answer, and measure:bundles counts it so).
import '../api/graphql/plugin.js';

export const handler = await httpFunction('graphql', ['graphql'], parlorFromEnv);
