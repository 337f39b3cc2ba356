/** The graphql function: GET and POST /graphql on the HTTP API (services/handlers/http.ts). */
import { ready } from './graphql-ready.js';

export const handler = await ready;
