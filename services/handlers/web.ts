/**
 * The web function: the web client's files, and every path no other route claims (the HTTP API's
 * $default route), answered 404 in the API's error shape (services/handlers/http.ts). It builds
 * no service: the page speaks only the public API, like any other client.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { httpFunction } from './http.js';
// Imported here too so the bundle reads it with the entry, as graphql.ts does its group.
import '../web/plugin.js';

// The bundle carries the client in public/ beside this entry (infra/bundle.ts); unbundled, the plugin's own default.
const beside = fileURLToPath(new URL('./public', import.meta.url));

export const handler = await httpFunction('web', ['web'], undefined, existsSync(beside) ? { root: beside } : {});
