/** The rest function: the REST mirror under /v1 (and /docs) on the HTTP API (services/handlers/http.ts). */
import { ready } from './rest-ready.js';

export const handler = await ready;
