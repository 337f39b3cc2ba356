/**
 * The rest function's handler as a promise, without a top-level await: the code-cached bundle
 * (infra/bundle.ts, CODE_CACHED) runs this as a classic script, which cannot await at its top
 * level, and its entry awaits the promise instead. rest.ts awaits it for every other build.
 */
import { parlorFromEnv } from './env.js';
import { httpFunction } from './http.js';
// Imported here too so the bundle reads it with the entry, as graphql-ready.ts does its group.
import '../api/rest/routes.js';

export const ready = httpFunction('rest', ['rest'], parlorFromEnv);
