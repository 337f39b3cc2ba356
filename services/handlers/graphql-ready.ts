/**
 * The graphql function's handler as a promise, without a top-level await: the code-cached
 * bundle (infra/bundle.ts, codeCache) runs this as a classic script, which cannot await at its
 * top level, and its entry awaits the promise instead. graphql.ts awaits it for every other build.
 */
import { parlorFromEnv } from './env.js';
import { httpFunction } from './http.js';
// The app imports each route group where it is served; imported here too, so the bundle reads it
// with the entry (it is needed before the first answer, and measure:bundles counts it so).
import '../api/graphql/plugin.js';

export const ready = httpFunction('graphql', ['graphql'], parlorFromEnv);
